import { AGENT_PAGE_SIZE, DESK_LIMITS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { call, okData } from './api-calls.js';
import { harnessForFile } from './helpers.js';
import { loggedInPlayer } from './identity-helpers.js';
import { platformBody } from './ticket-bodies.js';
import { createTicket, createTicketHarness } from './tickets-helpers.js';

/**
 * Issue 15 item 5: the desk's keyword search finds what it always found, literally, ignoring case, in the title, the
 * question or the owner's account name, in every script, whichever way it is looked up: a keyword of one or two
 * characters from the grams index (migration 0018), one with five digits in a row from the numbers index (migration
 * 0020), a longer one from trigrams, and a keyword more tickets hold than the desk counts by reading the queue in
 * order. Each answer is compared with ILIKE over every ticket, in the queue's order, the search's meaning written
 * plainly.
 */
const h = harnessForFile(createTicketHarness);

const list = async (query: string) => okData('agentInquiries', await call(h, 'agentInquiries', { token: h.agent, query }));

/** The tickets holding `keyword` and kept by `where`, in the queue's order: what the desk must answer. */
async function holding(keyword: string, where = 'true'): Promise<number[]> {
  const pattern = `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const { rows } = await h.db.query<{ id: string }>(
    `SELECT t.id FROM tickets t JOIN accounts a ON a.id = t.account_id
     WHERE (t.title ILIKE $1 OR t.content ILIKE $1 OR a.account ILIKE $1) AND ${where}
     ORDER BY t.waiting_since, t.updated_at, t.id`,
    [pattern],
  );
  return rows.map((row) => Number(row.id));
}

/** Every page of the desk's answer to `query`, its ids in order, and the total it gave. */
async function everyPage(query: string): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await list(`${query}&page=${page}`);
    ids.push(...answer.items.map((item) => item.id));
    if (answer.items.length < AGENT_PAGE_SIZE) return { ids, total: answer.total };
  }
}

describe('a keyword of one or two characters', () => {
  it('finds in every script what ILIKE finds, in title, question and account name, ignoring case', async () => {
    const player = await loggedInPlayer(h);
    const named = await loggedInPlayer(h, { name: `Qv${Math.random().toString(36).slice(2, 8)}` });
    const tickets = [
      [player.token, platformBody({ title: '重复充值申请退款', content: '同一个钻石礼包被扣了两次款，请退还第二笔。' })],
      [player.token, platformBody({ title: 'Top-up', content: '上次更新以后无法充值，请帮忙看看。' })],
      [player.token, platformBody({ title: '로그인 오류', content: '업데이트 후 로그인이 되지 않습니다.' })],
      [player.token, platformBody({ title: 'ログインできません', content: 'パスワードを入力すると終了します。' })],
      [player.token, platformBody({ title: 'Δώρο ΩΨ', content: 'Το δώρο ωψ δεν ήρθε ποτέ στο ταχυδρομείο.' })],
      [player.token, platformBody({ title: 'Hesap QV kilit', content: 'Hesabım qv kilitlendi, yardım eder misiniz?' })],
      [named.token, platformBody({ title: 'Nothing to see', content: 'The account name holds the keyword here.' })],
      [player.token, platformBody({ title: '50% off', content: 'A_b and C:\\games are plain characters here.' })],
    ] as const;
    for (const [token, body] of tickets) await createTicket(h, token, body);

    const keywords = ['充值', '充', '값', '로그', 'イン', 'ωψ', 'ΩΨ', 'Ψ', 'qv', 'QV', 'q', '%', '_', '\\', '%o', 'a_', 'C:', '龘', '龘龘'];
    for (const keyword of keywords) {
      const expected = await holding(keyword);
      const found = await everyPage(`?keyword=${encodeURIComponent(keyword)}`);
      expect({ keyword, ...found }).toEqual({ keyword, ids: expected, total: Math.min(expected.length, DESK_LIMITS.keywordCountMax) });
    }
    expect((await holding('充值')).length).toBe(2);
    expect((await holding('龘')).length).toBe(0);
  });

  it('keeps the other filters', async () => {
    const player = await loggedInPlayer(h);
    await createTicket(h, player.token, platformBody({ gameId: 2, title: '充值没有到账' }));
    await createTicket(h, player.token, platformBody({ gameId: 3, title: '充值失败了' }));
    const ended = await createTicket(h, player.token, platformBody({ gameId: 3, title: '充值已退款' }));
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: ended } }));

    expect((await everyPage(`?keyword=${encodeURIComponent('充值')}&gameId=3`)).ids).toEqual(await holding('充值', 't.game_id = 3'));
    expect((await everyPage(`?keyword=${encodeURIComponent('充值')}&status=waiting_rating`)).ids).toEqual([ended]);
  });
});

describe('a keyword holding five digits in a row', () => {
  it('finds what ILIKE finds, whether the digits end, start or fill the keyword, in title, question and account name', async () => {
    const digits = String(1_000_000 + Math.floor(Math.random() * 8_999_999)).slice(1);
    const player = await loggedInPlayer(h);
    const named = await loggedInPlayer(h, { name: `Qn${digits}` });
    const tickets = [
      [player.token, platformBody({ title: `Order ORD-${digits}`, content: 'The diamonds never arrived.' })],
      [
        player.token,
        platformBody({
          title: 'Charged twice',
          content: `Both payments: ord-${digits}7 and ORD-${digits.slice(0, 3)} ${digits.slice(3)}.`,
        }),
      ],
      [player.token, platformBody({ title: 'Receipt', content: `Transaction ${digits}${digits}, paid at 12:00.` })],
      [
        player.token,
        platformBody({
          title: 'Full-width',
          content: `注文番号 ORD-${digits.replace(/[0-9]/g, (digit) => String.fromCharCode(0xff10 + Number(digit)))}`,
        }),
      ],
      [named.token, platformBody({ title: 'Nothing to see', content: 'The account name holds the number here.' })],
    ] as const;
    for (const [token, body] of tickets) await createTicket(h, token, body);

    const keywords = [
      `ORD-${digits}`,
      `ord-${digits}`,
      `RD-${digits}7`,
      digits,
      digits.slice(1),
      digits.slice(0, 5),
      `${digits}${digits.slice(0, 2)}`,
      `#${digits}`,
      `${digits}.`,
      `qn${digits}`,
      `ORD-${digits.slice(0, 3)} ${digits.slice(3)}`,
      `Transaction ${digits}${digits}, paid`,
    ];
    for (const keyword of keywords) {
      const expected = await holding(keyword);
      const found = await everyPage(`?keyword=${encodeURIComponent(keyword)}`);
      expect({ keyword, ...found }).toEqual({ keyword, ids: expected, total: Math.min(expected.length, DESK_LIMITS.keywordCountMax) });
    }
    expect((await holding(`ORD-${digits}`)).length).toBe(2);
    expect((await holding(`#${digits}`)).length).toBe(0);
  });

  it('is narrowed by the windows of five digits of every run of digits in the text (migration 0020)', async () => {
    const { rows } = await h.db.query<{ windows: string[] }>(
      `SELECT desk_search_numbers('ORD-0500000 on 2026-11-26, card 123456, ２３４５６') AS windows`,
    );
    expect([...rows[0]!.windows].sort()).toEqual(['00000', '05000', '12345', '23456', '50000']);
  });
});

describe('a keyword more tickets hold than the desk counts', () => {
  it('pages in the queue order and says that more match, a page far down too', async () => {
    const word = `cw${Math.random().toString(36).slice(2, 8)}`;
    const player = await loggedInPlayer(h);
    const original = await createTicket(h, player.token, platformBody({ title: `Common ${word}` }));
    // Copies made by the database, in a shuffled queue order: some waiting for an agent (first, by how long), the
    // rest by their last update; a few hold the word in the question only, in capitals.
    await h.db.query(
      `INSERT INTO tickets (account_id, request_id, ticket_type, game_id, category_id, title, content, contact_kind, contact, lang,
                            status, created_at, updated_at, waiting_since, ended_at, ended_by)
       SELECT account_id, gen_random_uuid(), ticket_type, game_id, category_id,
              CASE WHEN n % 7 = 0 THEN 'Copied title' ELSE title END,
              CASE WHEN n % 7 = 0 THEN 'The question says ' || upper($3) ELSE content END,
              contact_kind, contact, lang,
              CASE WHEN n % 5 = 0 THEN 'processing' ELSE 'ended' END, created_at,
              created_at - ((n * 7919) % 100000) * interval '1 second',
              CASE WHEN n % 5 = 0 THEN created_at - ((n * 104729) % 50000) * interval '1 second' END,
              CASE WHEN n % 5 = 0 THEN NULL ELSE created_at END,
              CASE WHEN n % 5 = 0 THEN NULL ELSE 'player' END
       FROM tickets, generate_series(1, $2::int) n WHERE id = $1`,
      [original, DESK_LIMITS.keywordCountMax + AGENT_PAGE_SIZE, word],
    );
    const expected = await holding(word);
    expect(expected.length).toBeGreaterThan(DESK_LIMITS.keywordCountMax);

    for (const page of [1, 2, 37]) {
      const answer = await list(`?keyword=${word.toUpperCase()}&page=${page}`);
      expect(answer).toMatchObject({ total: DESK_LIMITS.keywordCountMax, totalCapped: true, page });
      expect(answer.items.map((item) => item.id)).toEqual(expected.slice((page - 1) * AGENT_PAGE_SIZE, page * AGENT_PAGE_SIZE));
    }
    // The last page the desk offers, and those past the cap: the last one found only from all the matches.
    const lastPage = DESK_LIMITS.keywordCountMax / AGENT_PAGE_SIZE;
    for (const page of [lastPage, lastPage + 1, lastPage + 2]) {
      const answer = await list(`?keyword=${word}&page=${page}`);
      expect(answer.items.map((item) => item.id)).toEqual(expected.slice((page - 1) * AGENT_PAGE_SIZE, page * AGENT_PAGE_SIZE));
    }

    // With another filter the same: the processing copies, in the order they have waited.
    const processing = await holding(word, "t.status = 'processing'");
    const filtered = await list(`?keyword=${word}&status=processing`);
    expect(filtered).toMatchObject({ total: processing.length, totalCapped: false });
    expect(filtered.items.map((item) => item.id)).toEqual(processing.slice(0, AGENT_PAGE_SIZE));
    // A thousand copies, each written to the trigram and grams indexes: seconds on the embedded database.
  }, 90_000);
});
