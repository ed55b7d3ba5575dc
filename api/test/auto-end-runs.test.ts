import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { seedDemoAccounts } from '../src/seed/demo-accounts.js';
import { readGamesSeed, seedGames } from '../src/seed/games-seed.js';
import { readSupportSeed, seedSupport } from '../src/seed/support-seed.js';
import { AutoEndJob, autoEndTickets } from '../src/tickets/auto-end.js';
import { OffsetClock, TEST_CLOCK_PATH } from '../src/tickets/test-clock.js';
import { openTestDatabase, POSTGRES_URL, TEST_PASSWORD_HASHING, type TestDatabase, testHasher, uniqueSchema } from './helpers.js';
import { accountIdOf, AUTO_END_MS, countRows } from './tickets-helpers.js';

const HOUR_MS = 60 * 60 * 1000;

/** Waits until `check` holds, polling; fails after `timeoutMs`. */
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('several API replicas on one database', () => {
  const schema = uniqueSchema();
  let first: TestDatabase;
  let second: TestDatabase;
  const clocks = [new OffsetClock(), new OffsetClock()];
  let apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  let playerId: number;

  beforeAll(async () => {
    first = await openTestDatabase(schema);
    // PGlite is one database inside this process: both replicas share it. PostgreSQL: a second pool on the schema.
    second = POSTGRES_URL ? await openTestDatabase(schema) : first;
    await migrate(first.db);
    await seedGames(first.db, await readGamesSeed());
    await seedDemoAccounts(first.db, testHasher);
    await seedSupport(first.db, await readSupportSeed());
    apps = await Promise.all(
      [first, second].map((database, index) =>
        buildApp({ db: database.db, passwordHashing: TEST_PASSWORD_HASHING, now: clocks[index]?.now, testClock: clocks[index] }),
      ),
    );
    playerId = await accountIdOf(first.db, 'player2');
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    if (second !== first) await second?.cleanup();
    await first?.cleanup();
  });

  /** `count` chats whose agent replied a day and an hour ago, straight into the table. */
  async function dueTickets(db: Database, count: number): Promise<number[]> {
    const ids: number[] = [];
    const replied = new Date(Date.now() - AUTO_END_MS - HOUR_MS);
    for (let index = 0; index < count; index += 1) {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO tickets (account_id, request_id, ticket_type, game_id, category_id, title, content, contact_kind, contact, lang,
                              status, created_at, updated_at, last_agent_reply_at, feedback_at)
         VALUES ($1, gen_random_uuid(), '0', 2, 1, 'Due', 'Due for the auto-end.', 'email', 'p2@example.com', 'en', 'replied', $2, $2, $2, $2)
         RETURNING id`,
        [playerId, replied],
      );
      ids.push(Number(rows[0]?.id));
    }
    return ids;
  }

  it('end each chat exactly once when their test clocks run the auto-end at the same time', async () => {
    const due = await dueTickets(first.db, 30);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_unused, index) =>
        apps[index % 2]?.inject({ method: 'POST', url: TEST_CLOCK_PATH, payload: { advanceMs: 0 } }),
      ),
    );
    const ended = answers.map((answer) => (answer?.json() as { data: { autoEnded: number } }).data.autoEnded);
    expect(ended.reduce((sum, count) => sum + count, 0)).toBe(due.length);
    expect(
      await countRows(first.db, "tickets WHERE id = ANY($1::bigint[]) AND status = 'waiting_rating' AND ended_by = 'system'", [due]),
    ).toBe(due.length);
  });

  it('end each chat exactly once when their jobs and direct runs race', async () => {
    const due = await dueTickets(first.db, 40);
    const endedIds: number[] = [];
    const errors: unknown[] = [];
    const jobs = [first, second].map(
      (database, index) =>
        new AutoEndJob({
          db: database.db,
          now: () => clocks[index]?.now() ?? new Date(),
          intervalMs: 5,
          onEnded: (ids) => endedIds.push(...ids),
          onError: (error) => errors.push(error),
        }),
    );
    const direct = Promise.all(
      Array.from({ length: 6 }, (_unused, index) => autoEndTickets((index % 2 === 0 ? first : second).db, new Date())),
    );
    for (const job of jobs) job.start();
    const directIds = (await direct).flat();
    try {
      await eventually(() => endedIds.length + directIds.length >= due.length);
      // A few more rounds: nothing may end a second time.
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await Promise.all(jobs.map((job) => job.stop()));
    }
    expect(errors).toEqual([]);
    const all = [...endedIds, ...directIds].sort((a, b) => a - b);
    expect(all).toEqual([...due].sort((a, b) => a - b));
  });
});

describe('AutoEndJob', () => {
  it('runs at start, then on its interval, reporting a failed run and carrying on; stop waits for the run under way', async () => {
    const broken = await openTestDatabase();
    await broken.cleanup();
    const errors: unknown[] = [];
    const job = new AutoEndJob({
      db: broken.db,
      now: () => new Date(),
      intervalMs: 20,
      onEnded: () => undefined,
      onError: (error) => errors.push(error),
    });
    job.start();
    job.start();
    await eventually(() => errors.length >= 3);
    await job.stop();
    const after = errors.length;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(errors.length).toBe(after);
  });
});
