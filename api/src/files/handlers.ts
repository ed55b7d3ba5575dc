import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { ERROR_CODES, LIMITS, attachmentKindOf, type Attachment, type AttachmentKind } from 'shared-contracts';
import { toNumber, type Database, type Queryable } from '../db/database.js';
import { ApiFailure } from '../http/api-failure.js';
import { FileDownload, type EndpointHandlers } from '../http/endpoint-routes.js';
import type { AuthenticatedAccount } from '../identity/types.js';
import { SERVABLE_CONTENT_TYPES, detectContentType } from './content-check.js';
import { cleanFileName } from './file-names.js';
import { spoolUpload } from './spool.js';
import { StoredFileMissing, newStorageKey, type FileStore } from './store.js';

export type FileEndpoint = 'uploadFile' | 'downloadFile';

export interface FileHandlerDependencies {
  db: Database;
  store: FileStore;
  now: () => Date;
}

/** The oldest creation time of an upload still waiting to be attached; older ones have expired. */
export function pendingUploadCutoff(now: Date): Date {
  return new Date(now.getTime() - LIMITS.pendingUploadHours * 3_600_000);
}

/** A `files` row as the API describes it (SQL: `id, name, size, kind, content_type`). */
export function toAttachment(row: { id: string; name: string; size: number; kind: string; content_type: string }): Attachment {
  return { fileId: row.id, name: row.name, size: row.size, kind: row.kind as AttachmentKind, contentType: row.content_type };
}

const refuse = (code: number, msg: string) => new ApiFailure(code, msg);

async function pendingCount(db: Queryable, accountId: number, now: Date): Promise<number> {
  const { rows } = await db.query<{ pending: number }>(
    'SELECT count(*)::int AS pending FROM files WHERE owner_account_id = $1 AND ticket_id IS NULL AND created_at > $2',
    [accountId, pendingUploadCutoff(now)],
  );
  return rows[0]?.pending ?? 0;
}

interface DownloadRow {
  name: string;
  content_type: string;
  size: number;
  storage_key: string;
  owner_account_id: unknown;
  ticket_account_id: unknown;
  attached: boolean;
  created_at: Date;
}

/**
 * Who may have a file: its uploader while it waits to be attached (and has not expired), then its ticket's owner
 * and the agents. Everyone else is told it does not exist.
 */
function mayDownload(row: DownloadRow, account: AuthenticatedAccount, now: Date): boolean {
  if (!row.attached) {
    return toNumber(row.owner_account_id) === account.accountId && row.created_at > pendingUploadCutoff(now);
  }
  return account.role === 'agent' || toNumber(row.ticket_account_id) === account.accountId;
}

/** Attachments (SPEC §7 `/files`): upload checked by content, download only for the ticket's owner and agents. */
export function createFileHandlers({ db, store, now }: FileHandlerDependencies): Pick<EndpointHandlers, FileEndpoint> {
  return {
    async uploadFile({ account, file, request }) {
      const name = cleanFileName(file.fileName);
      const kind = attachmentKindOf(name);
      if (kind === null) throw refuse(ERROR_CODES.badRequest, 'typeMismatch');
      // Early, before receiving anything; checked again when the upload is recorded.
      if ((await pendingCount(db, account.accountId, now())) >= LIMITS.pendingUploadsMax) {
        throw refuse(ERROR_CODES.tooManyRequests, 'tooManyUploads');
      }
      const spooled = await spoolUpload(file.stream, store.spoolDir);
      let storageKey: string | null = null;
      try {
        if (file.truncated()) throw refuse(ERROR_CODES.payloadTooLarge, 'fileTooLarge');
        await file.requestEnd();
        if (spooled.size === 0) throw refuse(ERROR_CODES.badRequest, 'fileEmpty');
        const contentType = await detectContentType(spooled.path, name, spooled.isText);
        if (contentType === null) throw refuse(ERROR_CODES.badRequest, 'typeMismatch');
        storageKey = newStorageKey();
        await store.put(storageKey, { path: spooled.path, size: spooled.size, sha256: spooled.sha256, contentType });
        const attachment: Attachment = { fileId: randomUUID(), name, size: spooled.size, kind, contentType };
        const created = now();
        const keptKey = storageKey;
        await db.transaction(async (tx) => {
          // One upload at a time per account from here, so parallel uploads cannot slip past the limit together.
          await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [account.accountId]);
          if ((await pendingCount(tx, account.accountId, created)) >= LIMITS.pendingUploadsMax) {
            throw refuse(ERROR_CODES.tooManyRequests, 'tooManyUploads');
          }
          await tx.query(
            `INSERT INTO files (id, owner_account_id, name, kind, content_type, size, sha256, storage_key, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [attachment.fileId, account.accountId, name, kind, contentType, spooled.size, spooled.sha256, keptKey, created],
          );
        });
        storageKey = null;
        return attachment;
      } catch (error) {
        if (storageKey !== null) {
          await store.delete(storageKey).catch((deleteError: unknown) => {
            request.log.error({ err: deleteError }, 'could not delete the bytes of a refused upload');
          });
        }
        throw error;
      } finally {
        await rm(spooled.path, { force: true });
      }
    },

    async downloadFile({ query, account, request }) {
      const { rows } = await db.query<DownloadRow>(
        `SELECT f.name, f.content_type, f.size, f.storage_key, f.owner_account_id, f.created_at,
                f.ticket_id IS NOT NULL AS attached, t.account_id AS ticket_account_id
           FROM files f LEFT JOIN tickets t ON t.id = f.ticket_id
          WHERE f.id = $1`,
        [query.fileId],
      );
      const row = rows[0];
      if (!row || !mayDownload(row, account, now())) throw refuse(ERROR_CODES.notFound, 'fileNotFound');
      let body;
      try {
        body = await store.get(row.storage_key);
      } catch (error) {
        if (!(error instanceof StoredFileMissing)) throw error;
        request.log.error({ fileId: query.fileId }, 'a recorded file has no stored bytes');
        throw refuse(ERROR_CODES.notFound, 'fileNotFound');
      }
      return new FileDownload({
        body,
        size: row.size,
        // Types are checked at upload; anything else found here is served as opaque bytes.
        contentType: SERVABLE_CONTENT_TYPES.has(row.content_type) ? row.content_type : 'application/octet-stream',
        name: row.name,
      });
    },
  };
}
