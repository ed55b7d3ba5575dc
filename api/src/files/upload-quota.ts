import { LIMITS } from 'shared-contracts';
import type { Database, Queryable } from '../db/database.js';
import type { Role } from '../identity/types.js';

/** At most `uploads` uploads bringing at most `bytes` bytes in any `windowSeconds`. */
export interface UploadQuota {
  uploads: number;
  bytes: number;
  windowSeconds: number;
}

/** The quota of each role: players', and agents' (a lead is an agent), who attach files across many tickets. */
export type UploadQuotas = Record<Role, UploadQuota>;

const MIB = 1024 * 1024;

/**
 * Far beyond what a person asking for help or answering does, so only a script meets them. A player's message
 * takes LIMITS.attachmentsMax files and a player may open 20 tickets an hour (DEFAULT_TICKET_LIMITS): 30 uploads
 * and 200 MiB (ten files at the size limit) an hour leave room for every file of ten tickets and for files picked
 * by mistake and removed. An agent answers many tickets in an hour, with a guide or a screenshot in many of them:
 * ten times as much, which a stolen agent session still cannot churn without end.
 */
export const DEFAULT_UPLOAD_QUOTAS: UploadQuotas = {
  player: { uploads: 30, bytes: 200 * MIB, windowSeconds: 60 * 60 },
  agent: { uploads: 300, bytes: 2_000 * MIB, windowSeconds: 60 * 60 },
};

/**
 * The bytes an upload may still bring, taken from its quota before a byte is read: its declared Content-Length (the
 * body cannot be longer: Node's parser ends it there), at most the attachment limit, past which the parser cuts the
 * file; a body sent without a length may bring up to that limit.
 */
export function bytesAnnounced(contentLength: string | undefined): number {
  const declared = contentLength === undefined ? Number.NaN : Number(contentLength);
  return Number.isSafeInteger(declared) && declared >= 0 ? Math.min(declared, LIMITS.attachmentBytesMax) : LIMITS.attachmentBytesMax;
}

interface UsageRow {
  at: Date;
  bytes: unknown;
}

/**
 * Whether one more upload of at most `bytes` keeps the account within `quota` at `now`: null when it does, else the
 * seconds until it would (enough of the counted uploads have left the window). Counts every upload recorded in the
 * window (stored, attached, discarded, expired or refused after reading alike). Run it under the account's row lock,
 * in the transaction that records the upload, so parallel uploads on any replica count each other.
 */
export async function uploadQuotaWait(
  tx: Queryable,
  accountId: number,
  quota: UploadQuota,
  bytes: number,
  now: Date,
): Promise<number | null> {
  const windowMs = quota.windowSeconds * 1000;
  const { rows } = await tx.query<UsageRow>('SELECT at, bytes FROM upload_usage WHERE account_id = $1 AND at > $2 ORDER BY at', [
    accountId,
    new Date(now.getTime() - windowMs),
  ]);
  let count = rows.length;
  let total = rows.reduce((sum, row) => sum + Number(row.bytes), 0);
  const fits = () => count < quota.uploads && total + bytes <= quota.bytes;
  if (fits()) return null;
  // The oldest leave the window first: the retry succeeds once enough of them have left it.
  for (const row of rows) {
    count -= 1;
    total -= Number(row.bytes);
    if (fits()) return Math.max(1, Math.ceil((new Date(row.at).getTime() + windowMs - now.getTime()) / 1000));
  }
  return quota.windowSeconds;
}

/** Records an upload that was given a place, with the bytes it may bring (bytesAnnounced). */
export async function recordUpload(tx: Queryable, fileId: string, accountId: number, bytes: number, at: Date): Promise<void> {
  await tx.query('INSERT INTO upload_usage (file_id, account_id, bytes, at) VALUES ($1, $2, $3, $4)', [fileId, accountId, bytes, at]);
}

/** The bytes an upload brought, once they are in (kept or refused): what it counts from now on. */
export async function settleUpload(db: Queryable, fileId: string, bytes: number): Promise<void> {
  await db.query('UPDATE upload_usage SET bytes = $2 WHERE file_id = $1', [fileId, bytes]);
}

/**
 * Forgets the uploads no quota's window holds any more (the longest window of `quotas` before `now`). Returns how
 * many went.
 */
export async function pruneUploadUsage(db: Database, quotas: UploadQuotas, now: Date): Promise<number> {
  const windowSeconds = Math.max(...Object.values(quotas).map((quota) => quota.windowSeconds));
  const { rowCount } = await db.query('DELETE FROM upload_usage WHERE at <= $1', [new Date(now.getTime() - windowSeconds * 1000)]);
  return rowCount ?? 0;
}
