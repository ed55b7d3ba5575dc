import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { SocialProvider } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { backgroundPlugin } from './background.js';
import type { SnapshotCacheOptions } from './cache/snapshot-cache.js';
import type { CatalogOptions } from './catalog/catalog.js';
import { catalogPlugin } from './catalog/plugin.js';
import { cannedRepliesPlugin } from './canned-replies/plugin.js';
import { API_ROOT, DEFAULT_FILES_DIR } from './config.js';
import type { Database } from './db/database.js';
import type { Migration } from './db/migrate.js';
import { filesPlugin } from './files/plugin.js';
import { DiskFileStore, type FileStore } from './files/store.js';
import type { UploadQuotas } from './files/upload-quota.js';
import { clientErrorHandler } from './http/errors.js';
import { answerFrameworkError, httpPlugin } from './http/http-plugin.js';
import type { PasswordHashing } from './identity/passwords.js';
import { identityPlugin } from './identity/plugin.js';
import type { IdentityLimits } from './identity/service.js';
import { leadDashboardPlugin } from './lead-dashboard/plugin.js';
import type { Mailer } from './mail/transport.js';
import type { OAuthSettings } from './oauth/config.js';
import { socialPlugin } from './oauth/plugin.js';
import { metricsPlugin } from './observability/plugin.js';
import { opsPlugin, type RateLimitSettings } from './ops/plugin.js';
import { supportPlugin } from './support/plugin.js';
import type { LiveEventsOptions } from './tickets/live-events.js';
import { ticketsPlugin } from './tickets/plugin.js';
import type { OffsetClock } from './tickets/test-clock.js';
import type { TicketLimits } from './tickets/ticket-options.js';

export const DEFAULT_ASSETS_DIR = path.join(API_ROOT, 'assets');

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
  /** Seals and opens agents' authenticator secrets (TOTP_SECRET_KEY); the development key by default. */
  totpSecretKey?: Buffer;
  /** REQUIRE_AGENT_TOTP: refuse the login of an agent with no authenticator enrolled; off by default. */
  requireAgentTotp?: boolean;
  /** Social logins to offer in login_config (from OAUTH_<PROVIDER>_CLIENT_ID). */
  oauthProviders?: readonly SocialProvider[];
  /** Social login clients and the site origins a login may return to (from OAUTH_*); none by default. */
  oauth?: OAuthSettings;
  /** Where attachments are kept (default: the folder `<repo>/.data/files`). */
  fileStore?: FileStore;
  /** How often expired unattached uploads are deleted; `false` leaves it to the caller (tests). */
  uploadCleanupIntervalMs?: number | false;
  /** Uploads and bytes per account per hour, players' and agents'; each role's overrides its default. */
  uploadQuotas?: Partial<UploadQuotas>;
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

/**
 * The API as a Fastify instance, ready for `listen()` or `inject()`: the shared HTTP conventions, then one plugin
 * per domain, each given these options, owning its endpoints' handlers, what it starts and how it stops.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: GLOBAL_BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    clientErrorHandler,
    // Fastify types this reply generically; it is a plain reply to a request that matched no route yet.
    frameworkErrors: (error, _request, reply) => answerFrameworkError(error, reply as unknown as FastifyReply),
  });

  // The clock every domain writes time with, and the one store of attachments the files and the readiness probe use.
  const settings = {
    ...options,
    now: options.now ?? (() => new Date()),
    fileStore: options.fileStore ?? new DiskFileStore(DEFAULT_FILES_DIR),
  };
  await app.register(metricsPlugin, settings);
  await app.register(backgroundPlugin);
  await app.register(httpPlugin, { assetsDir: options.assetsDir ?? DEFAULT_ASSETS_DIR });
  await app.register(catalogPlugin, settings);
  await app.register(identityPlugin, settings);
  await app.register(socialPlugin, settings);
  await app.register(opsPlugin, settings);
  await app.register(supportPlugin, settings);
  await app.register(filesPlugin, settings);
  await app.register(ticketsPlugin, settings);
  await app.register(cannedRepliesPlugin, settings);
  await app.register(leadDashboardPlugin, settings);

  // A domain left unregistered would leave its endpoints answering 404: refuse to start instead.
  app.addHook('onReady', async () => {
    const missing = Object.values(ENDPOINTS).filter((endpoint) => !app.hasRoute({ method: endpoint.method, url: endpoint.path }));
    if (missing.length > 0)
      throw new Error(`No handler for ${missing.map((endpoint) => `${endpoint.method} ${endpoint.path}`).join(', ')}`);
  });
  await app.ready();
  return app;
}
