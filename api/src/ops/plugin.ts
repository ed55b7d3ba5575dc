import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.js';
import { loadMigrations, type Migration } from '../db/migrate.js';
import type { FileStore } from '../files/store.js';
import { registerEndpoints } from '../http/endpoint-routes.js';
import { registerReadiness } from '../observability/readiness.js';
import { RETENTION_INTERVAL_MS, scheduleRetention } from '../retention.js';
import { createOpsHandlers } from './handlers.js';

const CLIENT_ERROR_BODY_LIMIT = 16 * 1024;

export interface RateLimitSettings {
  max: number;
  timeWindowMs: number;
}

export interface OpsPluginOptions {
  db: Database;
  now: () => Date;
  fileStore: FileStore;
  /** Reports per client address on POST /client-errors; `false` turns the limit off. */
  clientErrorRateLimit?: RateLimitSettings | false;
  /** How often client errors and social-login states past their retention are deleted (retention.ts); false: never. */
  retentionIntervalMs?: number | false;
  /** The migrations /ready requires in the database (default: those in `api/migrations`). */
  migrations?: readonly Migration[];
}

/**
 * The service's own side: the browsers' error reports (rate-limited per address), the liveness and readiness
 * probes, and the hourly deletion of what callers without a login leave behind.
 */
export const opsPlugin: FastifyPluginAsync<OpsPluginOptions> = async (app, options) => {
  const rateLimit = options.clientErrorRateLimit ?? { max: 30, timeWindowMs: 60_000 };
  registerEndpoints(app, 'ops', createOpsHandlers(options.db), {
    clientErrors: {
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      config: rateLimit ? { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.timeWindowMs } } : {},
    },
  });
  registerReadiness(app, { db: options.db, store: options.fileStore, migrations: options.migrations ?? (await loadMigrations()) });
  const retentionIntervalMs = options.retentionIntervalMs ?? RETENTION_INTERVAL_MS;
  if (retentionIntervalMs !== false) scheduleRetention(app, { db: options.db, now: options.now }, retentionIntervalMs);
};
