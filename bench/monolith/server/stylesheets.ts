/**
 * What the monolith's browser build writes beside its server bundle (rspack.config.ts): for each remote, the
 * stylesheets its code adds to a page beyond those the page's head links, by URL on the monolith's own origin. A
 * page's head links them as a remote's fragment server links its own (from its mf-manifest.json).
 */
export const FIRST_VIEW_STYLESHEETS_FILE = 'first-view-stylesheets.json';

export type FirstViewStylesheets = Record<string, string[]>;
