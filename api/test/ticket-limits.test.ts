import { randomUUID } from 'node:crypto';
import { ERROR_CODES, LIMITS } from 'shared-contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TICKET_LIMITS } from '../src/tickets/ticket-options.js';
import { call, expectFailure, okData } from './api-calls.js';
import { harnessForFile } from './helpers.js';
import { loggedInPlayer } from './identity-helpers.js';
import { platformBody, replyBody } from './ticket-bodies.js';
import { countRows, createTicket, createTicketHarness, renewSessions, ticketCount } from './tickets-helpers.js';

/** The limits that keep one account from flooding the agents' queue, at their defaults. */
const h = harnessForFile(() => createTicketHarness({ ticketLimits: DEFAULT_TICKET_LIMITS }));

// The tests move the clock through the throttles' windows, past an agent session's idle time.
beforeEach(async () => {
  await renewSessions(h);
});

function end(token: string, inquiryId: number) {
  return call(h, 'inquiryEnd', { token, body: { inquiryId } });
}

/** The Retry-After of a throttled answer, in seconds. */
function retryAfter(answer: { headers: Record<string, unknown> }): number {
  return Number(answer.headers['retry-after']);
}

describe(`at most ${LIMITS.openTicketsMax} open tickets per player`, () => {
  it('refuses one more with 4090 tooManyOpenInquiries, still answers a retry, and opens again once one ended', async () => {
    const player = await loggedInPlayer(h);
    const bodies = Array.from({ length: LIMITS.openTicketsMax }, () => platformBody());
    const ids: number[] = [];
    const atOpenLimit = async () => okData('inquiryUnresolved', await call(h, 'inquiryUnresolved', { token: player.token })).atOpenLimit;
    for (const body of bodies) {
      expect(await atOpenLimit()).toBe(false);
      ids.push(await createTicket(h, player.token, body));
    }
    // Told before the form: the unresolved prompt says the next one would be refused.
    expect(await atOpenLimit()).toBe(true);

    expectFailure(
      await call(h, 'createInquiry', { token: player.token, body: platformBody() }),
      409,
      ERROR_CODES.conflict,
      'tooManyOpenInquiries',
    );
    expect(await ticketCount(h, player.id)).toBe(LIMITS.openTicketsMax);
    // A lost answer retried: the ticket it made, not a refusal.
    expect(await createTicket(h, player.token, bodies[0] ?? platformBody())).toBe(ids[0]);

    // Replied tickets are still open; ended ones are not.
    okData('agentInquiryReply', await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(ids[1] ?? 0) }));
    expectFailure(
      await call(h, 'createInquiry', { token: player.token, body: platformBody() }),
      409,
      ERROR_CODES.conflict,
      'tooManyOpenInquiries',
    );
    okData('inquiryEnd', await end(player.token, ids[1] ?? 0));
    expect(await atOpenLimit()).toBe(false);
    await createTicket(h, player.token, platformBody());
    expect(await ticketCount(h, player.id)).toBe(LIMITS.openTicketsMax + 1);
  });

  it('holds when the requests arrive together', async () => {
    const player = await loggedInPlayer(h);
    await createTicket(h, player.token, platformBody());
    const extra = 3;
    const answers = await Promise.all(
      Array.from({ length: LIMITS.openTicketsMax - 1 + extra }, () =>
        call(h, 'createInquiry', { token: player.token, body: platformBody() }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(LIMITS.openTicketsMax - 1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expectFailure(refused, 409, ERROR_CODES.conflict, 'tooManyOpenInquiries');
    }
    expect(await ticketCount(h, player.id)).toBe(LIMITS.openTicketsMax);
  });
});

describe('new tickets per account', () => {
  const { max, windowSeconds } = DEFAULT_TICKET_LIMITS.createsPerAccount;

  it(`allows ${max} an hour, then 4290 tooManyNewInquiries with Retry-After; retries still answer`, async () => {
    const player = await loggedInPlayer(h);
    const first = platformBody();
    for (let index = 0; index < max; index += 1) {
      h.clock.advance({ seconds: 10 });
      const id = await createTicket(h, player.token, index === 0 ? first : platformBody());
      // Ended at once, so only the throttle can refuse.
      okData('inquiryEnd', await end(player.token, id));
    }
    h.clock.advance({ seconds: 10 });
    const refused = await call(h, 'createInquiry', { token: player.token, body: platformBody() });
    expectFailure(refused, 429, ERROR_CODES.tooManyRequests, 'tooManyNewInquiries');
    // The first of the hour leaves the window first.
    expect(retryAfter(refused)).toBe(windowSeconds - max * 10);
    expect(await ticketCount(h, player.id)).toBe(max);
    expect(await createTicket(h, player.token, first)).toBeGreaterThan(0);

    h.clock.advance({ seconds: retryAfter(refused) });
    await createTicket(h, player.token, platformBody());
    expect(await ticketCount(h, player.id)).toBe(max + 1);
    // Another player is not held back by this one.
    await createTicket(h, (await loggedInPlayer(h)).token, platformBody());
  });

  it('holds when the requests arrive together', async () => {
    const player = await loggedInPlayer(h);
    const opened = max - 3;
    // Tickets of the last minutes, already ended, so only the hourly limit can refuse.
    await h.db.query(
      `INSERT INTO tickets (account_id, request_id, ticket_type, game_id, category_id, title, content, contact_kind, contact, lang,
                            status, created_at, updated_at, ended_by, ended_at)
       SELECT $1, gen_random_uuid(), '0', 2, 2, 'Question ' || n, 'A question answered a moment ago.', 'email',
              'player@example.com', 'en', 'ended', at, at, 'player', at
       FROM generate_series(1, $2::int) AS n, LATERAL (SELECT $3::timestamptz - interval '10 minutes' AS at) AS times`,
      [player.id, opened, h.clock.now()],
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(h, 'createInquiry', { token: player.token, body: platformBody() })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(max - opened);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expectFailure(refused, 429, ERROR_CODES.tooManyRequests, 'tooManyNewInquiries');
      expect(retryAfter(refused)).toBe(windowSeconds - 10 * 60);
    }
    expect(await ticketCount(h, player.id)).toBe(max);
  });
});

describe('messages a player adds', () => {
  const { max, windowSeconds } = DEFAULT_TICKET_LIMITS.repliesPerAccount;

  it(`are at most ${max} in ${windowSeconds / 60} minutes, then 4290 tooManyReplies with Retry-After; retries and agents go on`, async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    const first = replyBody(id, 'The first detail.');
    for (let index = 0; index < max; index += 1) {
      okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: index === 0 ? first : replyBody(id) }));
    }
    const refused = await call(h, 'inquiryReply', { token: player.token, body: replyBody(id) });
    expectFailure(refused, 429, ERROR_CODES.tooManyRequests, 'tooManyReplies');
    expect(retryAfter(refused)).toBe(windowSeconds);
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(max);
    expect(okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: first })).content).toBe('The first detail.');
    // Agents answer from the desk as much as they need to.
    for (let index = 0; index <= max; index += 1)
      okData('agentInquiryReply', await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id) }));

    h.clock.advance({ seconds: windowSeconds });
    okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: replyBody(id) }));
  });
});

describe('bounded answers', () => {
  it(`lists the ${LIMITS.inquiryListMax} newest tickets of a player`, async () => {
    const player = await loggedInPlayer(h);
    const start = new Date(h.clock.now().getTime() - 24 * 60 * 60 * 1000);
    await h.db.query(
      `INSERT INTO tickets (account_id, request_id, ticket_type, game_id, category_id, title, content, contact_kind, contact, lang,
                            status, created_at, updated_at, ended_by, ended_at)
       SELECT $1, gen_random_uuid(), '0', 2, 2, 'Question ' || n, 'An older question, answered long ago.', 'email',
              'player@example.com', 'en', 'ended', at, at, 'player', at
       FROM generate_series(1, $2::int) AS n, LATERAL (SELECT $3::timestamptz + n * interval '1 minute' AS at) AS times`,
      [player.id, LIMITS.inquiryListMax + 5, start],
    );
    const listed = okData('inquiryList', await call(h, 'inquiryList', { token: player.token }));
    expect(listed).toHaveLength(LIMITS.inquiryListMax);
    expect(listed[0]?.title).toBe(`Question ${LIMITS.inquiryListMax + 5}`);
    expect(listed.at(-1)?.title).toBe('Question 6');
  });

  it(`keeps at most ${LIMITS.ticketMessagesMax} messages in a conversation, then 4090 inquiryFull`, async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    await h.db.query(
      `INSERT INTO ticket_messages (ticket_id, author, author_account_id, request_id, content, created_at)
       SELECT $1, 'player', $2, gen_random_uuid(), 'Detail ' || n, $3 FROM generate_series(1, $4::int) AS n`,
      [id, player.id, h.clock.now(), LIMITS.ticketMessagesMax - 1],
    );
    const last = replyBody(id, 'The last detail.');
    okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: last }));
    expectFailure(await call(h, 'inquiryReply', { token: player.token, body: replyBody(id) }), 409, ERROR_CODES.conflict, 'inquiryFull');
    expectFailure(await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id) }), 409, ERROR_CODES.conflict, 'inquiryFull');
    // The retry of the last one still answers with it.
    expect(okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: last })).content).toBe('The last detail.');
    const shown = okData('inquiryDetail', await call(h, 'inquiryDetail', { token: player.token, query: `?inquiryId=${id}` }));
    expect(shown.messages).toHaveLength(LIMITS.ticketMessagesMax);
    // Ending it is the way on.
    okData('inquiryEnd', await end(player.token, id));
    expect(await createTicket(h, player.token, { ...platformBody(), requestId: randomUUID() })).toBeGreaterThan(id);
  });
});
