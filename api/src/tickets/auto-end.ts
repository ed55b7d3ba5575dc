import { LIMITS } from 'shared-contracts';
import { toNumber, type Database } from '../db/database.js';

const HOUR_MS = 60 * 60 * 1000;

/** Every replica's runs share this advisory lock key, so one runs while the others skip (DESIGN §5). */
export const AUTO_END_LOCK_KEY = '7305221002417';

export const DEFAULT_AUTO_END_INTERVAL_MS = 60_000;

export interface AutoEndOptions {
  /**
   * Wait for a run another replica is doing instead of skipping this one. The test clock waits, so that after it
   * moves time the tickets past their deadline have ended when it answers.
   */
  wait?: boolean;
}

/**
 * SPEC §4: a chat whose last message is an agent's and that the player has left unanswered for
 * LIMITS.autoEndHours ends by itself and invites a rating; the player sees the feedback dot. One UPDATE claims the
 * due tickets, so each ends once even when replicas run at the same moment (a row that another run changed no
 * longer matches `status = 'replied'`); the advisory lock only spares the database redundant scans.
 * Returns the ids of the tickets this run ended.
 */
export async function autoEndTickets(db: Database, now: Date, options: AutoEndOptions = {}): Promise<number[]> {
  return db.transaction(async (tx) => {
    if (options.wait) {
      await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [AUTO_END_LOCK_KEY]);
    } else {
      const { rows } = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1::bigint) AS locked', [AUTO_END_LOCK_KEY]);
      if (!rows[0]?.locked) return [];
    }
    const deadline = new Date(now.getTime() - LIMITS.autoEndHours * HOUR_MS);
    const { rows } = await tx.query<{ id: number | string }>(
      `UPDATE tickets SET status = 'waiting_rating', ended_by = 'system', ended_at = $1, feedback_at = $1, updated_at = $1
       WHERE status = 'replied' AND last_agent_reply_at <= $2
       RETURNING id`,
      [now, deadline],
    );
    return rows.map((row) => toNumber(row.id));
  });
}

export interface AutoEndJobOptions {
  db: Database;
  /** The API's clock (the test clock when API_TEST_CLOCK is on). */
  now: () => Date;
  intervalMs: number;
  onEnded: (ticketIds: number[]) => void;
  /** A failed run is reported and the next one tries again; the job never stops by itself. */
  onError: (error: unknown) => void;
}

/** Runs `autoEndTickets` at start and then every `intervalMs`, never two runs at once in one process. */
export class AutoEndJob {
  readonly #options: AutoEndJobOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(options: AutoEndJobOptions) {
    this.#options = options;
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => this.#tick(), this.#options.intervalMs);
    // The job alone never keeps the process alive; the server does.
    this.#timer.unref();
    this.#tick();
  }

  /** Stops the timer and waits for a run in progress, so the database can be closed after it. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  #tick(): void {
    if (this.#running) return;
    this.#running = autoEndTickets(this.#options.db, this.#options.now())
      .then(
        (ended) => {
          if (ended.length > 0) this.#options.onEnded(ended);
        },
        (error: unknown) => this.#options.onError(error),
      )
      .finally(() => {
        this.#running = undefined;
      });
  }
}
