import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { pendingUploadCutoff } from './file-rows.js';
import { SPOOL_FILE_SUFFIX } from './spool.js';
import type { FileStore } from './store.js';
import { pruneUploadUsage, type UploadQuotas } from './upload-quota.js';

export interface UploadCleanupDependencies {
  db: Database;
  store: FileStore;
  now: () => Date;
  /** Whose windows say how long the record of past uploads is kept (pruneUploadUsage). */
  uploadQuotas: UploadQuotas;
}

/** Rows removed per statement, so one run never holds many locks or a long list of keys. */
const BATCH = 100;

/** How often the API looks for expired uploads; they may outlive LIMITS.pendingUploadHours by this much. */
export const UPLOAD_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes the uploads nobody attached within LIMITS.pendingUploadHours: rows first (each row is claimed by
 * exactly one deleter, even with several API replicas, and an attach racing with it either wins or finds the file
 * gone), then their bytes. Returns how many were removed; bytes that could not be deleted are reported to
 * `onStoreError` and left behind.
 */
export async function removeExpiredUploads(
  { db, store, now }: Omit<UploadCleanupDependencies, 'uploadQuotas'>,
  onStoreError: (error: unknown, storageKey: string) => void,
): Promise<number> {
  const cutoff = pendingUploadCutoff(now());
  let removed = 0;
  for (;;) {
    const { rows } = await db.query<{ storage_key: string }>(
      `DELETE FROM files WHERE id IN (
         SELECT id FROM files WHERE ticket_id IS NULL AND created_at <= $1 ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED
       ) RETURNING storage_key`,
      [cutoff, BATCH],
    );
    for (const { storage_key: storageKey } of rows) {
      try {
        await store.delete(storageKey);
      } catch (error) {
        onStoreError(error, storageKey);
      }
    }
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}

/** A spooled upload untouched this long is not arriving any more (see removeAbandonedSpoolFiles). */
export const ABANDONED_SPOOL_MS = 60 * 60 * 1000;

/**
 * Removes what an API process left in the spool folder when it stopped while uploads arrived (killed, crashed, the
 * machine restarted): an upload that fails removes its own file, so only those stay. A file still arriving is
 * written to as its bytes come, so one untouched for ABANDONED_SPOOL_MS is left over. Returns how many went.
 */
export async function removeAbandonedSpoolFiles(spoolDir: string, now: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(spoolDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names.filter((each) => each.endsWith(SPOOL_FILE_SUFFIX))) {
    const file = path.join(spoolDir, name);
    // Gone meanwhile: its upload finished.
    const modified = (await stat(file).catch(() => null))?.mtimeMs;
    if (modified === undefined || now.getTime() - modified < ABANDONED_SPOOL_MS) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/**
 * Runs `removeExpiredUploads`, `removeAbandonedSpoolFiles` and `pruneUploadUsage` (the quota's record of uploads
 * past its window) every `intervalMs` as background work of the app (so closing the app waits for a run in
 * progress); the timer never keeps the process alive and stops when the app starts closing.
 */
export function scheduleUploadCleanup(app: FastifyInstance, dependencies: UploadCleanupDependencies, intervalMs: number): void {
  const timer = setInterval(() => {
    app.background.run('upload cleanup', async () => {
      const removed = await removeExpiredUploads(dependencies, (error, storageKey) =>
        app.log.error({ err: error, storageKey }, 'could not delete the bytes of an expired upload'),
      );
      if (removed > 0) app.log.info({ removed }, 'expired uploads removed');
      const abandoned = await removeAbandonedSpoolFiles(dependencies.store.spoolDir, dependencies.now());
      if (abandoned > 0) app.log.info({ removed: abandoned }, 'uploads left half-received by a stopped process removed');
      const forgotten = await pruneUploadUsage(dependencies.db, dependencies.uploadQuotas, dependencies.now());
      if (forgotten > 0) app.log.info({ removed: forgotten }, 'uploads past the quota window forgotten');
    });
  }, intervalMs);
  timer.unref();
  app.addHook('preClose', async () => clearInterval(timer));
}
