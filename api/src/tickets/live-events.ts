import type { ServerResponse } from 'node:http';
import { ERROR_CODES, LIVE_LIMITS, LIVE_TIMINGS, TOO_MANY_STREAMS } from 'shared-contracts';
import { toNumber, type Database } from '../db/database.js';
import { SESSIONS_ENDED_CHANNEL } from '../identity/sessions.js';
import type { AuthenticatedAccount } from '../identity/types.js';
import { parseEventId, readEventsAfter, readHorizon, readReplay, type EventPosition } from './event-log.js';
import { LiveStream } from './live-stream.js';

/** The NOTIFY channel of migration 0009's triggers. */
export const TICKET_EVENTS_CHANNEL = 'ticket_events';

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
      const { rows: lock } = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1::bigint) AS locked', [
        PRUNE_LOCK_KEY,
      ]);
      if (!lock[0]?.locked) return 0;
      const { rows } = await tx.query<{ tx: number | string; id: number | string }>(PRUNE_UP_TO, [before, PRUNE_BATCH]);
      if (!rows[0]) return 0;
      const upTo = [toNumber(rows[0].tx), toNumber(rows[0].id)];
      const { rowCount } = await tx.query('DELETE FROM ticket_events WHERE (tx, id) <= ($1::bigint, $2::bigint) AND created_at < $3', [
        ...upTo,
        before,
      ]);
      await tx.query('UPDATE ticket_events_pruned SET tx = $1, id = $2 WHERE ($1::bigint, $2::bigint) > (tx, id)', upTo);
      return rowCount;
    });
    total += deleted;
    if (deleted < PRUNE_BATCH) return total;
  }
}

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
  #checkingSessions: Promise<void> | null = null;
  #checkSessionsAgain = false;
  readonly #now: () => Date;
  #stopListening: (() => Promise<void>) | null = null;
  #closing = false;

  constructor(options: LiveEventsOptions) {
    this.#db = options.db;
    this.#onError = options.onError;
    this.#now = options.now ?? (() => new Date());
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
      const prune = setInterval(() => {
        this.#pruning ??= pruneTicketEvents(this.#db, this.#now())
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
        .writeHead(429, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
          'retry-after': '30',
          'x-content-type-options': 'nosniff',
          connection: 'close',
        })
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
      const replay = resumeFrom ? await readReplay(this.#db, account, resumeFrom, this.#batchMax) : null;
      if (replay && resumeFrom) stream.start(resumeFrom, replay, { resumed: true });
      else stream.start(await readHorizon(this.#db), [], { resumed: false });
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
    this.#checkSessionsAgain = false;
    await this.#checkingSessions;
    const stop = this.#stopListening;
    this.#stopListening = null;
    await stop?.();
  }

  /**
   * Checks the streams' sessions now, or once more after the check under way: a notification that arrives while a
   * check reads may come from a revocation that read did not see.
   */
  #checkSessions(): void {
    if (this.#closing) return;
    if (this.#checkingSessions) {
      this.#checkSessionsAgain = true;
      return;
    }
    this.#checkingSessions = this.#endStreamsOfEndedSessions().finally(() => {
      this.#checkingSessions = null;
      if (this.#checkSessionsAgain) {
        this.#checkSessionsAgain = false;
        this.#checkSessions();
      }
    });
  }

  /**
   * A stream's session was checked when it opened. One ended early (logged out, logged out from another device, its
   * password changed or reset, on any replica: SESSIONS_ENDED_CHANNEL) ends at once; one past its lifetime or its
   * idle time, or whose account is no longer an agent, or is one now, at the next heartbeat rather than with the
   * stream's lifetime: what it may see was decided by that session. The browser reconnects, and is refused or sees
   * what it now may.
   */
  async #endStreamsOfEndedSessions(): Promise<void> {
    const streams = [...this.#streams];
    if (streams.length === 0) return;
    try {
      const { rows } = await this.#db.query<{ id: number | string; role: string }>(
        `SELECT s.id, a.role FROM sessions s JOIN accounts a ON a.id = s.account_id
         WHERE s.id = ANY($1::bigint[]) AND s.revoked_at IS NULL AND s.expires_at > $2
           AND coalesce(s.last_seen_at, s.created_at) + s.idle_timeout_seconds * interval '1 second' > $2`,
        [[...new Set(streams.map((stream) => stream.account.sessionId))], this.#now()],
      );
      const roleOf = new Map(rows.map((row) => [toNumber(row.id), row.role]));
      for (const stream of streams) if (roleOf.get(stream.account.sessionId) !== stream.account.role) stream.end();
    } catch (error) {
      this.#onError(error, 'live channel session check');
    }
  }

  /** Starts listening with the first stream, and (again) sets where the fan-out stands. */
  async #ensureReader(): Promise<void> {
    if (this.#cursor) return;
    this.#starting ??= (async () => {
      if (!this.#stopListening) {
        const stopEvents = await this.#db.listen(TICKET_EVENTS_CHANNEL, () => this.#wake());
        let stopSessions: () => Promise<void>;
        try {
          stopSessions = await this.#db.listen(SESSIONS_ENDED_CHANNEL, () => this.#checkSessions());
        } catch (error) {
          await stopEvents();
          throw error;
        }
        this.#stopListening = async () => {
          await Promise.all([stopEvents(), stopSessions()]);
        };
        const heartbeat = setInterval(() => {
          for (const stream of this.#streams) stream.write(': heartbeat\n\n');
          this.#checkSessions();
        }, this.#heartbeatMs);
        const poll = setInterval(() => this.#wake(), this.#safetyPollMs);
        heartbeat.unref();
        poll.unref();
        this.#timers.push(heartbeat, poll);
      }
      return readHorizon(this.#db);
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
      const { events, unsettled, full } = await readEventsAfter(this.#db, cursor, this.#batchMax);
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
