import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.js';
import { registerEndpoints } from '../http/endpoint-routes.js';
import { UPLOAD_CLEANUP_INTERVAL_MS, scheduleUploadCleanup } from './cleanup.js';
import { createFileHandlers } from './handlers.js';
import type { FileStore } from './store.js';
import { DEFAULT_UPLOAD_QUOTAS, type UploadQuotas } from './upload-quota.js';

export interface FilesPluginOptions {
  db: Database;
  now: () => Date;
  fileStore: FileStore;
  /** How often expired unattached uploads are deleted; `false` leaves it to the caller (tests). */
  uploadCleanupIntervalMs?: number | false;
  /** Uploads and bytes per account over time, each role's overriding its default (DEFAULT_UPLOAD_QUOTAS). */
  uploadQuotas?: Partial<UploadQuotas>;
}

/**
 * Attachments: their three endpoints, each upload counted in the metrics and in its account's quota over time, and
 * the cleanup of those never attached (and of the quota's record past its window).
 */
export const filesPlugin: FastifyPluginAsync<FilesPluginOptions> = async (app, options) => {
  const uploadQuotas = { ...DEFAULT_UPLOAD_QUOTAS, ...options.uploadQuotas };
  const dependencies = { db: options.db, store: options.fileStore, now: options.now, uploadQuotas };
  const cleanupIntervalMs = options.uploadCleanupIntervalMs ?? UPLOAD_CLEANUP_INTERVAL_MS;
  if (cleanupIntervalMs !== false) scheduleUploadCleanup(app, dependencies, cleanupIntervalMs);
  const handlers = createFileHandlers(dependencies);
  registerEndpoints(app, 'files', { ...handlers, uploadFile: app.metrics.countUploads(handlers.uploadFile) });
};
