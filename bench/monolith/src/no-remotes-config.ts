/**
 * The monolith's stand-in for the shell's registerRemotesFromConfig: everything is in the bundle, so there is no
 * remotes.json to fetch before the layout starts (fetching it is a cost of federation, not of the page).
 */
export async function registerRemotesFromConfig(): Promise<void> {}

/** Nothing to discover, so nothing to preload. */
export function preloadRemoteApps(): void {}
