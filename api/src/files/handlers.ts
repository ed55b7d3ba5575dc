import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES, FILE_ERRORS, LIMITS, attachmentKindOf, type Attachment, type AttachmentKind } from 'shared-contracts';
import { toNumber, type Database, type Queryable } from '../db/database.js';
import { ApiFailure } from '../http/api-failure.js';
import { FileDownload, type DomainHandlers } from '../http/endpoint-routes.js';
import type { AuthenticatedAccount } from '../identity/types.js';
import { SERVABLE_CONTENT_TYPES, detectContentType } from './content-check.js';
import { pendingUploadCutoff } from './file-rows.js';
import { cleanFileName } from './file-names.js';
import { spoolUpload } from './spool.js';
import { StoredFileMissing, newStorageKey, type FileStore } from './store.js';
import { bytesAnnounced, recordUpload, settleUpload, uploadQuotaWait, type UploadQuota, type UploadQuotas } from './upload-quota.js';

export interface FileHandlerDependencies {
  db: Database;
  store: FileStore;
  now: () => Date;
  uploadQuotas: UploadQuotas;
}

const refuse = (code: number, msg: string) => new ApiFailure(code, msg);

/** Uploads of an account not attached yet and not expired, those still arriving included. */
async function pendingCount(db: Queryable, accountId: number, now: Date): Promise<number> {
  const { rows } = await db.query<{ pending: number }>(
    'SELECT count(*)::int AS pending FROM files WHERE owner_account_id = $1 AND ticket_id IS NULL AND created_at > $2',
    [accountId, pendingUploadCutoff(now)],
  );
  return rows[0]?.pending ?? 0;
}

interface Reservation {
  fileId: string;
  accountId: number;
  /** The account's quota over time (its role's), and the bytes the upload may bring (bytesAnnounced). */
  quota: UploadQuota;
  bytesAnnounced: number;
  name: string;
  kind: AttachmentKind;
  storageKey: string;
  createdAt: Date;
}

/**
 * Takes one of the account's LIMITS.pendingUploadsMax places before a byte is received: a 'receiving' row,
 * inserted under the account's row lock, so of parallel uploads (on any replica) only as many as there are free
 * places get one and the others are refused at once, before their bytes are read. The upload is recorded in the
 * account's quota over time in the same transaction, after checking that it fits: the quota is what stops
 * uploading and discarding for ever, so it is checked first (waiting is the answer whatever else holds).
 */
async function reserveUpload(db: Database, reservation: Reservation): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [reservation.accountId]);
    const { accountId, quota, bytesAnnounced: bytes, createdAt } = reservation;
    const retryAfterSeconds = await uploadQuotaWait(tx, accountId, quota, bytes, createdAt);
    if (retryAfterSeconds !== null) {
      throw new ApiFailure(ERROR_CODES.tooManyRequests, FILE_ERRORS.uploadQuotaReached, { retryAfterSeconds });
    }
    if ((await pendingCount(tx, accountId, createdAt)) >= LIMITS.pendingUploadsMax) {
      throw refuse(ERROR_CODES.tooManyRequests, FILE_ERRORS.tooManyUploads);
    }
    await recordUpload(tx, reservation.fileId, accountId, bytes, createdAt);
    await tx.query(
      `INSERT INTO files (id, owner_account_id, state, name, kind, storage_key, created_at)
       VALUES ($1, $2, 'receiving', $3, $4, $5, $6)`,
      [reservation.fileId, reservation.accountId, reservation.name, reservation.kind, reservation.storageKey, reservation.createdAt],
    );
  });
}

/**
 * Gives a refused or failed upload's place back, and its bytes if they were kept. Failures are logged rather than
 * thrown, so the caller's own error is the answer; a row left behind expires with the other pending uploads. The
 * upload still counts in the account's quota over time: its bytes were received (and read) all the same.
 */
async function releaseUpload(
  db: Database,
  store: FileStore,
  reservation: Reservation,
  bytesKept: boolean,
  log: FastifyBaseLogger,
): Promise<void> {
  if (bytesKept) {
    await store.delete(reservation.storageKey).catch((error: unknown) => {
      log.error({ err: error, storageKey: reservation.storageKey }, 'could not delete the bytes of a refused upload');
    });
  }
  await db.query("DELETE FROM files WHERE id = $1 AND state = 'receiving'", [reservation.fileId]).catch((error: unknown) => {
    log.error({ err: error, fileId: reservation.fileId }, 'could not release the place of a refused upload');
  });
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

/**
 * Attachments (SPEC §7 `/files`): upload checked by content, download only for the ticket's owner and agents,
 * discard of the uploader's own pending uploads.
 */
export function createFileHandlers({ db, store, now, uploadQuotas }: FileHandlerDependencies): DomainHandlers<'files'> {
  return {
    async uploadFile({ account, file, request }) {
      const name = cleanFileName(file.fileName);
      const kind = attachmentKindOf(name);
      if (kind === null) throw refuse(ERROR_CODES.badRequest, FILE_ERRORS.typeMismatch);
      const reservation: Reservation = {
        fileId: randomUUID(),
        accountId: account.accountId,
        quota: uploadQuotas[account.role],
        bytesAnnounced: bytesAnnounced(request.headers['content-length']),
        name,
        kind,
        storageKey: newStorageKey(),
        createdAt: now(),
      };
      await reserveUpload(db, reservation);
      let spooledPath: string | null = null;
      let bytesKept = false;
      try {
        const spooled = await spoolUpload(file.stream, store.spoolDir);
        spooledPath = spooled.path;
        // From here the upload counts the bytes it brought, not those it announced; one cut short keeps the latter.
        await settleUpload(db, reservation.fileId, spooled.size);
        if (file.truncated()) throw refuse(ERROR_CODES.payloadTooLarge, FILE_ERRORS.fileTooLarge);
        await file.requestEnd();
        if (spooled.size === 0) throw refuse(ERROR_CODES.badRequest, FILE_ERRORS.fileEmpty);
        const contentType = await detectContentType(spooled.path, name, spooled.isText);
        if (contentType === null) throw refuse(ERROR_CODES.badRequest, FILE_ERRORS.typeMismatch);
        await store.put(reservation.storageKey, { path: spooled.path, size: spooled.size, sha256: spooled.sha256, contentType });
        bytesKept = true;
        const { rowCount } = await db.query(
          "UPDATE files SET state = 'stored', content_type = $2, size = $3, sha256 = $4 WHERE id = $1 AND state = 'receiving'",
          [reservation.fileId, contentType, spooled.size, spooled.sha256],
        );
        if (rowCount === 0) throw new Error('The place of an upload was taken away while it was received');
        const attachment: Attachment = { fileId: reservation.fileId, name, size: spooled.size, kind, contentType };
        return attachment;
      } catch (error) {
        await releaseUpload(db, store, reservation, bytesKept, request.log);
        throw error;
      } finally {
        if (spooledPath !== null) await rm(spooledPath, { force: true });
      }
    },

    async downloadFile({ query, account, request }) {
      const { rows } = await db.query<DownloadRow>(
        `SELECT f.name, f.content_type, f.size, f.storage_key, f.owner_account_id, f.created_at,
                f.ticket_id IS NOT NULL AS attached, t.account_id AS ticket_account_id
           FROM files f LEFT JOIN tickets t ON t.id = f.ticket_id
          WHERE f.id = $1 AND f.state = 'stored'`,
        [query.fileId],
      );
      const row = rows[0];
      if (!row || !mayDownload(row, account, now())) throw refuse(ERROR_CODES.notFound, FILE_ERRORS.fileNotFound);
      let body;
      try {
        body = await store.get(row.storage_key);
      } catch (error) {
        if (!(error instanceof StoredFileMissing)) throw error;
        request.log.error({ fileId: query.fileId }, 'a recorded file has no stored bytes');
        throw refuse(ERROR_CODES.notFound, FILE_ERRORS.fileNotFound);
      }
      return new FileDownload({
        body,
        size: row.size,
        // Types are checked at upload; anything else found here is served as opaque bytes.
        contentType: SERVABLE_CONTENT_TYPES.has(row.content_type) ? row.content_type : 'application/octet-stream',
        name: row.name,
      });
    },

    async discardFile({ body, account, request }) {
      // The upload stays in the account's quota over time (upload_usage): a discard gives back a pending place only.
      // The row goes first: an attach racing with this either wins (and the file stays) or finds it gone.
      const { rows } = await db.query<{ storage_key: string }>(
        `DELETE FROM files
          WHERE id = $1 AND owner_account_id = $2 AND ticket_id IS NULL AND state = 'stored' AND created_at > $3
          RETURNING storage_key`,
        [body.fileId, account.accountId, pendingUploadCutoff(now())],
      );
      const row = rows[0];
      if (!row) throw refuse(ERROR_CODES.notFound, FILE_ERRORS.fileNotFound);
      await store.delete(row.storage_key).catch((error: unknown) => {
        request.log.error({ err: error, storageKey: row.storage_key }, 'could not delete the bytes of a discarded upload');
      });
      return null;
    },
  };
}
