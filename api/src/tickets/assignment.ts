import { DESK_ERRORS, ERROR_CODES, TICKET_ERRORS, type DeskAgent, type deskAssignBodySchema } from 'shared-contracts';
import type { z } from 'zod';
import { toNumber, type Database, type Queryable } from '../db/database.js';
import { ApiFailure } from '../http/api-failure.js';
import { iso } from './read.js';
import { isOpen, lockTicket } from './ticket-rows.js';

type AssignBody = z.output<typeof deskAssignBodySchema>;

/**
 * Who holds a ticket on the desk (issue 15): an agent claims one, assigns it to another or releases it. Every change
 * names the holder the agent saw and is made under the ticket's row lock only if that is still the holder, so two
 * agents never take the same ticket unknowingly; a change is an agents-only live event (migration 0014's trigger).
 */

/** Every agent, by account name: whom a ticket can be assigned to. */
export async function readAgents(db: Queryable): Promise<DeskAgent[]> {
  const { rows } = await db.query<{ id: number | string; account: string }>(
    "SELECT id, account FROM accounts WHERE role = 'agent' ORDER BY lower(account), id",
  );
  return rows.map((row) => ({ accountId: toNumber(row.id), account: row.account }));
}

async function agentNamed(tx: Queryable, accountId: number): Promise<DeskAgent> {
  const { rows } = await tx.query<{ account: string }>("SELECT account FROM accounts WHERE id = $1 AND role = 'agent'", [accountId]);
  if (!rows[0]) throw new ApiFailure(ERROR_CODES.notFound, DESK_ERRORS.agentNotFound);
  return { accountId, account: rows[0].account };
}

/**
 * Gives an open ticket to `assigneeId` (null: nobody) if `expectedAssigneeId` still holds it; otherwise 4090
 * `assignmentChanged` and nothing changes (the desk reads the ticket again and names the holder).
 */
export async function assignTicket(
  db: Database,
  now: Date,
  body: AssignBody,
): Promise<{ assignee: DeskAgent | null; assignedAt: string | null }> {
  return db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, body.inquiryId, null);
    if (ticket.assigneeId !== body.expectedAssigneeId) throw new ApiFailure(ERROR_CODES.conflict, DESK_ERRORS.assignmentChanged);
    if (!isOpen(ticket.status)) throw new ApiFailure(ERROR_CODES.conflict, TICKET_ERRORS.inquiryClosed);
    const assignee = body.assigneeId === null ? null : await agentNamed(tx, body.assigneeId);
    if (body.assigneeId === ticket.assigneeId) {
      const { rows } = await tx.query<{ assigned_at: Date | string | null }>('SELECT assigned_at FROM tickets WHERE id = $1', [
        body.inquiryId,
      ]);
      const assignedAt = rows[0]?.assigned_at ?? null;
      return { assignee, assignedAt: assignedAt === null ? null : iso(assignedAt) };
    }
    await tx.query('UPDATE tickets SET assignee_account_id = $2, assigned_at = $3 WHERE id = $1', [body.inquiryId, body.assigneeId, now]);
    return { assignee, assignedAt: iso(now) };
  });
}
