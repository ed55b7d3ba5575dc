import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database.js';

/** Client error reports are kept this long for diagnosis, then deleted. */
export const CLIENT_ERROR_RETENTION_DAYS = 30;
/** How often each replica purges; deleting twice from two replicas is harmless. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

export interface RetentionDependencies {
  db: Database;
  now: () => Date;
}

/**
 * Deletes what callers who need no login leave behind, so nobody can fill the database with it (security review
 * #12): client error reports past their retention, and social-login states past their lifetime (consumed or not,
 * an expired state can never complete a login).
 */
export async function purgeUnauthenticatedRows({ db, now }: RetentionDependencies): Promise<{ clientErrors: number; oauthLogins: number }> {
  const at = now();
  const clientErrors = await db.query('DELETE FROM client_errors WHERE received_at < $1', [
    new Date(at.getTime() - CLIENT_ERROR_RETENTION_DAYS * 24 * 60 * 60 * 1000),
  ]);
  const oauthLogins = await db.query('DELETE FROM oauth_logins WHERE expires_at < $1', [at]);
  return { clientErrors: clientErrors.rowCount, oauthLogins: oauthLogins.rowCount };
}

/**
 * Runs `purgeUnauthenticatedRows` every `intervalMs` as background work of the app (closing the app waits for a
 * run in progress); the timer never keeps the process alive and stops when the app starts closing.
 */
export function scheduleRetention(app: FastifyInstance, dependencies: RetentionDependencies, intervalMs: number): void {
  const timer = setInterval(() => {
    app.background.run('retention', async () => {
      const purged = await purgeUnauthenticatedRows(dependencies);
      if (purged.clientErrors + purged.oauthLogins > 0) app.log.info(purged, 'expired client errors and social-login states deleted');
    });
  }, intervalMs);
  timer.unref();
  app.addHook('preClose', async () => clearInterval(timer));
}
