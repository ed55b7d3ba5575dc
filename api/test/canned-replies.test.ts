import { ERROR_CODES, LANGUAGES, LIMITS, type EndpointName, type Language } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { readCannedRepliesSeed, seedCannedReplies } from '../src/canned-replies/seed.js';
import { call, expectFailure, okData } from './api-calls.js';
import { harnessForFile } from './helpers.js';
import { platformBody } from './ticket-bodies.js';
import { countRows, createTicket, createTicketHarness } from './tickets-helpers.js';

const h = harnessForFile(createTicketHarness);

const CANNED_CALLS: EndpointName[] = ['cannedReplies', 'cannedReplyCreate', 'cannedReplyUpdate', 'cannedReplyDelete'];

/** A word no other test puts in a title, so a search sees only this test's replies. */
function marker(): string {
  return `cr${Math.random().toString(36).slice(2, 10)}`;
}

async function create(language: Language, title: string, body = 'Thank you for waiting.') {
  return okData('cannedReplyCreate', await call(h, 'cannedReplyCreate', { token: h.agent, body: { language, title, body } }));
}

async function list(query: string) {
  return okData('cannedReplies', await call(h, 'cannedReplies', { token: h.agent, query }));
}

describe('the demo canned replies', () => {
  // First in the file: the harness's database has no canned replies yet.
  it('cover all 16 languages with titles unique in each, and are written in each language', async () => {
    const seed = await readCannedRepliesSeed();
    expect(Object.keys(seed).sort()).toEqual([...LANGUAGES].sort());
    const english = new Set(seed.en.map((reply) => reply.body));
    for (const language of LANGUAGES) {
      const replies = seed[language];
      expect(replies.length, language).toBeGreaterThanOrEqual(3);
      expect(new Set(replies.map((reply) => reply.title.toLowerCase())).size, language).toBe(replies.length);
      if (language !== 'en') for (const reply of replies) expect(english.has(reply.body), `${language} ${reply.title}`).toBe(false);
    }
  });

  it('are loaded into a language only while it has none, so what agents changed stays', async () => {
    const seed = await readCannedRepliesSeed();
    const total = Object.values(seed).reduce((sum, replies) => sum + replies.length, 0);
    expect(await seedCannedReplies(h.db, seed)).toBe(total);
    const german = await list('?language=de');
    expect(german.map((reply) => reply.title).sort()).toEqual(seed.de.map((reply) => reply.title).sort());
    expect(german[0]).toMatchObject({ language: 'de', updatedBy: null });

    okData('cannedReplyDelete', await call(h, 'cannedReplyDelete', { token: h.agent, body: { cannedReplyId: german[0]!.id } }));
    expect(await seedCannedReplies(h.db, seed)).toBe(0);
    expect(await list('?language=de')).toHaveLength(seed.de.length - 1);
  });
});

describe('the canned-reply calls', () => {
  it('refuse players with 4030 agentsOnly and guests with -600, changing nothing', async () => {
    const existing = await create('en', `Keep ${marker()}`);
    const before = await countRows(h.db, 'canned_replies');
    const requests: Record<string, { query?: string; body?: unknown }> = {
      cannedReplies: { query: '?language=en' },
      cannedReplyCreate: { body: { language: 'en', title: `Impostor ${marker()}`, body: 'Not an agent.' } },
      cannedReplyUpdate: { body: { cannedReplyId: existing.id, language: 'en', title: 'Taken over', body: 'Not an agent.' } },
      cannedReplyDelete: { body: { cannedReplyId: existing.id } },
    };
    for (const name of CANNED_CALLS) {
      expectFailure(await call(h, name, { token: h.player1, ...requests[name] }), 403, ERROR_CODES.forbidden, 'agentsOnly');
      expectFailure(await call(h, name, requests[name]), 401, ERROR_CODES.sessionInvalid, 'sessionInvalid');
    }
    expect(await countRows(h.db, 'canned_replies')).toBe(before);
    expect((await list(`?language=en&search=${encodeURIComponent(existing.title)}`))[0]).toEqual(existing);
  });

  it('let an agent add, find, change and delete a canned reply, naming who wrote it last', async () => {
    const word = marker();
    const created = await create('ko', `  Refund ${word}  `, '  환불 요청을 확인하고 있습니다.\n잠시만 기다려 주세요.  ');
    expect(created).toMatchObject({
      language: 'ko',
      title: `Refund ${word}`,
      body: '환불 요청을 확인하고 있습니다.\n잠시만 기다려 주세요.',
      updatedBy: 'agent1',
    });

    expect(await list(`?language=ko&search=${word.toUpperCase()}`)).toEqual([created]);
    expect(await list(`?language=ja&search=${word}`)).toEqual([]);

    const changed = okData(
      'cannedReplyUpdate',
      await call(h, 'cannedReplyUpdate', {
        token: h.agent,
        body: { cannedReplyId: created.id, language: 'ja', title: `Refund ${word} (ja)`, body: '返金のご依頼を確認しております。' },
      }),
    );
    expect(changed).toMatchObject({
      id: created.id,
      language: 'ja',
      title: `Refund ${word} (ja)`,
      body: '返金のご依頼を確認しております。',
    });
    expect(await list(`?language=ko&search=${word}`)).toEqual([]);
    expect(await list(`?language=ja&search=${word}`)).toEqual([changed]);

    expect(
      okData('cannedReplyDelete', await call(h, 'cannedReplyDelete', { token: h.agent, body: { cannedReplyId: created.id } })),
    ).toBeNull();
    expect(await list(`?search=${word}`)).toEqual([]);
  });

  it('list by title ignoring case, and search titles literally', async () => {
    const word = marker();
    await create('fr', `b ${word}`);
    await create('fr', `A ${word}`);
    await create('fr', `c_${word} 100%`);
    expect((await list(`?language=fr&search=${word}`)).map((reply) => reply.title)).toEqual([`A ${word}`, `b ${word}`, `c_${word} 100%`]);
    // % and _ are the text itself, not patterns.
    expect((await list(`?language=fr&search=${encodeURIComponent('100%')}`)).map((reply) => reply.title)).toEqual([`c_${word} 100%`]);
    // As a pattern, `_` would match the space in `b ${word}`.
    expect(await list(`?language=fr&search=b_${word}`)).toEqual([]);
  });

  it('refuse a title taken in the same language, ignoring case, and allow it in another', async () => {
    const title = `Welcome ${marker()}`;
    const first = await create('de', title);
    expectFailure(
      await call(h, 'cannedReplyCreate', { token: h.agent, body: { language: 'de', title: title.toUpperCase(), body: 'Hallo.' } }),
      409,
      ERROR_CODES.conflict,
      'cannedReplyTitleTaken',
    );
    const other = await create('es', title);
    expectFailure(
      await call(h, 'cannedReplyUpdate', { token: h.agent, body: { cannedReplyId: other.id, language: 'de', title, body: 'Hallo.' } }),
      409,
      ERROR_CODES.conflict,
      'cannedReplyTitleTaken',
    );
    // Saving a reply under its own title again is no conflict.
    okData(
      'cannedReplyUpdate',
      await call(h, 'cannedReplyUpdate', { token: h.agent, body: { cannedReplyId: first.id, language: 'de', title, body: 'Guten Tag.' } }),
    );
  });

  it('answer 4040 for a canned reply that is gone', async () => {
    const gone = await create('it', `Gone ${marker()}`);
    okData('cannedReplyDelete', await call(h, 'cannedReplyDelete', { token: h.agent, body: { cannedReplyId: gone.id } }));
    expectFailure(
      await call(h, 'cannedReplyDelete', { token: h.agent, body: { cannedReplyId: gone.id } }),
      404,
      ERROR_CODES.notFound,
      'cannedReplyNotFound',
    );
    expectFailure(
      await call(h, 'cannedReplyUpdate', {
        token: h.agent,
        body: { cannedReplyId: gone.id, language: 'it', title: 'Back', body: 'Di nuovo.' },
      }),
      404,
      ERROR_CODES.notFound,
      'cannedReplyNotFound',
    );
  });

  it('validate with the shared schema, answering the keys the desk translates', async () => {
    const cases: [unknown, RegExp][] = [
      [{ language: 'en', title: '   ', body: 'Text.' }, /"title": cannedTitleRequired/],
      [{ language: 'en', title: 'x'.repeat(LIMITS.cannedReplyTitleMax + 1), body: 'Text.' }, /"title": cannedTitleTooLong/],
      [{ language: 'en', title: 'Bell\u0007', body: 'Text.' }, /"title": cannedTitleInvalid/],
      [{ language: 'en', title: 'Long', body: '字'.repeat(LIMITS.replyMax + 1) }, /"body": cannedBodyTooLong/],
      [{ language: 'en', title: 'Empty', body: ' \n ' }, /"body": cannedBodyRequired/],
      [{ language: 'en', title: 'Nul', body: 'a\u0000b' }, /"body": cannedBodyInvalid/],
      [{ language: 'xx', title: 'Language', body: 'Text.' }, /"language": cannedLanguageRequired/],
      [{ language: 'en', title: 'Extra', body: 'Text.', updatedBy: 'someone' }, /Unknown body field "updatedBy"/],
    ];
    for (const [body, message] of cases) {
      expectFailure(await call(h, 'cannedReplyCreate', { token: h.agent, body }), 400, ERROR_CODES.badRequest, message);
    }
    // Exactly at the limits is fine: a body of one whole reply, counted in characters, not UTF-16 units.
    await create('zh-CN', `${marker()}${'题'.repeat(LIMITS.cannedReplyTitleMax - 10)}`, '😀'.repeat(LIMITS.replyMax));
    expectFailure(await call(h, 'cannedReplies', { token: h.agent, query: '?language=xx' }), 400, ERROR_CODES.badRequest, /"language"/);
    expectFailure(
      await call(h, 'cannedReplies', { token: h.agent, query: `?search=${'s'.repeat(81)}` }),
      400,
      ERROR_CODES.badRequest,
      /cannedSearchInvalid/,
    );
  });

  it(`hold at most ${LIMITS.cannedRepliesPerLanguageMax} canned replies a language`, async () => {
    await h.db.query('DELETE FROM canned_replies WHERE lang = $1', ['th']);
    await h.db.query(
      `INSERT INTO canned_replies (lang, title, body, created_at, updated_at)
       SELECT 'th', 'Filler ' || n, 'ข้อความ', now(), now() FROM generate_series(1, $1::int) AS n`,
      [LIMITS.cannedRepliesPerLanguageMax],
    );
    expectFailure(
      await call(h, 'cannedReplyCreate', { token: h.agent, body: { language: 'th', title: 'One too many', body: 'ข้อความ' } }),
      409,
      ERROR_CODES.conflict,
      'cannedRepliesFull',
    );
    const elsewhere = await create('vi', `Move ${marker()}`);
    expectFailure(
      await call(h, 'cannedReplyUpdate', {
        token: h.agent,
        body: { cannedReplyId: elsewhere.id, language: 'th', title: elsewhere.title, body: 'ข้อความ' },
      }),
      409,
      ERROR_CODES.conflict,
      'cannedRepliesFull',
    );
    // Changing one already there takes no new place.
    const [filler] = await list('?language=th&search=Filler%201');
    okData(
      'cannedReplyUpdate',
      await call(h, 'cannedReplyUpdate', {
        token: h.agent,
        body: { cannedReplyId: filler!.id, language: 'th', title: 'Filler one', body: 'ข้อความใหม่' },
      }),
    );
    expect(await countRows(h.db, 'canned_replies WHERE lang = $1', ['th'])).toBe(LIMITS.cannedRepliesPerLanguageMax);
  });
});

describe("the desk's ticket", () => {
  it('names the language the player wrote in, which the canned replies start from', async () => {
    const id = await createTicket(h, h.player1, platformBody(), '?spec_lang=ja');
    const detail = okData(
      'agentInquiryDetail',
      await call(h, 'agentInquiryDetail', { token: h.agent, query: `?inquiryId=${id}&spec_lang=en` }),
    );
    expect(detail.language).toBe('ja');
  });
});
