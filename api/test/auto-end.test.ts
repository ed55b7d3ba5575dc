import { ERROR_CODES, LIMITS } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { seedDemoAccounts } from '../src/seed/demo-accounts.js';
import { readGamesSeed, seedGames } from '../src/seed/games-seed.js';
import { readSupportSeed, seedSupport } from '../src/seed/support-seed.js';
import { AutoEndJob, autoEndTickets } from '../src/tickets/auto-end.js';
import { OffsetClock, TEST_CLOCK_PATH } from '../src/tickets/test-clock.js';
import { POSTGRES_URL, TEST_PASSWORD_HASHING, openTestDatabase, testHasher, uniqueSchema, type TestDatabase } from './helpers.js';
import { call, expectFailure, okData } from './identity-helpers.js';
import {
  accountIdOf,
  countRows,
  createTicket,
  createTicketHarness,
  platformBody,
  renewSessions,
  replyBody,
  ticketRow,
  type TicketHarness,
} from './tickets-helpers.js';

const HOUR_MS = 60 * 60 * 1000;
const AUTO_END_MS = LIMITS.autoEndHours * HOUR_MS;

/** Waits until `check` holds, polling; fails after `timeoutMs`. */
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('auto-end after 24 hours without a player reply (SPEC §4)', () => {
  let h: TicketHarness;

  beforeAll(async () => {
    h = await createTicketHarness();
  });

  afterAll(async () => {
    await h?.cleanup();
  });

  async function repliedTicket(): Promise<number> {
    const id = await createTicket(h, h.player2, platformBody());
    okData('agentInquiryReply', await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id, 'Does this help?') }));
    return id;
  }

  const runNow = () => autoEndTickets(h.db, h.clock.now(), { wait: true });

  it('ends a replied chat at its deadline, by the system, with the feedback dot, and then it can be rated', async () => {
    const id = await repliedTicket();
    okData('inquiryDetail', await call(h, 'inquiryDetail', { token: h.player2, query: `?inquiryId=${id}` }));
    expect(okData('inquiryFeedback', await call(h, 'inquiryFeedback', { token: h.player2 })).count).toBe(0);

    h.clock.advance({ hours: LIMITS.autoEndHours - 1, minutes: 59 });
    expect(await runNow()).toEqual([]);
    expect((await ticketRow(h.db, id)).status).toBe('replied');

    h.clock.advance({ minutes: 1 });
    expect(await runNow()).toEqual([id]);
    const row = await ticketRow(h.db, id);
    expect(row).toMatchObject({ status: 'waiting_rating', ended_by: 'system' });
    for (const time of [row.ended_at, row.feedback_at, row.updated_at]) expect(time?.toISOString()).toBe(h.clock.now().toISOString());
    expect(await runNow()).toEqual([]);

    // A day later the player comes back and logs in again.
    await renewSessions(h);
    expect(okData('inquiryFeedback', await call(h, 'inquiryFeedback', { token: h.player2 }))).toEqual({ count: 1, hasNew: true });
    const [listed] = okData('inquiryList', await call(h, 'inquiryList', { token: h.player2 }));
    expect(listed).toMatchObject({ id, status: 'waiting_rating', unread: true });
    expect(okData('inquiryDetail', await call(h, 'inquiryDetail', { token: h.player2, query: `?inquiryId=${id}` }))).toMatchObject({
      status: 'waiting_rating',
      endedBy: 'system',
      endedAt: h.clock.now().toISOString(),
    });
    expect(okData('inquiryFeedback', await call(h, 'inquiryFeedback', { token: h.player2 }))).toEqual({ count: 0, hasNew: false });

    expectFailure(await call(h, 'inquiryReply', { token: h.player2, body: replyBody(id) }), 409, ERROR_CODES.conflict, 'inquiryClosed');
    okData('inquiryScore', await call(h, 'inquiryScore', { token: h.player2, body: { inquiryId: id, score: 5 } }));
    expect((await ticketRow(h.db, id)).status).toBe('ended');
  });

  it('counts from the last agent reply and never ends a chat that waits for an agent', async () => {
    const unanswered = await createTicket(h, h.player2, platformBody());
    const answeredBack = await repliedTicket();
    const answeredTwice = await repliedTicket();
    h.clock.advance({ hours: 1 });
    okData('inquiryReply', await call(h, 'inquiryReply', { token: h.player2, body: replyBody(answeredBack, 'Not yet.') }));
    h.clock.advance({ hours: 19 });
    await renewSessions(h);
    okData('agentInquiryReply', await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(answeredTwice, 'Anything else?') }));

    h.clock.advance({ hours: 6 });
    expect(await runNow()).toEqual([]);
    h.clock.advance({ hours: 18 });
    expect(await runNow()).toEqual([answeredTwice]);
    h.clock.advance({ hours: 24 * 7 });
    expect(await runNow()).toEqual([]);
    expect((await ticketRow(h.db, unanswered)).status).toBe('processing');
    expect((await ticketRow(h.db, answeredBack)).status).toBe('waiting_reply');
  });

  it('does not fire on a chat the player or an agent already ended', async () => {
    await renewSessions(h);
    const byPlayer = await repliedTicket();
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: h.player2, body: { inquiryId: byPlayer } }));
    const byAgent = await repliedTicket();
    okData('agentInquiryEnd', await call(h, 'agentInquiryEnd', { token: h.agent, body: { inquiryId: byAgent } }));
    h.clock.advance({ hours: LIMITS.autoEndHours + 1 });
    expect(await runNow()).toEqual([]);
    expect(await ticketRow(h.db, byPlayer)).toMatchObject({ ended_by: 'player' });
    expect(await ticketRow(h.db, byAgent)).toMatchObject({ ended_by: 'agent' });
  });
});

describe('POST /__test__/clock (API_TEST_CLOCK)', () => {
  let h: TicketHarness;
  const clock = new OffsetClock();

  beforeAll(async () => {
    h = await createTicketHarness({ now: clock.now, testClock: clock });
  });

  afterAll(async () => {
    await h?.cleanup();
  });

  function move(payload: unknown) {
    return h.app.inject({ method: 'POST', url: TEST_CLOCK_PATH, payload: payload as Record<string, unknown> });
  }

  it('moves the API clock forward and ends at once what is past its deadline', async () => {
    const id = await createTicket(h, h.player2, platformBody());
    okData('agentInquiryReply', await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id) }));

    const early = await move({ advanceMs: AUTO_END_MS - 60_000 });
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({ code: 1, msg: 'ok', data: { autoEnded: 0 } });
    const due = (await move({ advanceMs: 60_000 })).json() as { code: number; data: { now: string; autoEnded: number } };
    expect(due).toMatchObject({ code: 1, msg: 'ok', data: { autoEnded: 1 } });
    expect(Math.abs(Date.parse(due.data.now) - (Date.now() + AUTO_END_MS))).toBeLessThan(5_000);
    expect(Math.abs(clock.now().getTime() - (Date.now() + AUTO_END_MS))).toBeLessThan(1_000);

    expect(await ticketRow(h.db, id)).toMatchObject({ status: 'waiting_rating', ended_by: 'system' });
    // A session from before the move has ended (a day is past its lifetime); a new login works in the moved time.
    expectFailure(await call(h, 'usersInfo', { token: h.player2 }), 401, ERROR_CODES.sessionInvalid, 'sessionInvalid');
    await renewSessions(h);
    expect(okData('inquiryFeedback', await call(h, 'inquiryFeedback', { token: h.player2 })).count).toBe(1);
  });

  it('refuses a bad body with 4000 and is not in the OpenAPI document', async () => {
    for (const payload of [{}, { advanceMs: -1 }, { advanceMs: 1.5 }, { advanceMs: '60000' }, { advanceMs: 1, extra: true }]) {
      const answer = await move(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json()).toMatchObject({ code: ERROR_CODES.badRequest, data: null });
    }
    const document = (await h.app.inject('/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).not.toContain(TEST_CLOCK_PATH);
  });

  it('exists only for callers on this machine, whatever a proxy header claims', async () => {
    const before = clock.now().getTime();
    for (const remoteAddress of ['203.0.113.7', '10.0.0.2', '::ffff:192.0.2.1', '2001:db8::1']) {
      const answer = await h.app.inject({ method: 'POST', url: TEST_CLOCK_PATH, remoteAddress, payload: { advanceMs: AUTO_END_MS } });
      expect(answer.statusCode, remoteAddress).toBe(404);
      expect(answer.json()).toMatchObject({ code: ERROR_CODES.notFound, msg: `Not found: POST ${TEST_CLOCK_PATH}` });
    }
    expect(clock.now().getTime() - before).toBeLessThan(60_000);
    for (const remoteAddress of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) {
      expect((await h.app.inject({ method: 'POST', url: TEST_CLOCK_PATH, remoteAddress, payload: { advanceMs: 0 } })).statusCode, remoteAddress).toBe(200);
    }
    // Behind a proxy on this machine, the client it names must be local too.
    const proxied = await buildApp({ db: h.db, passwordHashing: TEST_PASSWORD_HASHING, now: clock.now, testClock: clock, trustProxy: 'loopback' });
    try {
      const forwarded = (client: string) =>
        proxied.inject({ method: 'POST', url: TEST_CLOCK_PATH, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client }, payload: { advanceMs: 0 } });
      expect((await forwarded('203.0.113.7')).statusCode).toBe(404);
      expect((await forwarded('127.0.0.1')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('does not exist without API_TEST_CLOCK', async () => {
    const plain = await buildApp({ db: h.db, passwordHashing: TEST_PASSWORD_HASHING });
    try {
      const answer = await plain.inject({ method: 'POST', url: TEST_CLOCK_PATH, payload: { advanceMs: AUTO_END_MS } });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: ERROR_CODES.notFound });
    } finally {
      await plain.close();
    }
  });
});

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
    expect(await countRows(first.db, "tickets WHERE id = ANY($1::bigint[]) AND status = 'waiting_rating' AND ended_by = 'system'", [due])).toBe(due.length);
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
    const job = new AutoEndJob({ db: broken.db, now: () => new Date(), intervalMs: 20, onEnded: () => undefined, onError: (error) => errors.push(error) });
    job.start();
    job.start();
    await eventually(() => errors.length >= 3);
    await job.stop();
    const after = errors.length;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(errors.length).toBe(after);
  });
});

describe('configuration', () => {
  it('reads the long-queue threshold, the auto-end interval and the test clock', () => {
    expect(loadConfig({})).toMatchObject({ longQueueThreshold: 20, autoEndIntervalMs: 60_000, testClock: false });
    expect(loadConfig({ SUPPORT_LONG_QUEUE: '5', AUTO_END_INTERVAL_SECONDS: '15', API_TEST_CLOCK: '1', NODE_ENV: 'test' })).toMatchObject({
      longQueueThreshold: 5,
      autoEndIntervalMs: 15_000,
      testClock: true,
    });
    expect(loadConfig({ SUPPORT_LONG_QUEUE: '', API_TEST_CLOCK: '0', NODE_ENV: 'production' })).toMatchObject({ longQueueThreshold: 20, testClock: false });
    for (const env of [{ SUPPORT_LONG_QUEUE: '0' }, { SUPPORT_LONG_QUEUE: 'many' }, { AUTO_END_INTERVAL_SECONDS: '0' }, { API_TEST_CLOCK: 'maybe' }]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });

  it('refuses the test clock on a production server', () => {
    expect(() => loadConfig({ API_TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(/API_TEST_CLOCK: must not be on when NODE_ENV is production/);
  });
});
