import { DESK_ERRORS, DESK_LIMITS, ERROR_CODES, type InternalNote, type deskNoteBodySchema } from 'shared-contracts';
import type { z } from 'zod';
import { toNumber, type Database, type Queryable } from '../db/database.js';
import { ApiFailure } from '../http/api-failure.js';
import type { AuthenticatedAccount } from '../identity/types.js';
import { iso } from './read.js';
import { lockTicket } from './ticket-rows.js';

type NoteBody = z.output<typeof deskNoteBodySchema>;

/**
 * Internal notes (issue 15): what agents tell each other about a ticket. Only the desk's calls read them; no player
 * answer, player event or mail does, and their live events are agents-only (migration 0014).
 */

interface NoteRow {
  id: number | string;
  author: string;
  content: string;
  created_at: Date | string;
}

const NOTE_SELECT = `SELECT n.id, a.account AS author, n.content, n.created_at
  FROM ticket_notes n JOIN accounts a ON a.id = n.author_account_id`;

function toNote(row: NoteRow): InternalNote {
  return { id: toNumber(row.id), author: row.author, content: row.content, createdAt: iso(row.created_at) };
}

/** A ticket's notes, oldest first. */
export async function readNotes(q: Queryable, ticketId: number): Promise<InternalNote[]> {
  const { rows } = await q.query<NoteRow>(`${NOTE_SELECT} WHERE n.ticket_id = $1 ORDER BY n.id`, [ticketId]);
  return rows.map(toNote);
}

/** Adds a note to any ticket, open or ended; a retry with the same requestId answers with the note it made first. */
export async function addNote(db: Database, now: Date, agent: AuthenticatedAccount, body: NoteBody): Promise<InternalNote> {
  return db.transaction(async (tx) => {
    await lockTicket(tx, body.inquiryId, null);
    const earlier = await tx.query<NoteRow>(`${NOTE_SELECT} WHERE n.ticket_id = $1 AND n.author_account_id = $2 AND n.request_id = $3`, [
      body.inquiryId,
      agent.accountId,
      body.requestId,
    ]);
    if (earlier.rows[0]) return toNote(earlier.rows[0]);
    const { rows: counted } = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM ticket_notes WHERE ticket_id = $1', [
      body.inquiryId,
    ]);
    if ((counted[0]?.count ?? 0) >= DESK_LIMITS.notesPerTicketMax) throw new ApiFailure(ERROR_CODES.conflict, DESK_ERRORS.notesFull);
    const { rows } = await tx.query<{ id: number | string }>(
      'INSERT INTO ticket_notes (ticket_id, author_account_id, request_id, content, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [body.inquiryId, agent.accountId, body.requestId, body.content, now],
    );
    return { id: toNumber(rows[0]!.id), author: agent.account, content: body.content, createdAt: iso(now) };
  });
}
