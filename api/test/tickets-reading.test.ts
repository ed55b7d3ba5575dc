import { type EndpointName, ERROR_CODES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { call, expectFailure, okData } from './api-calls.js';
import { harnessForFile, TEST_PASSWORD_HASHING } from './helpers.js';
import { loggedInPlayer } from './identity-helpers.js';
import { officialBody, platformBody, replyBody } from './ticket-bodies.js';
import { agentReply, countRows, createTicket, createTicketHarness, inquiryDetail, insertFile, ticketRow } from './tickets-helpers.js';

const h = harnessForFile(createTicketHarness);

describe('GET /inquiries/list', () => {
  it("lists only the player's own tickets, newest first, with names in the request language", async () => {
    const player = await loggedInPlayer(h);
    expect(okData('inquiryList', await call(h, 'inquiryList', { token: player.token }))).toEqual([]);
    const first = await createTicket(h, player.token, platformBody({ gameId: 2, queryType: 1 }));
    h.clock.advance({ minutes: 1 });
    const second = await createTicket(h, player.token, platformBody({ gameId: 4, queryType: 5, title: 'Second one' }));
    await createTicket(h, h.player2, platformBody());

    const listed = okData('inquiryList', await call(h, 'inquiryList', { token: player.token, query: '?spec_lang=fr' }));
    expect(listed.map((item) => item.id)).toEqual([second, first]);
    expect(listed[0]).toEqual({
      id: second,
      ticketType: '0',
      title: 'Second one',
      gameId: 4,
      gameName: 'Ashvale Tactics',
      categoryName: 'Suggestion',
      status: 'processing',
      unread: false,
      createdAt: h.clock.now().toISOString(),
      updatedAt: h.clock.now().toISOString(),
    });
    expect(listed[1]?.categoryName).toBe('Compte');
  });

  it('filters by game when clientId is a game id and ignores any other clientId', async () => {
    const player = await loggedInPlayer(h);
    const onTwo = await createTicket(h, player.token, platformBody({ gameId: 2 }));
    const onFour = await createTicket(h, player.token, platformBody({ gameId: 4 }));
    const ids = async (query: string) =>
      okData('inquiryList', await call(h, 'inquiryList', { token: player.token, query })).map((item) => item.id);
    expect(await ids('?clientId=2')).toEqual([onTwo]);
    expect(await ids('?clientId=4')).toEqual([onFour]);
    expect(await ids('?clientId=7')).toEqual([]);
    expect((await ids('?clientId=web-client')).sort()).toEqual([onTwo, onFour].sort());
    expect((await ids('?clientId=99999999999')).sort()).toEqual([onTwo, onFour].sort());
    expectFailure(
      await call(h, 'inquiryList', { token: player.token, query: '?clientId=a%20b' }),
      400,
      ERROR_CODES.badRequest,
      /"clientId"/,
    );
  });

  it('refuses guests with -600', async () => {
    expectFailure(await call(h, 'inquiryList', {}), 401, ERROR_CODES.sessionInvalid, 'sessionInvalid');
  });
});

describe('GET /inquiries/detail', () => {
  it("shows the conversation in order with each message's attachments, and reading it clears the feedback dot", async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    h.clock.advance({ minutes: 1 });
    const note = await insertFile(h, player.id, { kind: 'image', name: 'receipt.png', contentType: 'image/png' });
    const added = okData(
      'inquiryReply',
      await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, 'Receipt attached.', [note]) }),
    );
    h.clock.advance({ minutes: 1 });
    const answer = await agentReply(h, id, 'Thanks, refunded.');

    expect((await ticketRow(h.db, id)).feedback_at).not.toBeNull();
    const shown = okData('inquiryDetail', await inquiryDetail(h, player.token, id));
    expect(shown.messages).toEqual([
      {
        id: added.id,
        author: 'player',
        content: 'Receipt attached.',
        attachments: [expect.objectContaining({ fileId: note, name: 'receipt.png' })],
        createdAt: added.createdAt,
      },
      { id: answer.id, author: 'agent', content: 'Thanks, refunded.', attachments: [], createdAt: answer.createdAt },
    ]);
    expect(shown.attachments).toEqual([]);
    // Served as it was before reading: the dot goes out from now on.
    expect(shown.unread).toBe(false);
    const row = await ticketRow(h.db, id);
    expect(row.feedback_at).toBeNull();
    expect(row.player_read_at?.toISOString()).toBe(h.clock.now().toISOString());
  });

  it("answers another player's ticket exactly like a missing one, and leaves it unread", async () => {
    const id = await createTicket(h, h.player1, officialBody());
    await agentReply(h, id);
    const foreign = await inquiryDetail(h, h.player2, id);
    const missing = await inquiryDetail(h, h.player2, 2_000_000_000);
    expectFailure(foreign, 404, ERROR_CODES.notFound, 'inquiryNotFound');
    expect(foreign.body).toEqual(missing.body);
    expect((await ticketRow(h.db, id)).feedback_at).not.toBeNull();
  });

  it('refuses a malformed id with 4000 and guests with -600', async () => {
    for (const value of ['abc', '0', '-1', '2147483648']) {
      expectFailure(
        await call(h, 'inquiryDetail', { token: h.player1, query: `?inquiryId=${value}` }),
        400,
        ERROR_CODES.badRequest,
        /"inquiryId"/,
      );
    }
    expectFailure(await call(h, 'inquiryDetail', { query: '?inquiryId=1' }), 401, ERROR_CODES.sessionInvalid, 'sessionInvalid');
  });
});

describe('GET /inquiries/feedback', () => {
  it('counts tickets with an agent reply or an agent ending not seen yet, per game with clientId, until read', async () => {
    const player = await loggedInPlayer(h);
    const feedback = async (query = '') => okData('inquiryFeedback', await call(h, 'inquiryFeedback', { token: player.token, query }));
    expect(await feedback()).toEqual({ count: 0, hasNew: false });
    const first = await createTicket(h, player.token, platformBody({ gameId: 2 }));
    const second = await createTicket(h, player.token, platformBody({ gameId: 3 }));
    expect(await feedback()).toEqual({ count: 0, hasNew: false });

    await agentReply(h, first);
    expect(await feedback()).toEqual({ count: 1, hasNew: true });
    okData('agentInquiryEnd', await call(h, 'agentInquiryEnd', { token: h.agent, body: { inquiryId: second } }));
    expect(await feedback()).toEqual({ count: 2, hasNew: true });
    expect(await feedback('?clientId=3')).toEqual({ count: 1, hasNew: true });
    expect(await feedback('?clientId=5')).toEqual({ count: 0, hasNew: false });

    okData('inquiryDetail', await inquiryDetail(h, player.token, first));
    expect(await feedback()).toEqual({ count: 1, hasNew: true });
    okData('inquiryDetail', await inquiryDetail(h, player.token, second));
    expect(await feedback()).toEqual({ count: 0, hasNew: false });
    // A player's own messages and endings are no news to them.
    await createTicket(h, player.token, platformBody());
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: first } }));
    expect(await feedback()).toEqual({ count: 0, hasNew: false });
  });
});

describe('GET /inquiries/unresolved', () => {
  it("offers the player's most recent open ticket, for the asked game with clientId, and nothing once it ended", async () => {
    const player = await loggedInPlayer(h);
    const unresolved = async (query = '') =>
      okData('inquiryUnresolved', await call(h, 'inquiryUnresolved', { token: player.token, query }));
    expect((await unresolved()).inquiry).toBeNull();
    const older = await createTicket(h, player.token, platformBody({ gameId: 2 }));
    h.clock.advance({ minutes: 1 });
    const newer = await createTicket(h, player.token, platformBody({ gameId: 3 }));
    await createTicket(h, h.player2, platformBody({ gameId: 3 }));
    expect((await unresolved('?spec_lang=ja')).inquiry).toMatchObject({ id: newer, status: 'processing', gameName: 'Prism Tiles' });
    expect((await unresolved('?clientId=2')).inquiry?.id).toBe(older);
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: newer } }));
    expect((await unresolved()).inquiry?.id).toBe(older);
    await agentReply(h, older);
    expect((await unresolved()).inquiry).toMatchObject({ id: older, status: 'replied', unread: true });
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: older } }));
    expect((await unresolved()).inquiry).toBeNull();
  });

  it("counts every player's tickets waiting for an agent and reports a long queue from the threshold", async () => {
    const waiting = await countRows(h.db, "tickets WHERE status IN ('processing', 'waiting_reply')");
    expect(okData('inquiryUnresolved', await call(h, 'inquiryUnresolved', { token: h.player2 })).queue).toEqual({
      waiting,
      longQueue: waiting >= 20,
    });
    for (const [threshold, longQueue] of [
      [waiting, true],
      [waiting + 1, false],
    ] as const) {
      const app = await buildApp({ db: h.db, passwordHashing: TEST_PASSWORD_HASHING, now: h.clock.now, longQueueThreshold: threshold });
      try {
        const answer = await app.inject({ method: 'GET', url: '/inquiries/unresolved', headers: { authorization: `Bearer ${h.player2}` } });
        expect(answer.json()).toMatchObject({ code: 1, data: { queue: { waiting, longQueue } } });
      } finally {
        await app.close();
      }
    }
    // Replied and ended tickets are not in the queue.
    const id = await createTicket(h, h.player2, platformBody());
    expect(okData('inquiryUnresolved', await call(h, 'inquiryUnresolved', { token: h.player2 })).queue.waiting).toBe(waiting + 1);
    await agentReply(h, id);
    expect(okData('inquiryUnresolved', await call(h, 'inquiryUnresolved', { token: h.player2 })).queue.waiting).toBe(waiting);
  });
});

describe("another player's ticket", () => {
  it('is refused on every ticket endpoint as if it did not exist, and stays as it was', async () => {
    const id = await createTicket(h, h.player1, officialBody({ title: 'Private matter' }));
    await agentReply(h, id);
    const before = await ticketRow(h.db, id);
    const missing = 2_000_000_000;
    const attempts: [EndpointName, (inquiryId: number) => { query?: string; body?: unknown }][] = [
      ['inquiryDetail', (inquiryId) => ({ query: `?inquiryId=${inquiryId}` })],
      ['inquiryReply', (inquiryId) => ({ body: replyBody(inquiryId, 'Not my ticket.') })],
      ['inquiryEnd', (inquiryId) => ({ body: { inquiryId } })],
      ['inquiryScore', (inquiryId) => ({ body: { inquiryId, score: 1 } })],
    ];
    for (const [name, request] of attempts) {
      const foreign = await call(h, name, { token: h.player2, ...request(id) });
      expectFailure(foreign, 404, ERROR_CODES.notFound, 'inquiryNotFound');
      expect(foreign.body).toEqual((await call(h, name, { token: h.player2, ...request(missing) })).body);
    }
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: h.player1, body: { inquiryId: id } }));
    expectFailure(
      await call(h, 'inquiryScore', { token: h.player2, body: { inquiryId: id, score: 1 } }),
      404,
      ERROR_CODES.notFound,
      'inquiryNotFound',
    );

    const lists = [
      okData('inquiryList', await call(h, 'inquiryList', { token: h.player2 })).map((item) => item.id),
      [okData('inquiryUnresolved', await call(h, 'inquiryUnresolved', { token: h.player2 })).inquiry?.id],
    ];
    for (const ids of lists) expect(ids).not.toContain(id);
    const after = await ticketRow(h.db, id);
    expect(after).toMatchObject({ status: 'waiting_rating', ended_by: 'player', feedback_at: before.feedback_at, player_read_at: null });
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(1);
    expect(await countRows(h.db, 'ticket_ratings WHERE ticket_id = $1', [id])).toBe(0);
  });

  it("cannot carry the other player's uploads into a ticket", async () => {
    const theirs = await insertFile(h, h.ids.player1);
    expectFailure(
      await call(h, 'createInquiry', { token: h.player2, body: platformBody({ attachments: [theirs] }) }),
      404,
      ERROR_CODES.notFound,
      'attachmentInvalid',
    );
  });
});
