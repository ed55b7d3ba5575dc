import {
  DESK_ERRORS,
  ERROR_CODES,
  LIMITS,
  OPEN_TICKET_STATUSES,
  TICKET_ERRORS,
  type InquiryMessage,
  type TicketStatus,
  type inquiryReplyBodySchema,
} from 'shared-contracts';
import type { z } from 'zod';
import { toNumber, type Database } from '../db/database.js';
import { ApiFailure } from '../http/api-failure.js';
import type { AuthenticatedAccount } from '../identity/types.js';
import { attachFiles } from './attachments.js';
import { readMessage } from './read.js';
import { isOpen, lockTicket, messageOfRequest, notFound } from './ticket-rows.js';

/** The two changes players and agents both make to a conversation: adding a message and ending the chat. */

export type ReplyBody = z.output<typeof inquiryReplyBodySchema>;

/**
 * Adds a message, or finds the one an earlier copy of the request added (`made` false). An agent's reply is
 * refused on a ticket another agent holds (they take it over first, knowingly), takes a ticket nobody holds, and
 * the first one records the ticket's first-response time; all in the transaction that adds the message.
 */
export async function addMessage(
  db: Database,
  now: Date,
  author: AuthenticatedAccount,
  body: ReplyBody,
  role: 'player' | 'agent',
): Promise<{ message: InquiryMessage; made: boolean }> {
  return db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, body.inquiryId, role === 'player' ? author.accountId : null);
    // A retry answers with its message even if the chat has ended since.
    const earlier = await messageOfRequest(tx, body.inquiryId, author.accountId, body.requestId);
    if (earlier !== null) return { message: await readMessage(tx, body.inquiryId, earlier), made: false };
    if (!isOpen(ticket.status)) throw new ApiFailure(ERROR_CODES.conflict, TICKET_ERRORS.inquiryClosed);
    if (role === 'agent' && ticket.assigneeId !== null && ticket.assigneeId !== author.accountId) {
      throw new ApiFailure(ERROR_CODES.conflict, DESK_ERRORS.heldByAnotherAgent);
    }
    const { rows: counted } = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM ticket_messages WHERE ticket_id = $1', [
      body.inquiryId,
    ]);
    if ((counted[0]?.count ?? 0) >= LIMITS.ticketMessagesMax) throw new ApiFailure(ERROR_CODES.conflict, TICKET_ERRORS.inquiryFull);

    const { rows } = await tx.query<{ id: number | string }>(
      `INSERT INTO ticket_messages (ticket_id, author, author_account_id, request_id, content, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT ON CONSTRAINT ticket_messages_request_key DO NOTHING
       RETURNING id`,
      [body.inquiryId, role, author.accountId, body.requestId, body.content, now],
    );
    const inserted = rows[0];
    if (!inserted) throw new Error('A reply with this request id appeared while the ticket was locked');
    const messageId = toNumber(inserted.id);
    // A player's reply is "add information": images or one video only; an agent's may carry any file (SPEC §5).
    await attachFiles(tx, body.attachments, {
      ownerAccountId: author.accountId,
      ticketId: body.inquiryId,
      messageId,
      now,
      rule: role === 'player' ? 'supplement' : 'message',
    });

    if (role === 'agent') {
      await tx.query(
        `UPDATE tickets SET status = 'replied', last_agent_reply_at = $2, feedback_at = $2, updated_at = $2, waiting_since = NULL,
                first_agent_reply_at = COALESCE(first_agent_reply_at, $2),
                assigned_at = CASE WHEN assignee_account_id IS NULL THEN $2 ELSE assigned_at END,
                assignee_account_id = COALESCE(assignee_account_id, $3)
         WHERE id = $1`,
        [body.inquiryId, now, author.accountId],
      );
    } else if (ticket.status === 'replied') {
      // After an agent's reply, the agent owes the next message from now on.
      await tx.query("UPDATE tickets SET status = 'waiting_reply', waiting_since = $2, updated_at = $2 WHERE id = $1", [
        body.inquiryId,
        now,
      ]);
    } else {
      // Still waiting for an agent: the ticket keeps its place in the queue.
      await tx.query('UPDATE tickets SET updated_at = $2 WHERE id = $1', [body.inquiryId, now]);
    }
    return { message: await readMessage(tx, body.inquiryId, messageId), made: true };
  });
}

/**
 * Ends an open chat (the player's own with `ownerAccountId`, any for an agent): it then waits for a rating, and
 * `ended_at` is its resolution time. An ended chat stays as it is. Returns the status and whether this call ended it.
 */
export async function endTicket(
  db: Database,
  now: Date,
  inquiryId: number,
  by: 'player' | 'agent',
  ownerAccountId: number | null,
): Promise<{ status: TicketStatus; ended: boolean }> {
  const { rows } = await db.query<{ status: TicketStatus }>(
    `UPDATE tickets SET status = 'waiting_rating', ended_by = $3::text, ended_at = $4, updated_at = $4, waiting_since = NULL,
            feedback_at = CASE WHEN $3::text = 'agent' THEN $4 ELSE feedback_at END
     WHERE id = $1 AND ($2::bigint IS NULL OR account_id = $2::bigint) AND status = ANY($5::text[])
     RETURNING status`,
    [inquiryId, ownerAccountId, by, now, OPEN_TICKET_STATUSES],
  );
  if (rows[0]) return { status: rows[0].status, ended: true };
  const { rows: current } = await db.query<{ status: TicketStatus }>(
    'SELECT status FROM tickets WHERE id = $1 AND ($2::bigint IS NULL OR account_id = $2::bigint)',
    [inquiryId, ownerAccountId],
  );
  if (!current[0]) throw notFound();
  return { status: current[0].status, ended: false };
}
