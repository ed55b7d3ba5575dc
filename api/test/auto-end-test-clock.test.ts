import { ERROR_CODES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { OffsetClock, TEST_CLOCK_PATH } from '../src/tickets/test-clock.js';
import { call, expectFailure, okData } from './api-calls.js';
import { harnessForFile, TEST_PASSWORD_HASHING } from './helpers.js';
import { platformBody } from './ticket-bodies.js';
import { agentReply, AUTO_END_MS, createTicket, createTicketHarness, renewSessions, ticketRow } from './tickets-helpers.js';

describe('POST /__test__/clock (API_TEST_CLOCK)', () => {
  const clock = new OffsetClock();
  const h = harnessForFile(() => createTicketHarness({ now: clock.now, testClock: clock }));

  function move(payload: unknown) {
    return h.app.inject({ method: 'POST', url: TEST_CLOCK_PATH, payload: payload as Record<string, unknown> });
  }

  it('moves the API clock forward and ends at once what is past its deadline', async () => {
    const id = await createTicket(h, h.player2, platformBody());
    await agentReply(h, id);

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
      expect(
        (await h.app.inject({ method: 'POST', url: TEST_CLOCK_PATH, remoteAddress, payload: { advanceMs: 0 } })).statusCode,
        remoteAddress,
      ).toBe(200);
    }
    // Behind a proxy on this machine, the client it names must be local too.
    const proxied = await buildApp({
      db: h.db,
      passwordHashing: TEST_PASSWORD_HASHING,
      now: clock.now,
      testClock: clock,
      trustProxy: 'loopback',
    });
    try {
      const forwarded = (client: string) =>
        proxied.inject({
          method: 'POST',
          url: TEST_CLOCK_PATH,
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
          payload: { advanceMs: 0 },
        });
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
