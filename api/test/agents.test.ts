import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { AGENT_PAGE_SIZE, DESK_LIMITS, ERROR_CODES, LIMITS, type EndpointName } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { describe, expect, it } from 'vitest';
import { runCreateAccount } from '../src/identity/create-account.js';
import { commandOutput, harnessForFile, testHasher } from './helpers.js';
import { call, expectFailure, loginToken, okData, loggedInPlayer } from './identity-helpers.js';
import {
  countRows,
  createTicket,
  createTicketHarness,
  insertFile,
  officialBody,
  platformBody,
  replyBody,
  ticketRow,
} from './tickets-helpers.js';

const h = harnessForFile(createTicketHarness);

const AGENT_CALLS: EndpointName[] = ['agentInquiries', 'agentInquiryDetail', 'agentInquiryReply', 'agentInquiryEnd', 'agentInquiryAssign', 'agentInquiryNote', 'deskAgents'];
/** The canned replies' calls (canned-replies.test.ts checks them). */
const CANNED_REPLY_CALLS: EndpointName[] = ['cannedReplies', 'cannedReplyCreate', 'cannedReplyUpdate', 'cannedReplyDelete'];

/** A word no other test puts in a ticket, so a keyword search sees only this test's tickets. */
function marker(): string {
  return `mk${Math.random().toString(36).slice(2, 10)}`;
}

function agentRequest(name: EndpointName, inquiryId: number): { query?: string; body?: unknown } {
  switch (name) {
    case 'agentInquiries':
      return { query: '' };
    case 'agentInquiryDetail':
      return { query: `?inquiryId=${inquiryId}` };
    case 'agentInquiryReply':
      return { body: replyBody(inquiryId, 'Agent impostor.') };
    case 'agentInquiryAssign':
      return { body: { inquiryId, assigneeId: null, expectedAssigneeId: null } };
    case 'agentInquiryNote':
      return { body: { inquiryId, requestId: randomUUID(), content: 'Impostor note.' } };
    case 'deskAgents':
      return { query: '' };
    default:
      return { body: { inquiryId } };
  }
}

async function list(query: string, token = h.agent) {
  return okData('agentInquiries', await call(h, 'agentInquiries', { token, query }));
}

async function agentReply(inquiryId: number, content = 'We are on it.') {
  return okData('agentInquiryReply', await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(inquiryId, content) }));
}

describe('the agent calls', () => {
  it('are the agent endpoints of the table with the canned replies', () => {
    const agentOnly = (Object.keys(ENDPOINTS) as EndpointName[]).filter((name) => ENDPOINTS[name].auth === 'agent');
    expect(agentOnly.sort()).toEqual([...AGENT_CALLS, ...CANNED_REPLY_CALLS, 'agentPermissions'].sort());
  });

  it('refuse players with 4030 agentsOnly and guests with -600, changing nothing', async () => {
    const id = await createTicket(h, h.player1, officialBody());
    for (const name of AGENT_CALLS) {
      expectFailure(await call(h, name, { token: h.player1, ...agentRequest(name, id) }), 403, ERROR_CODES.forbidden, 'agentsOnly');
      expectFailure(await call(h, name, { token: h.player2, ...agentRequest(name, id) }), 403, ERROR_CODES.forbidden, 'agentsOnly');
      expectFailure(await call(h, name, agentRequest(name, id)), 401, ERROR_CODES.sessionInvalid, 'sessionInvalid');
    }
    expect(await ticketRow(h.db, id)).toMatchObject({ status: 'processing', ended_by: null, feedback_at: null });
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(0);
  });

  it('work for an agent the operator command creates, and not for a player it creates', async () => {
    for (const role of ['agent', 'player'] as const) {
      const account = `desk-${role}-${marker()}`;
      const { stdout, stderr } = commandOutput();
      const code = await runCreateAccount(
        { argv: ['--', '--account', account, '--role', role], env: { ACCOUNT_PASSWORD: 'Desk-pass-2024' }, stdin: Readable.from([]), stdout, stderr },
        { db: h.db, hasher: testHasher },
      );
      expect(code).toBe(0);
      const answer = await call(h, 'agentInquiries', { token: await loginToken(h, account, 'Desk-pass-2024') });
      if (role === 'agent') okData('agentInquiries', answer);
      else expectFailure(answer, 403, ERROR_CODES.forbidden, 'agentsOnly');
    }
  });
});

describe('GET /agent/inquiries', () => {
  it("lists every player's tickets with their account, tickets owed a message first, each oldest update first", async () => {
    const word = marker();
    const other = await loggedInPlayer(h);
    const open = async (title: string, token = h.player2) => {
      h.clock.advance({ minutes: 1 });
      return createTicket(h, token, platformBody({ title: `${title} ${word}` }));
    };
    const untouched = await open('A');
    const answered = await open('B');
    h.clock.advance({ minutes: 1 });
    await agentReply(answered);
    const answeredThenAdded = await open('C');
    h.clock.advance({ minutes: 1 });
    await agentReply(answeredThenAdded);
    h.clock.advance({ minutes: 1 });
    okData('inquiryReply', await call(h, 'inquiryReply', { token: h.player2, body: replyBody(answeredThenAdded) }));
    const later = await open('D');
    const ended = await open('E');
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: h.player2, body: { inquiryId: ended } }));
    const othersTicket = await open('F', other.token);

    const found = await list(`?keyword=${word}&spec_lang=ko`);
    expect(found.items.map((item) => [item.id, item.status])).toEqual([
      [untouched, 'processing'],
      [answeredThenAdded, 'waiting_reply'],
      [later, 'processing'],
      [othersTicket, 'processing'],
      [answered, 'replied'],
      [ended, 'waiting_rating'],
    ]);
    expect(found).toMatchObject({ total: 6, page: 1, pageSize: AGENT_PAGE_SIZE });
    expect(found.items[0]).toMatchObject({ account: 'player2', gameName: 'Comet Circuit', categoryName: '결제/충전', unread: false });
    expect(found.items[3]?.account).toBe(other.account);
    expect(found.items[4]?.unread).toBe(true);
  });

  it('filters by status and game, and finds a keyword literally, ignoring case, in title, question or account name', async () => {
    const word = marker();
    const onTwo = await createTicket(h, h.player2, platformBody({ gameId: 2, title: `Title ${word}` }));
    const onThree = await createTicket(h, h.player2, platformBody({ gameId: 3, content: `The question says ${word.toUpperCase()} here.` }));
    await agentReply(onThree);
    const named = await loggedInPlayer(h, { name: `Named${word}` });
    const byName = await createTicket(h, named.token, platformBody({ gameId: 3 }));
    const ids = async (query: string) => (await list(query)).items.map((item) => item.id).sort((a, b) => a - b);

    expect(await ids(`?keyword=${word.toUpperCase()}`)).toEqual([onTwo, onThree, byName]);
    expect(await ids(`?keyword=%20${word}%20`)).toEqual([onTwo, onThree, byName]);
    expect(await ids(`?keyword=${word}&gameId=3`)).toEqual([onThree, byName]);
    expect(await ids(`?keyword=${word}&status=replied`)).toEqual([onThree]);
    expect(await ids(`?keyword=${word}&status=processing&gameId=2`)).toEqual([onTwo]);
    expect(await ids(`?keyword=${word}&status=ended`)).toEqual([]);
    expect(await ids(`?keyword=named${word}`)).toEqual([byName]);
    expect((await list(`?status=replied&gameId=3`)).items.every((item) => item.status === 'replied' && item.gameId === 3)).toBe(true);
  });

  it('treats %, _ and \\ in a keyword as plain characters', async () => {
    const word = marker();
    const percent = await createTicket(h, h.player2, platformBody({ title: `${word} 50% off` }));
    await createTicket(h, h.player2, platformBody({ title: `${word} 500 off` }));
    const underscore = await createTicket(h, h.player2, platformBody({ title: `${word} a_b` }));
    await createTicket(h, h.player2, platformBody({ title: `${word} axb` }));
    const backslash = await createTicket(h, h.player2, platformBody({ title: `${word} C:\\games` }));
    await createTicket(h, h.player2, platformBody({ title: `${word} C:games` }));
    const ids = async (keyword: string) => (await list(`?keyword=${encodeURIComponent(keyword)}`)).items.map((item) => item.id);
    expect(await ids(`${word} 50%`)).toEqual([percent]);
    expect(await ids(`${word} a_b`)).toEqual([underscore]);
    expect(await ids(`${word} C:\\g`)).toEqual([backslash]);
    expect(await ids(`${word} C:\\`)).toEqual([backslash]);
  });

  it('serves the tickets owed a message by how long they have waited: a player adding information keeps the place', async () => {
    const word = marker();
    const player = await loggedInPlayer(h);
    const at = () => h.clock.now().toISOString();
    const open = async (title: string) => {
      h.clock.advance({ minutes: 1 });
      return { id: await createTicket(h, player.token, platformBody({ title: `${title} ${word}` })), openedAt: at() };
    };
    const addInformation = async (inquiryId: number) => {
      h.clock.advance({ minutes: 1 });
      okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: replyBody(inquiryId, 'One more detail.') }));
    };
    const queue = async () => (await list(`?keyword=${word}`)).items.map((item) => item.id);
    const waitingSince = async (id: number) =>
      (await h.db.query<{ waiting_since: Date | null }>('SELECT waiting_since FROM tickets WHERE id = $1', [id])).rows[0]?.waiting_since?.toISOString() ?? null;

    const first = await open('First');
    const second = await open('Second');
    await addInformation(first.id);
    expect(await queue()).toEqual([first.id, second.id]);
    expect(await waitingSince(first.id)).toBe(first.openedAt);

    // Answered, it leaves the queue; the player's next message puts it back, waiting from that message on.
    h.clock.advance({ minutes: 1 });
    await agentReply(first.id);
    expect(await waitingSince(first.id)).toBeNull();
    await addInformation(first.id);
    const waitingAgain = at();
    const third = await open('Third');
    await addInformation(first.id);
    expect(await queue()).toEqual([second.id, first.id, third.id]);
    expect(await waitingSince(first.id)).toBe(waitingAgain);
    expect(await waitingSince(third.id)).toBe(third.openedAt);

    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: second.id } }));
    expect(await waitingSince(second.id)).toBeNull();
    expect(await queue()).toEqual([first.id, third.id, second.id]);
  });

  it(`pages by ${AGENT_PAGE_SIZE}, with the total of every page`, async () => {
    const word = marker();
    const player = await loggedInPlayer(h);
    const made: number[] = [];
    for (let index = 0; index < AGENT_PAGE_SIZE + 2; index += 1) {
      h.clock.advance({ seconds: 1 });
      made.push(await createTicket(h, player.token, platformBody({ title: `Page ${word} ${index}` })));
    }
    const first = await list(`?keyword=${word}`);
    const second = await list(`?keyword=${word}&page=2`);
    const beyond = await list(`?keyword=${word}&page=3`);
    expect(first.items.map((item) => item.id)).toEqual(made.slice(0, AGENT_PAGE_SIZE));
    expect(second.items.map((item) => item.id)).toEqual(made.slice(AGENT_PAGE_SIZE));
    expect(beyond.items).toEqual([]);
    for (const page of [first, second, beyond]) expect(page).toMatchObject({ total: AGENT_PAGE_SIZE + 2, pageSize: AGENT_PAGE_SIZE });
    expect(second.page).toBe(2);
  });

  it(`counts at most ${DESK_LIMITS.queueCountMax} matches, then says that more match`, async () => {
    const word = marker();
    const player = await loggedInPlayer(h);
    const original = await createTicket(h, player.token, platformBody({ title: `Many ${word}` }));
    // Copies made by the database: opening ten thousand tickets through the API would take minutes.
    const copy = (count: number) =>
      h.db.query(
        `INSERT INTO tickets (account_id, request_id, ticket_type, game_id, category_id, title, content, contact_kind, contact, lang,
                              status, created_at, updated_at, waiting_since)
         SELECT account_id, gen_random_uuid(), ticket_type, game_id, category_id, title, content, contact_kind, contact, lang,
                status, created_at, updated_at, waiting_since
         FROM tickets, generate_series(1, $2::int) WHERE id = $1`,
        [original, count],
      );
    await copy(DESK_LIMITS.queueCountMax - 1);
    expect(await list(`?keyword=${word}`)).toMatchObject({ total: DESK_LIMITS.queueCountMax, totalCapped: false });
    await copy(1);
    const last = await list(`?keyword=${word}&page=${DESK_LIMITS.queueCountMax / AGENT_PAGE_SIZE}`);
    expect(last).toMatchObject({ total: DESK_LIMITS.queueCountMax, totalCapped: true });
    expect(last.items).toHaveLength(AGENT_PAGE_SIZE);
  });

  it('refuses malformed filters with 4000 naming them', async () => {
    const cases: [string, RegExp][] = [
      ['?status=open', /"status"/],
      ['?gameId=abc', /"gameId"/],
      ['?page=0', /"page"/],
      ['?page=10001', /"page"/],
      [`?keyword=${'k'.repeat(101)}`, /"keyword"/],
      ['?owner=1', /Unknown query parameter "owner"/],
    ];
    for (const [query, message] of cases) {
      expectFailure(await call(h, 'agentInquiries', { token: h.agent, query }), 400, ERROR_CODES.badRequest, message);
    }
  });
});

describe('GET /agent/inquiries/detail', () => {
  it("shows any ticket with its owner's account, without marking it read for the player", async () => {
    const id = await createTicket(h, h.player1, officialBody({ title: 'Read by the desk' }));
    await agentReply(id, 'First answer.');
    const before = await ticketRow(h.db, id);
    const shown = okData('agentInquiryDetail', await call(h, 'agentInquiryDetail', { token: h.agent, query: `?inquiryId=${id}&spec_lang=en` }));
    expect(shown).toMatchObject({
      id,
      account: 'player1',
      title: 'Read by the desk',
      status: 'replied',
      unread: true,
      serverName: 'Orion',
      areaName: 'Asia',
      roleName: 'Captain Mira',
      contact: 'player1@demo.example',
    });
    expect(shown.messages.map((message) => [message.author, message.content])).toEqual([['agent', 'First answer.']]);
    const after = await ticketRow(h.db, id);
    expect(after.feedback_at).toEqual(before.feedback_at);
    expect(after.player_read_at).toBeNull();
    expect(okData('inquiryFeedback', await call(h, 'inquiryFeedback', { token: h.player1 })).hasNew).toBe(true);
  });

  it('answers an unknown ticket with 4040 inquiryNotFound', async () => {
    expectFailure(await call(h, 'agentInquiryDetail', { token: h.agent, query: '?inquiryId=2000000000' }), 404, ERROR_CODES.notFound, 'inquiryNotFound');
  });
});

describe('POST /agent/inquiries/reply', () => {
  it('answers an open ticket: replied, the 24-hour clock and the feedback dot start', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    h.clock.advance({ minutes: 7 });
    const message = await agentReply(id, '  Please restart the game.  ');
    expect(message).toMatchObject({ author: 'agent', content: 'Please restart the game.', attachments: [], createdAt: h.clock.now().toISOString() });
    const row = await ticketRow(h.db, id);
    expect(row.status).toBe('replied');
    for (const time of [row.last_agent_reply_at, row.feedback_at, row.updated_at]) expect(time?.toISOString()).toBe(h.clock.now().toISOString());
    const { rows } = await h.db.query<{ author_account_id: number }>('SELECT author_account_id FROM ticket_messages WHERE id = $1', [message.id]);
    expect(Number(rows[0]?.author_account_id)).toBe(h.ids.agent);
    expect(okData('inquiryFeedback', await call(h, 'inquiryFeedback', { token: player.token }))).toEqual({ count: 1, hasNew: true });
  });

  it('answers a repeated requestId with the same message, sequentially and concurrently', async () => {
    const id = await createTicket(h, h.player2, platformBody());
    const body = replyBody(id, 'Said once.');
    const first = okData('agentInquiryReply', await call(h, 'agentInquiryReply', { token: h.agent, body }));
    expect(okData('agentInquiryReply', await call(h, 'agentInquiryReply', { token: h.agent, body }))).toEqual(first);
    const racing = replyBody(id, 'Said once, racing.');
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(h, 'agentInquiryReply', { token: h.agent, body: racing })));
    expect(new Set(answers.map((answer) => okData('agentInquiryReply', answer).id)).size).toBe(1);
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(2);
  });

  it("attaches the agent's own uploads, never a player's", async () => {
    const id = await createTicket(h, h.player2, platformBody());
    const guide = await insertFile(h, h.ids.agent, { kind: 'other', name: 'guide.pdf', contentType: 'application/pdf' });
    const message = okData('agentInquiryReply', await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id, 'See the guide.', [guide]) }));
    expect(message.attachments).toEqual([{ fileId: guide, name: 'guide.pdf', size: 1234, kind: 'other', contentType: 'application/pdf' }]);
    const shown = okData('inquiryDetail', await call(h, 'inquiryDetail', { token: h.player2, query: `?inquiryId=${id}` }));
    expect(shown.messages[0]?.attachments.map((attachment) => attachment.fileId)).toEqual([guide]);

    const playersUpload = await insertFile(h, h.ids.player2);
    expectFailure(
      await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id, 'x', [playersUpload]) }),
      404,
      ERROR_CODES.notFound,
      'attachmentInvalid',
    );
    const videos = [await insertFile(h, h.ids.agent, { kind: 'video' }), await insertFile(h, h.ids.agent, { kind: 'video' })];
    expectFailure(await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id, 'x', videos) }), 400, ERROR_CODES.badRequest, 'attachmentsTooManyVideos');
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(1);
  });

  it('refuses ended chats with 4090, unknown tickets with 4040 and bad text with its key', async () => {
    const id = await createTicket(h, h.player2, platformBody());
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: h.player2, body: { inquiryId: id } }));
    expectFailure(await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id) }), 409, ERROR_CODES.conflict, 'inquiryClosed');
    expectFailure(await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(2_000_000_000) }), 404, ERROR_CODES.notFound, 'inquiryNotFound');
    expectFailure(await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id, '') }), 400, ERROR_CODES.badRequest, /replyTooShort/);
    expectFailure(
      await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id, 'r'.repeat(LIMITS.replyMax + 1)) }),
      400,
      ERROR_CODES.badRequest,
      /replyTooLong/,
    );
  });
});

describe('POST /agent/inquiries/end', () => {
  it('ends an open chat for the player to rate, with the feedback dot; a second end changes nothing', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    h.clock.advance({ minutes: 2 });
    const endedAt = h.clock.now().toISOString();
    expect(okData('agentInquiryEnd', await call(h, 'agentInquiryEnd', { token: h.agent, body: { inquiryId: id } }))).toEqual({ status: 'waiting_rating' });
    h.clock.advance({ minutes: 2 });
    expect(okData('agentInquiryEnd', await call(h, 'agentInquiryEnd', { token: h.agent, body: { inquiryId: id } }))).toEqual({ status: 'waiting_rating' });
    const row = await ticketRow(h.db, id);
    expect(row).toMatchObject({ status: 'waiting_rating', ended_by: 'agent' });
    expect(row.ended_at?.toISOString()).toBe(endedAt);
    expect(row.feedback_at?.toISOString()).toBe(endedAt);
    expect(okData('inquiryFeedback', await call(h, 'inquiryFeedback', { token: player.token })).count).toBe(1);
    expect(okData('inquiryDetail', await call(h, 'inquiryDetail', { token: player.token, query: `?inquiryId=${id}` }))).toMatchObject({
      status: 'waiting_rating',
      endedBy: 'agent',
      endedAt,
    });
    okData('inquiryScore', await call(h, 'inquiryScore', { token: player.token, body: { inquiryId: id, score: 4 } }));
    expect(okData('agentInquiryEnd', await call(h, 'agentInquiryEnd', { token: h.agent, body: { inquiryId: id } }))).toEqual({ status: 'ended' });
  });

  it("leaves a chat the player ended as the player's, and answers an unknown ticket with 4040", async () => {
    const id = await createTicket(h, h.player2, platformBody());
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: h.player2, body: { inquiryId: id } }));
    expect(okData('agentInquiryEnd', await call(h, 'agentInquiryEnd', { token: h.agent, body: { inquiryId: id } }))).toEqual({ status: 'waiting_rating' });
    expect(await ticketRow(h.db, id)).toMatchObject({ ended_by: 'player', feedback_at: null });
    expectFailure(await call(h, 'agentInquiryEnd', { token: h.agent, body: { inquiryId: 2_000_000_000 } }), 404, ERROR_CODES.notFound, 'inquiryNotFound');
  });
});
