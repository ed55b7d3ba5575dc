import type { Database } from '../db/database.js';

/** At most `max` events in any `windowSeconds`. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

export interface ThrottleEntry {
  /** What is counted: `login_account`, `login_ip`, `code_send_email`, ... */
  bucket: string;
  /** Whose events: an account name (lower case), an e-mail (lower case), an account id, a client address. */
  key: string;
  /** None: the event is recorded (and counts for `count`), but never refuses. */
  limit?: Limit;
}

/** Refused: `buckets` are the entries' buckets that were over their limits. */
export type ThrottleResult = { allowed: true; ids: number[] } | { allowed: false; retryAfterSeconds: number; buckets: string[] };

/** Rows older than this are purged; no window is longer. */
const RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Counting in the database, so every API replica sees the same counts. Each event is inserted before it is
 * counted: of N requests racing for the last free places, each counts at least the rows committed before its own,
 * so no more than `max` of them ever see themselves within the limit.
 */
export class Throttle {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  /**
   * Records one event under every entry. When any entry is over its limit, the events are withdrawn again (a
   * refused request does not prolong a lockout) and the answer says when the earliest retry can succeed.
   */
  async hit(entries: readonly ThrottleEntry[]): Promise<ThrottleResult> {
    const now = this.now();
    await this.db.query('DELETE FROM auth_throttle WHERE at < $1', [new Date(now.getTime() - RETENTION_MS)]);
    const ids: number[] = [];
    const refusing: string[] = [];
    let retryAfterSeconds = 0;
    for (const entry of entries) {
      const { rows } = await this.db.query<{ id: number }>('INSERT INTO auth_throttle (bucket, key, at) VALUES ($1, $2, $3) RETURNING id', [
        entry.bucket,
        entry.key,
        now,
      ]);
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('auth_throttle insert returned no id');
      ids.push(id);
      if (!entry.limit) continue;
      const windowMs = entry.limit.windowSeconds * 1000;
      const { rows: events } = await this.db.query<{ at: Date }>(
        'SELECT at FROM auth_throttle WHERE bucket = $1 AND key = $2 AND at > $3 AND id <> $4 ORDER BY at',
        [entry.bucket, entry.key, new Date(now.getTime() - windowMs), id],
      );
      if (events.length + 1 > entry.limit.max) {
        // The retry succeeds once enough of the others have left the window to leave a free place.
        const freeing = events[events.length - entry.limit.max];
        const waitMs = freeing ? new Date(freeing.at).getTime() + windowMs - now.getTime() : windowMs;
        retryAfterSeconds = Math.max(retryAfterSeconds, Math.max(1, Math.ceil(waitMs / 1000)));
        refusing.push(entry.bucket);
      }
    }
    if (retryAfterSeconds > 0) {
      await this.forget(ids);
      return { allowed: false, retryAfterSeconds, buckets: refusing };
    }
    return { allowed: true, ids };
  }

  /** Events of one key within the last `windowSeconds`, without recording one. */
  async count(bucket: string, key: string, windowSeconds: number): Promise<number> {
    const since = new Date(this.now().getTime() - windowSeconds * 1000);
    const { rows } = await this.db.query<{ count: string | number }>(
      'SELECT count(*) AS count FROM auth_throttle WHERE bucket = $1 AND key = $2 AND at > $3',
      [bucket, key, since],
    );
    return Number(rows[0]?.count ?? 0);
  }

  /** Withdraws events (a login attempt that turned out to be a success is not a failure). */
  async forget(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.query('DELETE FROM auth_throttle WHERE id = ANY($1::bigint[])', [[...ids]]);
  }

  /** Forgets every event of a key (a successful login clears that account's failures). */
  async clear(bucket: string, key: string): Promise<void> {
    await this.db.query('DELETE FROM auth_throttle WHERE bucket = $1 AND key = $2', [bucket, key]);
  }

  /** Forgets every event of the keys starting with `prefix` (a reset lifts an account's locks at every address). */
  async clearPrefix(bucket: string, prefix: string): Promise<void> {
    await this.db.query('DELETE FROM auth_throttle WHERE bucket = $1 AND left(key, length($2)) = $2', [bucket, prefix]);
  }

  /**
   * Seconds left of a cool-down after the latest event under any of the entries' keys (0 when none is running),
   * without recording anything.
   */
  async coolDown(entries: readonly { bucket: string; key: string }[], seconds: number): Promise<number> {
    const now = this.now().getTime();
    let remaining = 0;
    for (const entry of entries) {
      const { rows } = await this.db.query<{ latest: Date | null }>(
        'SELECT max(at) AS latest FROM auth_throttle WHERE bucket = $1 AND key = $2',
        [entry.bucket, entry.key],
      );
      const latest = rows[0]?.latest;
      if (!latest) continue;
      const left = Math.ceil((new Date(latest).getTime() + seconds * 1000 - now) / 1000);
      remaining = Math.max(remaining, left);
    }
    return remaining;
  }
}
