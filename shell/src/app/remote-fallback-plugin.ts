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
 * SPEC §9: loading a part of the page gives up after 120 seconds (TIMINGS.chunkLoadTimeoutMs, which this plugin
 * cannot import). Chunks are bounded by rspack's chunkLoadTimeout. The federation runtime gives a remote entry 20
 * seconds, and fetches a remote's manifest with no bound at all: a manifest that never answers would leave the
 * remote's region blank for good, with no notice and no retry. Both get this bound instead.
 */
const LOAD_TIMEOUT_MS = 120_000;

/** `fetch` that gives up, body included, once LOAD_TIMEOUT_MS have passed. */
async function fetchWithinTimeout(url: string, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`${url} did not answer within ${LOAD_TIMEOUT_MS} ms`)), LOAD_TIMEOUT_MS);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const body = await response.text();
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A remote that cannot load (server down, bad manifest, script error) must not take the page down. This plugin
 * runs before shared modules exist, so it imports nothing of the app: it hands back a marker, not the fallback UI.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-fallback',
    fetch: (url, init) => fetchWithinTimeout(url, init),
    // A remote entry's <script>, with the runtime's attributes set as it would set them; only a script returned
    // from this hook can carry its own timeout, and then the runtime applies none of the attributes itself.
    createScript({ url, attrs = {} }) {
      const script = document.createElement('script');
      script.type = attrs['type'] === 'module' ? 'module' : 'text/javascript';
      script.src = url;
      for (const [name, value] of Object.entries(attrs)) {
        if (name === 'async' || name === 'defer') script[name] = Boolean(value);
        else if (!script.getAttribute(name)) script.setAttribute(name, String(value));
      }
      return { script, timeout: LOAD_TIMEOUT_MS };
    },
    errorLoadRemote({ id, error, from, lifecycle }) {
      if (lifecycle !== 'onLoad' && lifecycle !== 'afterResolve' && lifecycle !== 'beforeRequest') return undefined;
      const failure: RemoteLoadFailure = { remoteLoadFailed: true, id, reason: error instanceof Error ? error.message : String(error) };
      // A runtime loadRemote call takes the module; a build-time reference takes a factory.
      return from === 'runtime' ? failure : () => failure;
    },
  };
}
