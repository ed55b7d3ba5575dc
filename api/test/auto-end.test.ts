import { ERROR_CODES, LIMITS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { autoEndTickets } from '../src/tickets/auto-end.js';
import { call, expectFailure, okData } from './api-calls.js';
import { harnessForFile } from './helpers.js';
import { platformBody, replyBody } from './ticket-bodies.js';
import { agentReply, createTicket, createTicketHarness, renewSessions, ticketRow } from './tickets-helpers.js';

describe('auto-end after 24 hours without a player reply (SPEC §4)', () => {
  const h = harnessForFile(createTicketHarness);

  async function repliedTicket(): Promise<number> {
    const id = await createTicket(h, h.player2, platformBody());
    await agentReply(h, id, 'Does this help?');
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
    await agentReply(h, answeredTwice, 'Anything else?');

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

describe('configuration', () => {
  it('reads the long-queue threshold, the auto-end interval and the test clock', () => {
    expect(loadConfig({})).toMatchObject({ longQueueThreshold: 20, autoEndIntervalMs: 60_000, testClock: false });
    expect(loadConfig({ SUPPORT_LONG_QUEUE: '5', AUTO_END_INTERVAL_SECONDS: '15', API_TEST_CLOCK: '1', NODE_ENV: 'test' })).toMatchObject({
      longQueueThreshold: 5,
      autoEndIntervalMs: 15_000,
      testClock: true,
    });
    const productionKey = Buffer.alloc(32, 7).toString('base64');
    expect(
      loadConfig({ SUPPORT_LONG_QUEUE: '', API_TEST_CLOCK: '0', NODE_ENV: 'production', TOTP_SECRET_KEY: productionKey }),
    ).toMatchObject({
      longQueueThreshold: 20,
      testClock: false,
    });
    for (const env of [
      { SUPPORT_LONG_QUEUE: '0' },
      { SUPPORT_LONG_QUEUE: 'many' },
      { AUTO_END_INTERVAL_SECONDS: '0' },
      { API_TEST_CLOCK: 'maybe' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });

  it('refuses the test clock on a production server', () => {
    expect(() => loadConfig({ API_TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(
      /API_TEST_CLOCK: must not be on when NODE_ENV is production/,
    );
  });
});
