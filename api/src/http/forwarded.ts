import type { IncomingHttpHeaders } from 'node:http';
import { API_BASES, readHost } from 'shared-contracts';

/** Path prefixes under which the site's server forwards to this API (`/api/`, `/api-beta/`). */
const KNOWN_PREFIXES: ReadonlySet<string> = new Set(Object.values(API_BASES));

function first(value: string | string[] | undefined): string | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  // A chain of proxies appends: `X-Forwarded-Host: a.example, b.internal`; the first is what the browser used.
  return single?.split(',')[0]?.trim();
}

/**
 * The path prefix the browser used to reach the API, so that asset URLs in answers work through the proxy.
 * Only the prefixes our own proxy uses are accepted: anything else is ignored, never echoed into a URL.
 */
export function forwardedPrefix(headers: IncomingHttpHeaders): string {
  const value = first(headers['x-forwarded-prefix']);
  if (!value) return '';
  const normalized = value.length > 1 ? value.replace(/\/+$/, '') : value;
  return KNOWN_PREFIXES.has(normalized) ? normalized : '';
}

/** The host the browser asked for: X-Forwarded-Host from the site's server, else Host; malformed values are ignored. */
export function requestHost(headers: IncomingHttpHeaders): string {
  return readHost(headers['x-forwarded-host']) || readHost(headers.host);
}
