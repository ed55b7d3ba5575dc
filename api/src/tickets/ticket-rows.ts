import { ERROR_CODES, OPEN_TICKET_STATUSES, TICKET_ERRORS, type TicketStatus } from 'shared-contracts';
import { toNumber, type Queryable } from '../db/database.js';
import { ApiFailure } from '../http/api-failure.js';

/** Lookups and locks every ticket change starts from. */

export function notFound(): ApiFailure {
  return new ApiFailure(ERROR_CODES.notFound, TICKET_ERRORS.inquiryNotFound);
}

export function isOpen(status: TicketStatus): boolean {
  return OPEN_TICKET_STATUSES.includes(status);
}

/** A ticket as it stands under its row lock. */
export interface LockedTicket {
  status: TicketStatus;
  /** The agent holding it, or null. */
  assigneeId: number | null;
}

/**
 * Locks a ticket for the rest of the transaction: replies, ends, ratings, assignments and the auto-end on one
 * ticket take turns. With `ownerAccountId` another player's ticket is not found, exactly like a missing one.
 */
export async function lockTicket(tx: Queryable, ticketId: number, ownerAccountId: number | null): Promise<LockedTicket> {
  const { rows } = await tx.query<{ status: TicketStatus; assignee_account_id: number | string | null }>(
    'SELECT status, assignee_account_id FROM tickets WHERE id = $1 AND ($2::bigint IS NULL OR account_id = $2::bigint) FOR UPDATE',
    [ticketId, ownerAccountId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  return { status: row.status, assigneeId: row.assignee_account_id === null ? null : toNumber(row.assignee_account_id) };
}

/** The message an earlier copy of a request added to the ticket, if any. */
export async function messageOfRequest(tx: Queryable, ticketId: number, authorId: number, requestId: string): Promise<number | null> {
  const { rows } = await tx.query<{ id: number | string }>(
    'SELECT id FROM ticket_messages WHERE ticket_id = $1 AND author_account_id = $2 AND request_id = $3',
    [ticketId, authorId, requestId],
  );
  return rows[0] ? toNumber(rows[0].id) : null;
}
