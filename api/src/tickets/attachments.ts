import { ERROR_CODES, TICKET_ERRORS, attachmentSetProblem, type AttachmentKind, type AttachmentRule } from 'shared-contracts';
import type { Queryable } from '../db/database.js';
import { pendingUploadCutoff } from '../files/file-rows.js';
import { ApiFailure } from '../http/api-failure.js';

export interface AttachTarget {
  /** Whose uploads may be attached: the caller's, never anyone else's. */
  ownerAccountId: number;
  ticketId: number;
  /** The reply they go with; null for the question of a new ticket. */
  messageId: number | null;
  /** 'supplement' for a player's "add information", 'message' for a question or an agent's reply (SPEC §5). */
  rule: AttachmentRule;
  now: Date;
}

/**
 * Attaches uploaded files to a ticket's question or to one reply, inside the caller's transaction, so a refusal
 * rolls the ticket or reply back with it. Every id must be one of the caller's own uploads that is not attached yet
 * and has not expired (LIMITS.pendingUploadHours); the row update claims them, so the same upload can never end up
 * on two messages even when two requests race for it. The schema already capped the count and refused repeats;
 * the kinds are known only here, so the limits on kinds (SPEC §5, the rule the browser checks too) are checked on what
 * was claimed.
 */
export async function attachFiles(tx: Queryable, fileIds: readonly string[], target: AttachTarget): Promise<void> {
  if (fileIds.length === 0) return;
  const { rows } = await tx.query<{ kind: AttachmentKind }>(
    `UPDATE files SET ticket_id = $3, message_id = $4, attached_at = $5
     WHERE id = ANY($1::uuid[]) AND owner_account_id = $2 AND ticket_id IS NULL AND state = 'stored' AND created_at > $6
     RETURNING kind`,
    [fileIds, target.ownerAccountId, target.ticketId, target.messageId, target.now, pendingUploadCutoff(target.now)],
  );
  if (rows.length !== fileIds.length) throw new ApiFailure(ERROR_CODES.notFound, TICKET_ERRORS.attachmentInvalid);
  const problem = attachmentSetProblem(
    rows.map((row) => row.kind),
    target.rule,
  );
  if (problem) throw new ApiFailure(ERROR_CODES.badRequest, problem);
}
