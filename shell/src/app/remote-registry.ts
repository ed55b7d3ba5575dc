import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { emit, isCompatibleContract, type AppLifecycles, type RemoteApp, type RemoteProps } from 'shared-contracts';
import { createNoticeApp } from './notice-app.js';
import { isRemoteLoadFailure } from './remote-fallback-plugin.js';

export const REMOTE_NAMES = ['catalog', 'support', 'account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Where each remote nests its routes (DESIGN §3): support under /SupportCenter, the others at the root. */
const REMOTE_BASENAMES: Record<RemoteName, string> = { catalog: '/', support: '/SupportCenter', account: '/' };

let manifests: Partial<Record<RemoteName, string>> = {};

function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

/**
 * Reads the environment's remotes.json and registers every remote with the federation runtime (DESIGN §3 step 5).
 * index.html preloads the file; a request of the preload's mode and default cache mode takes that response (a
 * `cache: 'no-cache'` one would fetch it again). It is still revalidated: every origin serves it `no-cache`.
 */
export async function registerRemotesFromConfig(): Promise<void> {
  const response = await fetch('/remotes.json');
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  const config = (await response.json()) as Record<string, unknown>;
  manifests = {};
  for (const name of REMOTE_NAMES) {
    const entry = config[name];
    if (typeof entry === 'string') manifests[name] = entry;
  }
  registerRemotes(Object.entries(manifests).map(([name, entry]) => ({ name, entry })));
}

/**
 * Starts fetching the manifest, remote entry and `./app` chunks of the first page's remotes, running none of them,
 * while the session bootstrap and the language files load: single-spa only asks for a remote once those are done
 * and the layout starts, and its load then takes what is already on its way. A failure here is that load's to
 * report (it tries again and shows the remote's notice), so the preload only logs it.
 */
export function preloadRemoteApps(names: readonly string[]): void {
  const remotes = names.filter((name): name is RemoteName => isRemoteName(name) && manifests[name] !== undefined);
  if (remotes.length === 0) return;
  preloadRemote(remotes.map((name) => ({ nameOrAlias: name, exposes: ['app'] }))).catch((error: unknown) => {
    console.warn('preloading the first remote failed; loading it will try again', error);
  });
}

/**
 * The global array a remote's chunks register themselves in: Rspack's default `rspackChunk<uniqueName>`, with the
 * `publisher_<name>` unique name tooling/src/rspack-config.ts gives every app.
 */
const chunkRegistryOf = (name: RemoteName) => `rspackChunkpublisher_${name}`;

/**
 * Forgets a remote's cached failure so the next load fetches its manifest, entry and chunks again. Re-registering
 * drops the federation runtime's copy; the chunks the failed attempt ran stay in the page's chunk registry, where
 * the next entry would take them instead of fetching the redeployed ones (a remote that threw while mounting would
 * throw again on every retry), so the registry is emptied. In place, not replaced: the runtimes of earlier attempts
 * are hooked to this very array, and one of them may still provide a shared library whose later chunks must reach
 * it (each new runtime passes what it receives on to them).
 */
export function forgetRemote(name: string): void {
  if (!isRemoteName(name)) return;
  const entry = manifests[name];
  if (!entry) return;
  registerRemotes([{ name, entry }], { force: true });
  const registry = (globalThis as Record<string, unknown>)[chunkRegistryOf(name)];
  if (Array.isArray(registry)) registry.length = 0;
}

function failed(name: string, reason: string, kind: 'unavailable' | 'incompatible'): AppLifecycles {
  console.error(`remote ${name} is ${kind}: ${reason}`);
  emit('remote:failed', { name, reason });
  return createNoticeApp({ name, kind, beforeRetry: () => forgetRemote(name) });
}

/**
 * Guards a remote's lifecycles: it gets its basename, and a start-up or mount that throws (its messages cannot
 * load, its code is broken) shows the notice in the remote's region instead of leaving it blank, while the frame and
 * the other remotes keep working. A failed bootstrap is kept for the mount: single-spa would otherwise mark the app
 * broken and never mount anything in its region, notice included.
 */
function guarded(name: RemoteName, app: RemoteApp): AppLifecycles {
  const notice = createNoticeApp({ name, kind: 'unavailable', beforeRetry: () => forgetRemote(name) });
  let showingNotice = false;
  let bootstrapFailure: { error: unknown } | null = null;
  const withBasename = (props: RemoteProps): RemoteProps => ({ ...props, basename: REMOTE_BASENAMES[name] });
  return {
    bootstrap: async (props) => {
      try {
        await app.bootstrap(withBasename(props));
      } catch (error) {
        bootstrapFailure = { error };
      }
    },
    mount: async (props) => {
      try {
        if (bootstrapFailure) throw bootstrapFailure.error;
        await app.mount(withBasename(props));
        showingNotice = false;
      } catch (error) {
        emit('remote:failed', { name, reason: error instanceof Error ? error.message : String(error) });
        console.error(`remote ${name} failed to mount`, error);
        showingNotice = true;
        await notice.mount(props);
      }
    },
    unmount: async (props) => {
      if (showingNotice) await notice.unmount(props);
      else await app.unmount(withBasename(props));
    },
  };
}

/** single-spa's loadApp: a remote's `./app`, checked against the contract version, or a notice app. */
export async function loadRemoteApp(name: string): Promise<AppLifecycles> {
  if (!isRemoteName(name)) throw new Error(`No remote named ${name}`);
  let loaded: unknown;
  try {
    loaded = await loadRemote<RemoteApp>(`${name}/app`);
  } catch (error) {
    return failed(name, error instanceof Error ? error.message : String(error), 'unavailable');
  }
  if (!loaded || isRemoteLoadFailure(loaded)) {
    return failed(name, isRemoteLoadFailure(loaded) ? loaded.reason : 'empty module', 'unavailable');
  }
  const app = loaded as RemoteApp;
  if (!isCompatibleContract(app.contractVersion)) {
    return failed(name, `built against contract ${app.contractVersion}`, 'incompatible');
  }
  return guarded(name, app);
}
