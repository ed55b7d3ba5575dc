import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import compress from '@fastify/compress';
import proxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { readHost } from 'shared-contracts';
import {
  COMPOSE_DEADLINE_MS,
  cspHash,
  registerFirstViewFragments,
  resolveIncludes,
  serverBundleLoader,
  SERVER_BUNDLE_FILE,
  untilWarm,
} from './first-view.js';

export type AppName = 'shell' | 'catalog' | 'support' | 'account';
export const REMOTE_NAMES = ['catalog', 'support', 'account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const DEFAULT_PORTS: Record<AppName | 'api', number> = { shell: 8080, catalog: 8081, support: 8082, account: 8083, api: 8090 };

export interface StaticServerOptions {
  app: AppName;
  port: number;
  host: string;
  /** The built app (its dist folder). */
  root: string;
  /** Remote name to manifest URL; defaults to CATALOG_URL/SUPPORT_URL/ACCOUNT_URL or the default local ports. */
  remotes?: Record<RemoteName, string>;
  apiUrl?: string;
  apiBetaUrl?: string;
  /** How long a remote's origin tries to warm its first views up before it listens (WARM_UP_DEADLINE_MS). */
  warmUpDeadlineMs?: number;
}

/** The environment's remotes.json (DESIGN §3): a remote is redeployed by pointing here or replacing its files. */
export function remotesFromEnv(env: NodeJS.ProcessEnv = process.env): Record<RemoteName, string> {
  if (env.REMOTES_JSON) return JSON.parse(readFileSync(env.REMOTES_JSON, 'utf8')) as Record<RemoteName, string>;
  const origin = (name: RemoteName) => (env[`${name.toUpperCase()}_URL`] ?? `http://localhost:${DEFAULT_PORTS[name]}`).replace(/\/+$/, '');
  return Object.fromEntries(REMOTE_NAMES.map((name) => [name, `${origin(name)}/mf-manifest.json`])) as Record<RemoteName, string>;
}

// Content-hashed file names never change content: cache them for a year. Everything else revalidates.
const HASHED_FILE = /\.[0-9a-f]{10}\.(?:js|css|map|svg|webp|png|woff2)$/;

/**
 * The pages' Content-Security-Policy. Production's static origins (tooling/docker/nginx-static.conf.template) send
 * the same one, with the remote origins filled in by the container.
 */
export function contentSecurityPolicy(remoteOrigins: readonly string[], inlineStyles: readonly string[] = []): string {
  const others = remoteOrigins.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${others}`.trim(),
    // A composed page's theme is one inline style, allowed by its hash alone.
    `style-src 'self' ${[...inlineStyles, ...remoteOrigins].join(' ')}`.trim(),
    // Attachment previews and thumbnails are blob: object URLs: the uploader shows the player's local file, and a
    // conversation shows files fetched with the session's header (a plain image URL could not send it).
    `img-src 'self' data: blob: ${others}`.trim(),
    `connect-src 'self' ${others}`.trim(),
    `font-src 'self' ${others}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

type PageSender = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** The HTML entry as built, read per request so replacing the files redeploys the app without a restart. */
function plainPageSender(indexFile: string): PageSender {
  return async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await readFile(indexFile));
}

function cookiesOf(header: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (header ?? '').split(';').flatMap((pair) => {
      const separator = pair.indexOf('=');
      return separator > 0 ? [[pair.slice(0, separator).trim(), decodeURIComponent(pair.slice(separator + 1).trim())]] : [];
    }),
  );
}

/** A shell page as sent: composed with its policy, or a redirect. */
type ComposedPage = { status: 200 | 404; html: string; policy: string } | { status: 302; location: string };

/**
 * The shell's pages with their first view (README "First view in the HTML"): the shell's server bundle renders the frame into the page
 * and names the routed remote's fragment in an include, which this server then resolves as the edge would. Without
 * a server bundle, or when it fails, the page goes out as built and renders in the browser. Resolves once the
 * bundle has rendered the front page once (untilWarm), for the server to listen then.
 */
async function composedPageSender(
  app: FastifyInstance,
  root: string,
  indexFile: string,
  apiUrl: string,
  remotes: Record<RemoteName, string>,
  remoteOrigins: readonly string[],
): Promise<PageSender> {
  const loadBundle = serverBundleLoader(root, {
    run: async ({ document }) => {
      await document?.prepare();
      await document?.render({
        template: await readFile(indexFile, 'utf8'),
        apiUrl,
        host: 'localhost',
        path: '/',
        search: '',
        cookies: {},
      });
    },
    failed: (error) => app.log.warn({ err: error }, 'the page renderer could not be warmed up: the first pages may go out as built'),
  });
  await untilWarm(loadBundle());
  const plain = plainPageSender(indexFile);
  const originOf = (app: string) =>
    (REMOTE_NAMES as readonly string[]).includes(app) ? new URL(remotes[app as RemoteName]).origin : undefined;
  const compose = async (request: FastifyRequest): Promise<ComposedPage> => {
    const renderer = loadBundle()?.exports.document;
    if (!renderer) throw new Error('the shell has no server bundle');
    const url = new URL(request.url, 'http://page.invalid');
    const page = await renderer.render({
      template: await readFile(indexFile, 'utf8'),
      apiUrl,
      // As the API reads it (readHost): a page's brand is the brand the API answers for.
      host: readHost(request.headers.host),
      path: url.pathname,
      search: url.search,
      cookies: cookiesOf(request.headers.cookie),
    });
    if (page.status === 302) return page;
    // Behind nginx (FIRST_VIEW_INCLUDES=edge) the edge fills the includes in, with its cache; else this server does.
    const html = process.env.FIRST_VIEW_INCLUDES === 'edge' ? page.html : await resolveIncludes(page.html, originOf);
    return { status: page.status, html, policy: contentSecurityPolicy(remoteOrigins, page.inlineStyles.map(cspHash)) };
  };
  return async (request, reply) => {
    let page: ComposedPage;
    let deadline: NodeJS.Timeout | undefined;
    try {
      page = await Promise.race([
        compose(request),
        new Promise<never>((_resolve, reject) => {
          deadline = setTimeout(() => reject(new Error(`not composed within ${COMPOSE_DEADLINE_MS} ms`)), COMPOSE_DEADLINE_MS);
        }),
      ]);
    } catch (error) {
      request.log.warn({ err: error }, 'the page goes out as built, to render in the browser');
      return plain(request, reply);
    } finally {
      clearTimeout(deadline);
    }
    if (page.status === 302) return reply.header('Cache-Control', 'no-cache').redirect(page.location, 302);
    return reply
      .code(page.status)
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', page.policy)
      .type('text/html; charset=utf-8')
      .send(page.html);
  };
}

/**
 * One origin of the site, as production serves it (DESIGN §9): the app's built files with the right caching,
 * compression, CORS for manifests and security headers, `/api/` and `/api-beta/` forwarded to the API, and
 * for the shell the environment's remotes.json.
 */
export async function startStaticServer(options: StaticServerOptions): Promise<FastifyInstance> {
  const remotes = options.remotes ?? remotesFromEnv();
  const remoteOrigins = [...new Set(Object.values(remotes).map((url) => new URL(url).origin))];
  const apiUrl = options.apiUrl ?? process.env.API_URL ?? `http://127.0.0.1:${DEFAULT_PORTS.api}`;
  const apiBetaUrl = options.apiBetaUrl ?? process.env.API_BETA_URL ?? apiUrl;
  const indexFile = path.join(options.root, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: build the ${options.app} app first.`);

  // At the default level (warn) request logs stay quiet; proxy and file errors still show.
  const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
  await app.register(compress, { encodings: ['br', 'gzip'] });

  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    // strict-origin: the origin alone, to other origins and to this one alike. A game client's first page carries
    // the session token in ?oauth_token=, and the assets and calls made before the shell clears the address would
    // otherwise send it in their same-origin Referer (security review #2).
    reply.header('Referrer-Policy', 'strict-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (!request.url.startsWith('/api')) {
      if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', contentSecurityPolicy(remoteOrigins));
      // Manifests, remote entries and chunks are fetched by the shell from another origin.
      reply.header('Access-Control-Allow-Origin', '*');
    }
  });

  for (const [prefix, upstream] of [
    ['/api-beta', apiBetaUrl],
    ['/api', apiUrl],
  ] as const) {
    await app.register(proxy, {
      upstream,
      prefix,
      rewritePrefix: '',
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          'x-forwarded-host': request.headers.host ?? '',
          'x-forwarded-prefix': prefix,
          'x-forwarded-for': request.ip,
        }),
      },
    });
  }

  if (options.app === 'shell') {
    app.get('/remotes.json', async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return remotes;
    });
  } else {
    await registerFirstViewFragments(app, {
      root: options.root,
      publicOrigin: new URL(remotes[options.app]).origin,
      apiUrl,
      ...(options.warmUpDeadlineMs === undefined ? {} : { warmUpDeadlineMs: options.warmUpDeadlineMs }),
    });
  }

  const sendPage =
    options.app === 'shell'
      ? await composedPageSender(app, options.root, indexFile, apiUrl, remotes, remoteOrigins)
      : plainPageSender(indexFile);
  app.get('/', sendPage);

  await app.register(fastifyStatic, {
    root: options.root,
    index: false,
    // The app's server bundle is for the fragment host, not for browsers.
    allowedPath: (pathName) => !pathName.startsWith(`/${path.dirname(SERVER_BUNDLE_FILE)}/`),
    wildcard: true,
    // The build's brotli-11 and gzip-9 copies (tooling/src/precompress-plugin.ts), as nginx serves them.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, filePath) => {
      response.header('Cache-Control', HASHED_FILE.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  // Every route of SPEC §2 is a client-side route: paths without a file extension get the HTML entry, read
  // per request so replacing the files redeploys the app without a restart. HEAD gets what GET would, without the
  // body (Node leaves it out), as nginx answers it: an uptime check asks for a page that way.
  app.setNotFoundHandler(async (request, reply) => {
    const pageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (!pageRequest || path.extname(request.url.split('?')[0] ?? '') !== '') {
      return reply.code(404).type('text/plain').send('Not found');
    }
    return sendPage(request, reply);
  });

  await app.listen({ port: options.port, host: options.host });
  return app;
}
