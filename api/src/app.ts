import path from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { CONTRACT_VERSION, ERROR_CODES, type SocialProvider } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { BackgroundTasks } from './background.js';
import type { CatalogOptions } from './catalog/catalog.js';
import { API_ROOT, DEFAULT_FILES_DIR } from './config.js';
import type { Database } from './db/database.js';
import { BEARER_SECURITY_SCHEME } from './http/endpoint-routes.js';
import { identityPlugin } from './identity/plugin.js';
import type { PasswordHashing } from './identity/passwords.js';
import type { IdentityLimits } from './identity/service.js';
import type { Mailer } from './mail/transport.js';
import type { OAuthSettings } from './oauth/config.js';
import { socialPlugin } from './oauth/plugin.js';
import { failure } from './http/envelope.js';
import { clientErrorHandler, installErrorHandling } from './http/errors.js';
import { installJsonBodyParser } from './http/json-body.js';
import { validatorCompiler } from './http/validation.js';
import { catalogPlugin } from './catalog/plugin.js';
import { opsPlugin, type RateLimitSettings } from './ops/plugin.js';
import { supportPlugin } from './support/plugin.js';
import { filesPlugin } from './files/plugin.js';
import { DiskFileStore, type FileStore } from './files/store.js';
import { ticketsPlugin } from './tickets/plugin.js';
import { leadDashboardPlugin } from './lead-dashboard/plugin.js';
import { cannedRepliesPlugin } from './canned-replies/plugin.js';
import type { TicketLimits } from './tickets/ticket-options.js';
import type { OffsetClock } from './tickets/test-clock.js';
import type { LiveEventsOptions } from './tickets/live-events.js';
import type { Migration } from './db/migrate.js';
import { ApiMetrics } from './observability/metrics.js';
import type { SnapshotCacheOptions } from './cache/snapshot-cache.js';

export const DEFAULT_ASSETS_DIR = path.join(API_ROOT, 'assets');

/** Every answer but the reference lists (games, help topics, servers...); they change rarely and may be cached
 * briefly by browsers and proxies. Per-player answers (characters) are never cached. */
const NO_STORE = 'no-store';
const ASSET_CACHE = 'public, max-age=31536000, immutable';
/** JSON and images never need to run or load anything; SVGs opened directly stay inert. */
const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

const GLOBAL_BODY_LIMIT = 64 * 1024;

export interface BuildAppOptions {
  /** Open and migrated; the caller owns it and closes it after the app. */
  db: Database;
  /** Fastify logger settings (see `loggerOptions`); off by default, as in tests. */
  logger?: FastifyServerOptions['logger'];
  /** Folder served at /assets/ (default `api/assets`). */
  assetsDir?: string;
  catalog?: CatalogOptions;
  /** Cache of the support reference data (help topics, categories, servers, regions, downloads). */
  support?: SnapshotCacheOptions;
  /** Reports per client address on POST /client-errors; `false` turns the limit off. */
  clientErrorRateLimit?: RateLimitSettings | false;
  /** Fastify `trustProxy`: which proxies' X-Forwarded-For names the client. */
  trustProxy?: boolean | string;
  /** The clock of sessions, codes and throttling; tests move it instead of sleeping. */
  now?: () => Date;
  /** Where mail goes (default: `.eml` files in `<repo>/.data/outbox`). The caller closes it. */
  mailer?: Mailer;
  /** argon2id costs; OWASP's baseline by default. Only tests lower them. */
  passwordHashing?: PasswordHashing;
  /** Brute-force and abuse limits; each one overrides its default. */
  identityLimits?: Partial<IdentityLimits>;
  /** Social logins to offer in login_config (from OAUTH_<PROVIDER>_CLIENT_ID). */
  oauthProviders?: readonly SocialProvider[];
  /** Social login clients and the site origins a login may return to (from OAUTH_*); none by default. */
  oauth?: OAuthSettings;
  /** Where attachments are kept (default: the folder `<repo>/.data/files`). */
  fileStore?: FileStore;
  /** How often expired unattached uploads are deleted; `false` leaves it to the caller (tests). */
  uploadCleanupIntervalMs?: number | false;
  /** How often client errors and social-login states past their retention are deleted (retention.ts); false: never. */
  retentionIntervalMs?: number | false;
  /** Tickets waiting for an agent from which `/inquiries/unresolved` reports a long queue (SUPPORT_LONG_QUEUE). */
  longQueueThreshold?: number;
  /** Open-ticket cap and ticket and reply throttles per account; each one overrides its default. */
  ticketLimits?: Partial<TicketLimits>;
  /**
   * API_TEST_CLOCK: serve POST /__test__/clock, which moves this clock and runs the auto-end. Pass its `now` as
   * `now` too, so every time the API writes comes from it.
   */
  testClock?: OffsetClock;
  /** The live channel's timings and limits (heartbeat, stream lifetime...); tests shorten them. */
  liveEvents?: Omit<LiveEventsOptions, 'db' | 'onError'>;
  /** The migrations /ready requires in the database (default: those in `api/migrations`). */
  migrations?: readonly Migration[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work answers do not wait for (reset mails); `await app.background.idle()` to see it done. */
    background: BackgroundTasks;
    /** The Prometheus metrics of this instance (`liveConnectionOpened` for streams); served by `listenMetrics`. */
    metrics: ApiMetrics;
  }
}

/** The API as a Fastify instance, ready for `listen()` or `inject()`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: GLOBAL_BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    clientErrorHandler,
    frameworkErrors: (error, _request, reply) => {
      // Fastify types this reply generically; it is a plain reply to a request that matched no route yet.
      const plain = reply as unknown as FastifyReply;
      // Answered before routing, so the onSend hook below does not run: set its headers here.
      void plain
        .status(400)
        .headers({ 'cache-control': NO_STORE, 'x-content-type-options': 'nosniff', 'content-security-policy': CONTENT_SECURITY_POLICY })
        .send(failure(ERROR_CODES.badRequest, error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : 'Bad request'));
    },
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  // Only JSON bodies: dropping the text/plain parser makes any other content type a clear 415.
  app.removeContentTypeParser('text/plain');
  installJsonBodyParser(app);

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    // A download sets a stricter one of its own.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
    return payload;
  });

  const metrics = new ApiMetrics(options.db);
  app.decorate('metrics', metrics);
  // By the pattern the request matched (never its URL, whose ids and junk would make endless series).
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.routeOptions.url ?? null, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });

  const background = new BackgroundTasks((error, task) => app.log.error({ err: error, task }, 'background task failed'));
  app.decorate('background', background);
  // Close waits for started work (a reset mail being written) before the caller closes the database.
  app.addHook('onClose', async () => background.idle());

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Publisher platform API',
        description: 'Every answer is an envelope { code, msg, data }; code 1 is success (SPEC §8).',
        version: CONTRACT_VERSION,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Browsers call the API through their site's edge, which forwards these paths to it (README "Production with compose").
      servers: [
        { url: '/api', description: "The site's API path, on every brand host" },
        { url: '/api-beta', description: 'The beta API path of the -demo hosts' },
      ],
      components: {
        securitySchemes: {
          [BEARER_SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'The token of a login answer; a missing, expired or revoked one gets code -600 (HTTP 401).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many requests; retry in ${context.after}`), { statusCode: context.statusCode }),
  });

  await app.register(fastifyStatic, {
    root: options.assetsDir ?? DEFAULT_ASSETS_DIR,
    prefix: '/assets/',
    index: false,
    list: false,
    dotfiles: 'deny',
    redirect: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', ASSET_CACHE);
    },
  });


  // The clock every domain writes time with, and the one store of attachments the files and the readiness probe use.
  const settings = { ...options, now: options.now ?? (() => new Date()), fileStore: options.fileStore ?? new DiskFileStore(DEFAULT_FILES_DIR) };
  await app.register(catalogPlugin, settings);
  await app.register(identityPlugin, settings);
  await app.register(socialPlugin, settings);
  await app.register(opsPlugin, settings);
  await app.register(supportPlugin, settings);
  await app.register(filesPlugin, settings);
  await app.register(ticketsPlugin, settings);
  await app.register(cannedRepliesPlugin, settings);
  await app.register(leadDashboardPlugin, settings);

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // A domain left unregistered would leave its endpoints answering 404: refuse to start instead.
  app.addHook('onReady', async () => {
    const missing = Object.values(ENDPOINTS).filter((endpoint) => !app.hasRoute({ method: endpoint.method, url: endpoint.path }));
    if (missing.length > 0) throw new Error(`No handler for ${missing.map((endpoint) => `${endpoint.method} ${endpoint.path}`).join(', ')}`);
  });
  await app.ready();
  return app;
}
