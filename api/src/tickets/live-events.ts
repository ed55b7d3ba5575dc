import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ERROR_CODES,
  LIVE_EVENTS_PATH,
  LIVE_LIMITS,
  LIVE_TIMINGS,
  TOO_MANY_STREAMS,
  type LiveReadyEvent,
  type TicketLiveEvent,
} from 'shared-contracts';
import { toNumber, type Database } from '../db/database.js';
import type { AuthenticatedAccount } from '../identity/types.js';
import { iso } from './read.js';

/** The NOTIFY channel of migration 0009's triggers. */
export const TICKET_EVENTS_CHANNEL = 'ticket_events';

/** Where a stream stands in migration 0009's (tx, id) order of ticket_events; its Last-Event-ID is `tx-id`. */
export interface EventPosition {
  tx: number;
  id: number;
}

const START: EventPosition = { tx: 0, id: 0 };

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

export interface LiveEventsOptions {
  db: Database;
  /** The API's clock, for the retention of events. */
  now?: () => Date;
  /** How often this replica prunes events past their retention; `false`: never (tests that count events). */
  pruneIntervalMs?: number | false;
  onError: (error: unknown, context: string) => void;
  heartbeatMs?: number;
  lifetimeMs?: number;
  /** Events one read takes at most; a resume that is further behind starts afresh (`resumed: false`). */
  batchMax?: number;
  /** A read finding rows of transactions still running tries again after this pause. */
  settleRetryMs?: number;
  /** Read even without a notification this often while streams are open: a lost NOTIFY only delays. */
  safetyPollMs?: number;
  /** A client that reads this far behind is dropped; it resumes when it reconnects. */
  backlogBytesMax?: number;
  /** Told of each stream that opens; the function it returns is called when that stream closes (a gauge). */
  onStreamOpened?: () => () => void;
  /** Streams one account may hold open on this replica; more are refused with 4290 (a script opening thousands). */
  streamsPerAccount?: number;
}

/** How long events stay resumable: a browser away longer fetches what it shows again. */
export const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Events deleted per statement, so pruning never holds one long transaction. */
const PRUNE_BATCH = 5_000;

/**
 * Deletes the events older than the retention (`now` minus EVENT_RETENTION_MS), a batch per transaction, unless
 * another replica is pruning; returns how many went.
 */
export async function pruneTicketEvents(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - EVENT_RETENTION_MS);
  let total = 0;
  for (;;) {
    const deleted = await db.transaction(async (tx) => {
      const { rows: lock } = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1::bigint) AS locked', [PRUNE_LOCK_KEY]);
      if (!lock[0]?.locked) return 0;
      const { rows } = await tx.query<{ tx: number | string; id: number | string }>(PRUNE_UP_TO, [before, PRUNE_BATCH]);
      if (!rows[0]) return 0;
      const upTo = [toNumber(rows[0].tx), toNumber(rows[0].id)];
      const { rowCount } = await tx.query('DELETE FROM ticket_events WHERE (tx, id) <= ($1::bigint, $2::bigint) AND created_at < $3', [...upTo, before]);
      await tx.query('UPDATE ticket_events_pruned SET tx = $1, id = $2 WHERE ($1::bigint, $2::bigint) > (tx, id)', upTo);
      return rowCount;
    });
    total += deleted;
    if (deleted < PRUNE_BATCH) return total;
  }
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

interface StoredEvent {
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

/** Every replica's pruning shares this advisory lock key, so one prunes while the others skip. */
export const PRUNE_LOCK_KEY = '7305221003319';

/**
 * The last of the oldest $2 events written before $1 by finished transactions: where one batch of pruning ends.
 * Read before anything is deleted, while the transaction has no id of its own that the snapshot would count.
 */
const PRUNE_UP_TO = `SELECT tx, id FROM (
    SELECT tx, id FROM ticket_events
    WHERE created_at < $1 AND tx < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
    ORDER BY tx, id LIMIT $2) oldest
  ORDER BY tx DESC, id DESC LIMIT 1`;

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

function sse(event: string, id: string | null, data: unknown): string {
  return `${id === null ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** One open stream: one session's view of the events, written to its response in order, each once. */
class LiveStream {
  cursor: EventPosition = START;
  /** Until its replay is written, fan-out events wait here (they may overlap the replay; the cursor drops those). */
  #waiting: StoredEvent[] | null = [];
  readonly #ended: Promise<void>;
  #closed = false;

  constructor(
    readonly account: AuthenticatedAccount,
    readonly response: ServerResponse,
    readonly backlogBytesMax: number,
  ) {
    this.#ended = new Promise((resolve) => response.once('close', resolve));
    this.#ended.then(() => {
      this.#closed = true;
    });
  }

  get closed(): boolean {
    return this.#closed || this.response.destroyed;
  }

  /** Ends when the client went away or the server closed the stream. */
  ended(): Promise<void> {
    return this.#ended;
  }

  sees(stored: StoredEvent): boolean {
    return this.account.role === 'agent' || (stored.accountId === this.account.accountId && stored.audience === 'all');
  }

  /** Fan-out from the replica's reader. */
  offer(events: readonly StoredEvent[]): void {
    if (this.#waiting) this.#waiting.push(...events);
    else this.#send(events);
  }

  /** From `from` on: writes the replay and `ready`, then what the fan-out brought meanwhile. */
  start(from: EventPosition, replay: readonly StoredEvent[], ready: LiveReadyEvent): void {
    this.cursor = from;
    this.#send(replay);
    this.write(sse('ready', formatEventId(this.cursor), ready));
    const waiting = this.#waiting ?? [];
    this.#waiting = null;
    this.#send(waiting);
  }

  #send(events: readonly StoredEvent[]): void {
    for (const stored of events) {
      if (!isAfter(stored.position, this.cursor)) continue;
      this.cursor = stored.position;
      if (this.sees(stored)) this.write(sse('ticket', formatEventId(stored.position), stored.event));
    }
  }

  write(chunk: string): void {
    if (this.closed) return;
    this.response.write(chunk);
    // A client that stopped reading is cut off rather than buffered for without end; it resumes on reconnecting.
    if (this.response.writableLength > this.backlogBytesMax) this.end();
  }

  end(): void {
    if (!this.response.writableEnded) this.response.end();
  }
}

/**
 * The replica's side of the live channel. One reader per replica follows ticket_events (woken by NOTIFY, which
 * on PGlite is an in-process bus) and hands each new event to every stream of this replica that may see it: a
 * player's stream only their own tickets' events and never an agents-only one, an agent's stream all. A stream
 * that names a Last-Event-ID first gets what it missed from the table, so a drop or a killed replica loses nothing,
 * on whichever replica it reconnects to.
 */
export class LiveTicketEvents {
  readonly #db: Database;
  readonly #onError: LiveEventsOptions['onError'];
  readonly #heartbeatMs: number;
  readonly #lifetimeMs: number;
  readonly #batchMax: number;
  readonly #settleRetryMs: number;
  readonly #safetyPollMs: number;
  readonly #backlogBytesMax: number;
  readonly #onStreamOpened: () => () => void;
  readonly #streamsPerAccount: number;
  readonly #openByAccount = new Map<number, number>();
  readonly #streams = new Set<LiveStream>();
  /** Where the fan-out stands; null while no stream is open (the reader then reads nothing). */
  #cursor: EventPosition | null = null;
  #starting: Promise<EventPosition> | null = null;
  #reading: Promise<void> | null = null;
  #readAgain = false;
  #retry: NodeJS.Timeout | undefined;
  #timers: NodeJS.Timeout[] = [];
  #pruning: Promise<void> | null = null;
  #stopListening: (() => Promise<void>) | null = null;
  #closing = false;

  constructor(options: LiveEventsOptions) {
    this.#db = options.db;
    this.#onError = options.onError;
    this.#heartbeatMs = options.heartbeatMs ?? LIVE_TIMINGS.heartbeatMs;
    this.#lifetimeMs = options.lifetimeMs ?? LIVE_TIMINGS.lifetimeMs;
    this.#batchMax = options.batchMax ?? 500;
    this.#settleRetryMs = options.settleRetryMs ?? 20;
    this.#safetyPollMs = options.safetyPollMs ?? 10_000;
    this.#backlogBytesMax = options.backlogBytesMax ?? 256 * 1024;
    this.#onStreamOpened = options.onStreamOpened ?? (() => () => undefined);
    this.#streamsPerAccount = options.streamsPerAccount ?? LIVE_LIMITS.streamsPerAccount;
    const pruneIntervalMs = options.pruneIntervalMs ?? 60 * 60 * 1000;
    if (pruneIntervalMs !== false) {
      const now = options.now ?? (() => new Date());
      const prune = setInterval(() => {
        this.#pruning ??= pruneTicketEvents(this.#db, now())
          .then(
            () => undefined,
            (error: unknown) => this.#onError(error, 'live events pruning'),
          )
          .finally(() => {
            this.#pruning = null;
          });
      }, pruneIntervalMs);
      prune.unref();
      this.#timers.push(prune);
    }
  }

  /**
   * Serves one stream on a response whose headers the caller has not sent yet, until the client leaves, the
   * stream's lifetime ends or the app closes.
   */
  async serve(account: AuthenticatedAccount, response: ServerResponse, lastEventId: string | undefined): Promise<void> {
    if (this.#closing) {
      response.writeHead(503, { 'retry-after': '1' }).end();
      return;
    }
    const open = this.#openByAccount.get(account.accountId) ?? 0;
    if (open >= this.#streamsPerAccount) {
      response
        .writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '30', 'x-content-type-options': 'nosniff', connection: 'close' })
        .end(JSON.stringify({ code: ERROR_CODES.tooManyRequests, msg: TOO_MANY_STREAMS, data: null }));
      return;
    }
    this.#openByAccount.set(account.accountId, open + 1);
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      // nginx must pass each event on at once, not gather the response in its buffers.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      // The connection ends with the stream: a kept-alive one would hold the server's close until its timeout.
      connection: 'close',
    });
    // Headers out at once: the client knows it is connected before the first event.
    response.write(': live\n\n');
    const stream = new LiveStream(account, response, this.#backlogBytesMax);
    const lifetime = setTimeout(() => stream.end(), this.#lifetimeMs);
    const closed = this.#onStreamOpened();
    try {
      await this.#ensureReader();
      this.#streams.add(stream);
      // The app began closing while this stream was being set up: it ends with the others.
      if (this.#closing) stream.end();
      const resumeFrom = parseEventId(lastEventId);
      const replay = resumeFrom ? await this.#replay(account, resumeFrom) : null;
      if (replay && resumeFrom) stream.start(resumeFrom, replay, { resumed: true });
      else stream.start(await this.#horizon(), [], { resumed: false });
      await stream.ended();
    } catch (error) {
      this.#onError(error, 'live stream');
      stream.end();
    } finally {
      clearTimeout(lifetime);
      closed();
      const left = (this.#openByAccount.get(account.accountId) ?? 1) - 1;
      if (left > 0) this.#openByAccount.set(account.accountId, left);
      else this.#openByAccount.delete(account.accountId);
      this.#streams.delete(stream);
      if (this.#streams.size === 0) this.#cursor = null;
    }
  }

  /** Ends every stream and stops listening: before the server closes, which waits for open connections. */
  async close(): Promise<void> {
    this.#closing = true;
    for (const stream of this.#streams) stream.end();
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
    clearTimeout(this.#retry);
    await this.#reading;
    await this.#pruning;
    const stop = this.#stopListening;
    this.#stopListening = null;
    await stop?.();
  }

  /** What a resuming stream missed, or null when it cannot be replayed (not ours, or too far behind). */
  async #replay(account: AuthenticatedAccount, from: EventPosition): Promise<StoredEvent[] | null> {
    const { rows: check } = await this.#db.query<{ resumable: boolean }>(RESUMABLE, [from.tx, from.id]);
    if (!check[0]?.resumable) return null;
    const { rows } =
      account.role === 'agent'
        ? await this.#db.query<EventRow>(READ_ALL, [from.tx, from.id, this.#batchMax])
        : await this.#db.query<EventRow>(READ_PLAYER, [from.tx, from.id, this.#batchMax, account.accountId]);
    const { events, full } = settledPrefix(rows, this.#batchMax);
    return full ? null : events;
  }

  async #horizon(): Promise<EventPosition> {
    const { rows } = await this.#db.query<{ tx: number | string; id: number | string }>(HORIZON);
    const row = rows[0];
    return row ? { tx: toNumber(row.tx), id: toNumber(row.id) } : START;
  }

  /** Starts listening with the first stream, and (again) sets where the fan-out stands. */
  async #ensureReader(): Promise<void> {
    if (this.#cursor) return;
    this.#starting ??= (async () => {
      if (!this.#stopListening) {
        this.#stopListening = await this.#db.listen(TICKET_EVENTS_CHANNEL, () => this.#wake());
        const heartbeat = setInterval(() => {
          for (const stream of this.#streams) stream.write(': heartbeat\n\n');
        }, this.#heartbeatMs);
        const poll = setInterval(() => this.#wake(), this.#safetyPollMs);
        heartbeat.unref();
        poll.unref();
        this.#timers.push(heartbeat, poll);
      }
      return this.#horizon();
    })();
    try {
      this.#cursor ??= await this.#starting;
    } finally {
      this.#starting = null;
    }
  }

  #wake(): void {
    if (this.#closing || !this.#cursor) return;
    if (this.#reading) {
      this.#readAgain = true;
      return;
    }
    this.#reading = this.#read()
      .catch((error: unknown) => this.#onError(error, 'live events read'))
      .finally(() => {
        this.#reading = null;
        if (this.#readAgain) {
          this.#readAgain = false;
          this.#wake();
        }
      });
  }

  async #read(): Promise<void> {
    for (;;) {
      const cursor = this.#cursor;
      if (!cursor || this.#closing) return;
      const { rows } = await this.#db.query<EventRow>(READ_ALL, [cursor.tx, cursor.id, this.#batchMax]);
      const { events, unsettled, full } = settledPrefix(rows, this.#batchMax);
      // The last stream may have gone (and the cursor with it) while the rows were read.
      if (this.#cursor === cursor && events.length > 0) {
        this.#cursor = events.at(-1)!.position;
        for (const stream of this.#streams) stream.offer(events);
      }
      if (unsettled) {
        clearTimeout(this.#retry);
        this.#retry = setTimeout(() => this.#wake(), this.#settleRetryMs);
        return;
      }
      if (!full) return;
    }
  }
}

/**
 * GET LIVE_EVENTS_PATH: the session's live stream. The bearer token is checked as for every call (a missing or
 * refused one gets the -600 envelope, before any stream starts); the query (the client's common parameters) is
 * not used. The stream then belongs to the raw response, outside Fastify's reply.
 */
export function registerLiveEventsRoute(
  app: FastifyInstance,
  { live, authenticate }: { live: LiveTicketEvents; authenticate: (request: FastifyRequest) => Promise<AuthenticatedAccount> },
): void {
  app.get(LIVE_EVENTS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const account = await authenticate(request);
    const lastEventId = request.headers['last-event-id'];
    reply.hijack();
    await live.serve(account, reply.raw, typeof lastEventId === 'string' ? lastEventId : undefined);
  });
}
