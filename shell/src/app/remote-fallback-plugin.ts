import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** What a failed remote load resolves to; the shell's loader turns it into a fallback app (DESIGN §3). */
export interface RemoteLoadFailure {
  remoteLoadFailed: true;
  id: string;
  reason: string;
}

export function isRemoteLoadFailure(value: unknown): value is RemoteLoadFailure {
  return typeof value === 'object' && value !== null && (value as Partial<RemoteLoadFailure>).remoteLoadFailed === true;
}

/**
 * A remote that cannot load (server down, bad manifest, script error) must not take the page down. This plugin
 * runs before shared modules exist, so it imports nothing of the app: it hands back a marker, not the fallback UI.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-fallback',
    errorLoadRemote({ id, error, from, lifecycle }) {
      if (lifecycle !== 'onLoad' && lifecycle !== 'afterResolve' && lifecycle !== 'beforeRequest') return undefined;
      const failure: RemoteLoadFailure = { remoteLoadFailed: true, id, reason: error instanceof Error ? error.message : String(error) };
      // A runtime loadRemote call takes the module; a build-time reference takes a factory.
      return from === 'runtime' ? failure : () => failure;
    },
  };
}
