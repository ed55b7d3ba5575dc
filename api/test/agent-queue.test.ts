import { AGENT_PAGE_SIZE, DESK_LIMITS, ERROR_CODES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { call, expectFailure, okData } from './api-calls.js';
import { harnessForFile } from './helpers.js';
import { loggedInPlayer } from './identity-helpers.js';
import { platformBody, replyBody } from './ticket-bodies.js';
import { agentReply, createTicket, createTicketHarness, marker } from './tickets-helpers.js';

const h = harnessForFile(createTicketHarness);

async function list(query: string, token = h.agent) {
  return okData('agentInquiries', await call(h, 'agentInquiries', { token, query }));
}

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
    await agentReply(h, answered);
    const answeredThenAdded = await open('C');
    h.clock.advance({ minutes: 1 });
    await agentReply(h, answeredThenAdded);
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
    await agentReply(h, onThree);
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
    const repliedOnThree = (await list(`?status=replied&gameId=3`)).items;
    expect(repliedOnThree.map((item) => item.id)).toContain(onThree);
    expect(repliedOnThree.every((item) => item.status === 'replied' && item.gameId === 3)).toBe(true);
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
      (
        await h.db.query<{ waiting_since: Date | null }>('SELECT waiting_since FROM tickets WHERE id = $1', [id])
      ).rows[0]?.waiting_since?.toISOString() ?? null;

    const first = await open('First');
    const second = await open('Second');
    await addInformation(first.id);
    expect(await queue()).toEqual([first.id, second.id]);
    expect(await waitingSince(first.id)).toBe(first.openedAt);

    // Answered, it leaves the queue; the player's next message puts it back, waiting from that message on.
    h.clock.advance({ minutes: 1 });
    await agentReply(h, first.id);
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

  it(`counts at most ${DESK_LIMITS.keywordCountMax} matches of a keyword, then says that more match`, async () => {
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
    await copy(DESK_LIMITS.keywordCountMax - 1);
    expect(await list(`?keyword=${word}`)).toMatchObject({ total: DESK_LIMITS.keywordCountMax, totalCapped: false });
    await copy(1);
    const last = await list(`?keyword=${word}&page=${DESK_LIMITS.keywordCountMax / AGENT_PAGE_SIZE}`);
    expect(last).toMatchObject({ total: DESK_LIMITS.keywordCountMax, totalCapped: true });
    expect(last.items).toHaveLength(AGENT_PAGE_SIZE);
    // The queue without a keyword counts on, to its own cap.
    const { rows } = await h.db.query<{ tickets: number }>('SELECT count(*)::int AS tickets FROM tickets');
    expect(await list('')).toMatchObject({
      total: Math.min(rows[0]!.tickets, DESK_LIMITS.queueCountMax),
      totalCapped: rows[0]!.tickets > DESK_LIMITS.queueCountMax,
    });
    expect(rows[0]!.tickets).toBeGreaterThan(DESK_LIMITS.keywordCountMax);
  }, 90_000);

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
