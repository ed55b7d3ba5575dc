import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import type { Migration } from '../db/migrate.js';
import type { FileStore } from '../files/store.js';

/** A check that has not answered by then has failed: a probe must not hang on a stalled dependency. */
const CHECK_TIMEOUT_MS = 2_000;

export type ReadinessCheck = 'database' | 'migrations' | 'storage';

export interface Readiness {
  ready: boolean;
  checks: Record<ReadinessCheck, 'ok' | 'failed'>;
}

export interface ReadinessDependencies {
  db: Database;
  store: FileStore;
  /** The migrations this build knows; every one must be recorded in the database. */
  migrations: readonly Migration[];
}

function withTimeout(work: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function migrationsApplied(db: Database, migrations: readonly Migration[]): Promise<void> {
  const { rows } = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
  const recorded = new Set(rows.map((row) => Number(row.version)));
  const missing = migrations.filter((migration) => !recorded.has(migration.version)).map((migration) => migration.version);
  if (missing.length > 0) throw new Error(`migrations not applied: ${missing.join(', ')}`);
}

/**
 * Whether this replica can serve calls now: the database answers, has every migration this build knows (a replica
 * of a newer build waits for its migrations rather than failing calls), and the attachments storage answers.
 * Failures are logged with their cause; the answer names only which checks failed.
 */
export async function checkReadiness(dependencies: ReadinessDependencies, log: FastifyInstance['log']): Promise<Readiness> {
  const work: Record<ReadinessCheck, () => Promise<void>> = {
    database: async () => {
      await dependencies.db.query('SELECT 1');
    },
    migrations: () => migrationsApplied(dependencies.db, dependencies.migrations),
    storage: () => dependencies.store.checkReachable(),
  };
  const names = Object.keys(work) as ReadinessCheck[];
  const outcomes = await Promise.allSettled(names.map((name) => withTimeout(work[name]())));
  const checks = {} as Readiness['checks'];
  names.forEach((name, index) => {
    const outcome = outcomes[index];
    checks[name] = outcome?.status === 'fulfilled' ? 'ok' : 'failed';
    if (outcome?.status === 'rejected') log.warn({ err: outcome.reason, check: name }, 'readiness check failed');
  });
  return { ready: names.every((name) => checks[name] === 'ok'), checks };
}

/**
 * GET /ready, the readiness probe (orchestrators send traffic only to a ready replica), apart from GET /health,
 * the liveness probe (a replica that fails it is restarted). A database outage makes every replica unready, not
 * restarted: restarting would not bring the database back.
 */
export function registerReadiness(app: FastifyInstance, dependencies: ReadinessDependencies): void {
  app.get('/ready', { schema: { hide: true } }, async (request, reply) => {
    const readiness = await checkReadiness(dependencies, request.log);
    return reply.status(readiness.ready ? 200 : 503).send({ status: readiness.ready ? 'ready' : 'not ready', checks: readiness.checks });
  });
}
