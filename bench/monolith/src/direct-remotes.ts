/**
 * The monolith's stand-in for the federation runtime the shell calls (shell/src/app/remote-registry.ts,
 * shared-for-remotes.ts and shared-load-retry-plugin.ts):
 * `loadRemote('catalog/app')` answers with the catalog's lifecycles, compiled into the monolith. The "by route"
 * build makes each import() a chunk fetched when its route first shows (the code splitting a monolith does on its
 * own); the "one bundle" build compiles them eagerly into the main bundle (rspack.config.ts).
 */
const APPS: Record<string, () => Promise<unknown>> = {
  'catalog/app': () => import(/* webpackChunkName: "catalog" */ 'mfe-catalog/app'),
  'support/app': () => import(/* webpackChunkName: "support" */ 'mfe-support/app'),
  'account/app': () => import(/* webpackChunkName: "account" */ 'mfe-account/app'),
};

export async function loadRemote<T>(id: string): Promise<T | null> {
  const load = APPS[id];
  if (!load) throw new Error(`The monolith has no module ${id}`);
  return (await load()) as T;
}

/** Nothing to register: no remote is fetched at runtime. */
export function registerRemotes(): void {}

/** Nothing to preload ahead: the remotes' code is the monolith's own. */
export async function preloadRemote(): Promise<void> {}

/** Nothing shared: every library is in the monolith once, so there is no share scope to fill. */
export async function loadShare(): Promise<false> {
  return false;
}

/** Nothing to watch: with no share scope, no failed load of a shared library is kept (shared-load-retry-plugin.ts). */
export function registerPlugins(): void {}

export function registerGlobalPlugins(): void {}
