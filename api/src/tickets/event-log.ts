import type { TicketLiveEvent } from 'shared-contracts';
import { toNumber, type Database } from '../db/database.js';
import type { AuthenticatedAccount } from '../identity/types.js';
import { iso } from './read.js';

/*
 * Reading ticket_events (migration 0009) in its (tx, id) order, handing out only rows whose transaction and every
 * older one have finished (`pg_snapshot_xmin`), so a position in that order is a cursor that never skips or
 * repeats an event.
 */

/** Where a stream stands in migration 0009's (tx, id) order of ticket_events; its Last-Event-ID is `tx-id`. */
export interface EventPosition {
  tx: number;
  id: number;
}

/** Before every event. */
export const START: EventPosition = { tx: 0, id: 0 };

export function isAfter(a: EventPosition, b: EventPosition): boolean {
  return a.tx > b.tx || (a.tx === b.tx && a.id > b.id);
}

export function formatEventId(position: EventPosition): string {
  return `${position.tx}-${position.id}`;
}

/** A Last-Event-ID this server wrote, or null (missing, foreign or malformed: the stream starts afresh). */
export function parseEventId(text: string | undefined): EventPosition | null {
  const match = /^(\d{1,15})-(\d{1,15})$/.exec(text ?? '');
  return match ? { tx: Number(match[1]), id: Number(match[2]) } : null;
}

interface EventRow {
  id: number | string;
  tx: number | string;
  ticket_id: number | string;
  account_id: number | string;
  kind: TicketLiveEvent['kind'];
  audience: 'all' | 'agents';
  status: TicketLiveEvent['status'];
  message_id: number | string | null;
  author: TicketLiveEvent['author'];
  created_at: Date | string;
  settled: boolean;
}

export interface StoredEvent {
  position: EventPosition;
  accountId: number;
  audience: 'all' | 'agents';
  event: TicketLiveEvent;
}

const COLUMNS = `e.id, e.tx, e.ticket_id, e.account_id, e.kind, e.audience, e.status, e.message_id, e.author, e.created_at,
  e.tx < pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS settled`;

/** Every event after a position (the replica's fan-out and an agent's resume). */
const READ_ALL = `SELECT ${COLUMNS} FROM ticket_events e WHERE (e.tx, e.id) > ($1::bigint, $2::bigint) ORDER BY e.tx, e.id LIMIT $3`;

/** One player's events after a position, without what only agents see (a player's resume). */
const READ_PLAYER = `SELECT ${COLUMNS} FROM ticket_events e
  WHERE e.account_id = $4 AND e.audience = 'all' AND (e.tx, e.id) > ($1::bigint, $2::bigint) ORDER BY e.tx, e.id LIMIT $3`;

/** The last event of a finished transaction, or the last pruned one when none is left: where a new stream starts. */
const HORIZON = `SELECT tx, id FROM (
    (SELECT e.tx, e.id FROM ticket_events e
     WHERE e.tx < pg_snapshot_xmin(pg_current_snapshot())::text::bigint ORDER BY e.tx DESC, e.id DESC LIMIT 1)
    UNION ALL SELECT tx, id FROM ticket_events_pruned) candidates
  ORDER BY tx DESC, id DESC LIMIT 1`;

/**
 * Whether a position can be resumed from: it was written by this database (before the next transaction id) and
 * nothing after it has been pruned.
 */
const RESUMABLE = `SELECT $1::bigint < pg_snapshot_xmax(pg_current_snapshot())::text::bigint
    AND ($1::bigint, $2::bigint) >= (p.tx, p.id) AS resumable
  FROM ticket_events_pruned p`;

function toStored(row: EventRow): StoredEvent {
  return {
    position: { tx: toNumber(row.tx), id: toNumber(row.id) },
    accountId: toNumber(row.account_id),
    audience: row.audience,
    event: {
      inquiryId: toNumber(row.ticket_id),
      kind: row.kind,
      status: row.status,
      messageId: row.message_id === null ? null : toNumber(row.message_id),
      author: row.author,
      at: iso(row.created_at),
    },
  };
}

/**
 * The rows a read may hand out: those in order up to the first of a transaction still running (a row of an
 * older transaction may yet commit before it), and whether rows are left for another read.
 */
function settledPrefix(rows: readonly EventRow[], limit: number): { events: StoredEvent[]; unsettled: boolean; full: boolean } {
  const events: StoredEvent[] = [];
  for (const row of rows) {
    if (!row.settled) return { events, unsettled: true, full: false };
    events.push(toStored(row));
  }
  return { events, unsettled: false, full: rows.length === limit };
}

/** The events after `from`, up to `limit`: those the fan-out may hand out, and whether to read again. */
export async function readEventsAfter(
  db: Database,
  from: EventPosition,
  limit: number,
): Promise<{ events: StoredEvent[]; unsettled: boolean; full: boolean }> {
  const { rows } = await db.query<EventRow>(READ_ALL, [from.tx, from.id, limit]);
  return settledPrefix(rows, limit);
}

/**
 * What a resuming stream missed, or null when it cannot be replayed: not written by this database, pruned
 * meanwhile, or more than `limit` events behind.
 */
export async function readReplay(
  db: Database,
  account: AuthenticatedAccount,
  from: EventPosition,
  limit: number,
): Promise<StoredEvent[] | null> {
  const { rows: check } = await db.query<{ resumable: boolean }>(RESUMABLE, [from.tx, from.id]);
  if (!check[0]?.resumable) return null;
  const { rows } =
    account.role === 'agent'
      ? await db.query<EventRow>(READ_ALL, [from.tx, from.id, limit])
      : await db.query<EventRow>(READ_PLAYER, [from.tx, from.id, limit, account.accountId]);
  const { events, full } = settledPrefix(rows, limit);
  return full ? null : events;
}

/** Where a new stream starts: after the last settled event, or the last pruned one when none is left. */
export async function readHorizon(db: Database): Promise<EventPosition> {
  const { rows } = await db.query<{ tx: number | string; id: number | string }>(HORIZON);
  const row = rows[0];
  return row ? { tx: toNumber(row.tx), id: toNumber(row.id) } : START;
}
