import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { FIRST_VIEW_FRAGMENT_PATH, FIRST_VIEW_STYLESHEETS_PATH, stylesheetLinks } from 'shared-contracts';
import type { FirstViewRenderer, PageDocument, PageDocumentInput } from 'shared-contracts/server';

/**
 * The first view in the HTML (README "First view in the HTML"), on the Node side: each app's origin renders its fragment with the server
 * bundle its build wrote beside the browser files (a redeploy replaces both), and the edge stitches the routed
 * remote's fragment into the shell's page. Production's edge is nginx with server-side includes; the local servers
 * do the same here, with the same `<!--# include virtual="..." -->` directive, timeout, cache and fallback.
 */

/** Where an app's server bundle is written, relative to its dist folder (tooling/src/rspack-config.ts builds it). */
export const SERVER_BUNDLE_FILE = 'server/first-view.cjs';

/** The path every app's origin serves its first view on. */
export const FIRST_VIEW_PATH = FIRST_VIEW_FRAGMENT_PATH;
/** How long the edge waits for a fragment before the page goes out without it (the client then renders it). */
export const FRAGMENT_TIMEOUT_MS = 300;
/** How long the shell may take to compose a page before it goes out as built (and renders in the browser). */
export const COMPOSE_DEADLINE_MS = 1_000;
/** How long a rendered fragment is reused: the data behind it (games, help topics) is sent with max-age 60 too. */
export const FRAGMENT_CACHE_MS = 60_000;
const FRAGMENT_CACHE_ENTRIES = 2_000;
/**
 * How long a starting server tries to warm its server bundle up before it listens all the same: an API that does
 * not answer must not keep the site's pages from being served (they then render in the browser).
 */
export const WARM_UP_DEADLINE_MS = 15_000;
/**
 * The pause before a failed warm-up is tried again: the API may not be reachable yet (compose starts the fragment
 * servers before the edge they reach it through).
 */
const WARM_UP_RETRY_MS = 500;

/** A server bundle's exports: a remote's first-view renderer, or the shell's page renderer. */
export interface ServerBundle {
  renderer?: FirstViewRenderer;
  document?: {
    render(input: PageDocumentInput): Promise<PageDocument>;
    prepare(): Promise<void>;
  };
}

/** A CSP source expression allowing one inline style or script. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

interface LoadedBundle {
  version: string;
  exports: ServerBundle;
  /** Settles once the bundle is warm, or once its warm-up has failed until the deadline. */
  warmedUp: Promise<void>;
}

/** How a server warms its bundle up (`serverBundleLoader`). */
export interface BundleWarmUp {
  /** Renders what the bundle serves once; rejects when it could not (the API not reachable, say). */
  run: (exports: ServerBundle) => Promise<void>;
  /** Told of the last failure when no warm-up succeeded within the deadline. */
  failed: (error: unknown) => void;
  /** WARM_UP_DEADLINE_MS unless told otherwise. */
  deadlineMs?: number;
}

/** Runs the warm-up until it succeeds, again after each failure until the deadline. */
async function warmUpWithin(exports: ServerBundle, warmUp: BundleWarmUp): Promise<void> {
  const giveUpAt = Date.now() + (warmUp.deadlineMs ?? WARM_UP_DEADLINE_MS);
  for (;;) {
    try {
      return await warmUp.run(exports);
    } catch (error) {
      if (Date.now() + WARM_UP_RETRY_MS >= giveUpAt) return warmUp.failed(error);
      await sleep(WARM_UP_RETRY_MS);
    }
  }
}

/**
 * Loads an app's server bundle, again whenever its file changes (a redeploy), so the fragment always comes from the
 * code the page then runs, and warms each version up as it loads: its messages, code and API calls are ready before
 * a player's request needs them. Missing bundle: null, and pages are served as before.
 */
export function serverBundleLoader(root: string, warmUp: BundleWarmUp): () => LoadedBundle | null {
  const file = path.join(root, SERVER_BUNDLE_FILE);
  let loaded: (LoadedBundle & { mtimeMs: number }) | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (loaded?.mtimeMs !== mtimeMs) {
      const source = readFileSync(file);
      const requireFromBundle = createRequire(file);
      delete requireFromBundle.cache[file];
      const version = createHash('sha256').update(source).digest('hex').slice(0, 16);
      const exports = requireFromBundle(file) as ServerBundle;
      loaded = { mtimeMs, version, exports, warmedUp: warmUpWithin(exports, warmUp) };
    }
    return loaded;
  };
}

/**
 * Waits for the bundle's warm-up (its deadline at most): a server listens only once its first views are warm, so
 * whatever waits for it to answer (the tests, the topology, a readiness probe) sends its first page to a warm one.
 */
export async function untilWarm(bundle: LoadedBundle | null): Promise<void> {
  await bundle?.warmedUp;
}

/**
 * A small time-limited cache with a bound on its size (the oldest entry goes first). An entry past its time is
 * still handed out, marked stale, for as long again as it was fresh: the caller serves it and renders anew behind it.
 */
export class ExpiringCache<T> {
  readonly #entries = new Map<string, { value: T; fresh: number; kept: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string): { value: T; stale: boolean } | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const now = Date.now();
    if (entry.kept > now) return { value: entry.value, stale: entry.fresh <= now };
    this.#entries.delete(key);
    return undefined;
  }

  set(key: string, value: T): void {
    const now = Date.now();
    this.#entries.delete(key);
    this.#entries.set(key, { value, fresh: now + this.ttlMs, kept: now + 2 * this.ttlMs });
    if (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value as string);
  }
}

/**
 * The stylesheets of the remote's exposed module, by absolute URL, from its mf-manifest.json: read again only when
 * the file changes (a redeploy), not on every render, where reading and parsing it was a tenth of a fragment's cost.
 */
function exposedStylesheetsReader(root: string, publicOrigin: string): () => string[] {
  const file = path.join(root, 'mf-manifest.json');
  let read: { mtimeMs: number; urls: string[] } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return [];
    }
    if (read?.mtimeMs !== mtimeMs) {
      try {
        const manifest = JSON.parse(readFileSync(file, 'utf8')) as { exposes?: { assets?: { css?: { sync?: string[] } } }[] };
        const urls = (manifest.exposes ?? [])
          .flatMap((expose) => expose.assets?.css?.sync ?? [])
          .map((name) => new URL(name, `${publicOrigin}/`).href);
        read = { mtimeMs, urls };
      } catch {
        return [];
      }
    }
    return read.urls;
  };
}

const FRAGMENT_QUERY = ['path', 'host', 'area', 'lang', 'search'] as const;

/**
 * `GET /_fragment/first-view` on a remote's origin: its first view for the page, brand, area and language asked,
 * from the cache when rendered in the last minute by this same version of the remote; 204 when the route has none.
 * `GET /_fragment/stylesheets`: the links to its view's stylesheets, for the page's head, as its manifest names them
 * now (a redeploy changes both answers together); 204 when it has none.
 * Resolves once the remote's renderer is warm (untilWarm), for the server to listen then.
 */
export async function registerFirstViewFragments(
  app: FastifyInstance,
  options: { root: string; publicOrigin: string; apiUrl: string; warmUpDeadlineMs?: number },
): Promise<void> {
  const exposedStylesheets = exposedStylesheetsReader(options.root, options.publicOrigin);
  const loadBundle = serverBundleLoader(options.root, {
    run: async ({ renderer }) => renderer?.warmUp({ apiUrl: options.apiUrl }),
    failed: (error) =>
      app.log.warn({ err: error }, "the first views could not be warmed up: the first fragments may miss the edge's timeout"),
    ...(options.warmUpDeadlineMs === undefined ? {} : { deadlineMs: options.warmUpDeadlineMs }),
  });
  // Fragments are kept as the bytes sent: encoded once, not on every answer, and outside the JavaScript heap, where
  // two thousand of them would be copied by each garbage collection that finds them young and traced by every full one.
  const cache = new ExpiringCache<Buffer | null>(FRAGMENT_CACHE_MS, FRAGMENT_CACHE_ENTRIES);
  // One render at a time per page: requests arriving meanwhile wait for it rather than render it again.
  const rendering = new Map<string, Promise<Buffer | null>>();
  app.get(FIRST_VIEW_STYLESHEETS_PATH, async (_request, reply) => {
    const links = stylesheetLinks(exposedStylesheets());
    reply.header('Cache-Control', `public, max-age=${FRAGMENT_CACHE_MS / 1000}`);
    return links === '' ? reply.code(204).send() : reply.type('text/html; charset=utf-8').send(links);
  });
  app.get(FIRST_VIEW_PATH, async (request, reply) => {
    const bundle = loadBundle();
    const renderer = bundle?.exports.renderer;
    if (!bundle || !renderer) return reply.code(404).type('text/plain').send('No first view');
    const query = request.query as Record<string, unknown>;
    const key = [bundle.version, ...FRAGMENT_QUERY.map((name) => String(query[name] ?? ''))].join('\n');
    const render = () => {
      let pending = rendering.get(key);
      if (!pending) {
        pending = renderer
          .render(query, { apiUrl: options.apiUrl })
          .then((html) => {
            const fragment = html === null ? null : Buffer.from(html);
            cache.set(key, fragment);
            return fragment;
          })
          .finally(() => rendering.delete(key));
        rendering.set(key, pending);
      }
      return pending;
    };
    const cached = cache.get(key);
    // A stale fragment goes out at once while the next one renders: the edge waits 300 ms at most.
    if (cached?.stale) render().catch((error: unknown) => request.log.warn({ err: error }, 'a first view could not be rendered again'));
    const fragment = cached ? cached.value : await render();
    reply.header('Cache-Control', `public, max-age=${FRAGMENT_CACHE_MS / 1000}`).header('X-Fragment-Version', bundle.version);
    return fragment === null ? reply.code(204).send() : reply.type('text/html; charset=utf-8').send(fragment);
  });
  await untilWarm(loadBundle());
}

const INCLUDE = /<!--# include virtual="([^"]+)" -->/g;

/**
 * Resolves the page's server-side includes as nginx's SSI module does at the edge: `/_fragment/<app>/<rest>` is
 * fetched from that app's origin, with the edge's timeout; a fragment that fails, is slow or is empty leaves its
 * place empty and the page renders that part in the browser, as it did before first views.
 */
export async function resolveIncludes(html: string, originOf: (app: string) => string | undefined): Promise<string> {
  const includes = [...html.matchAll(INCLUDE)];
  const bodies = await Promise.all(
    includes.map(async ([, virtual = '']) => {
      const match = /^\/_fragment\/([a-z]+)(\/.*)$/.exec(virtual);
      const origin = match ? originOf(match[1] ?? '') : undefined;
      if (!match || !origin) return '';
      try {
        // Uncompressed, as nginx asks (tooling/docker/nginx-edge.conf): fetch would ask for gzip, and compressing a
        // fragment only to unpack it next door costs both servers for nothing.
        const response = await fetch(`${origin}/_fragment${match[2]}`, {
          headers: { 'accept-encoding': 'identity' },
          signal: AbortSignal.timeout(FRAGMENT_TIMEOUT_MS),
        });
        return response.status === 200 ? await response.text() : '';
      } catch {
        return '';
      }
    }),
  );
  let index = 0;
  return html.replace(INCLUDE, () => bodies[index++] ?? '');
}
