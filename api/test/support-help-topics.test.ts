import { ERROR_CODES, type Language, LANGUAGES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { seedSupport } from '../src/seed/support-seed.js';
import { expectFailure, okData } from './api-calls.js';
import { harnessForFile } from './helpers.js';
import { createTicketHarness } from './tickets-helpers.js';
import { faqIds, get, seed } from './support-helpers.js';

const harness = harnessForFile(createTicketHarness);

/** The seed's topics of a game, in seed order, as the API shows them in a language. */
function seedTopics(gameId: number, language: Language = 'en') {
  return seed.faqs
    .filter((faq) => faq.games === 'all' || faq.games.includes(gameId))
    .map((faq) => ({ id: faq.id, typeId: faq.typeId, title: faq.text[language]?.title, answer: faq.text[language]?.answer }));
}

describe('GET /faqs/types', () => {
  it('lists the four help-topic types in the request language, English without one', async () => {
    for (const language of LANGUAGES) {
      const types = okData('faqTypes', await get(harness, 'faqTypes', `?gameId=1&spec_lang=${language}`));
      expect(types).toEqual(seed.faqTypes.map((type) => ({ id: type.id, name: type.name[language] })));
    }
    const english = okData('faqTypes', await get(harness, 'faqTypes', '?gameId=1'));
    expect(english.map((type) => type.name)).toEqual(['Account', 'Payment', 'Gameplay', 'Technical']);
    const korean = okData('faqTypes', await get(harness, 'faqTypes', '?gameId=1&spec_lang=ko&domain_area=kr'));
    expect(korean.map((type) => type.name)).toEqual(['계정', '결제', '게임 플레이', '기술 문제']);
  });

  it('falls back to English for a language without a text', async () => {
    await harness.db.query("DELETE FROM faq_type_texts WHERE type_id = 1 AND lang = 'vi'");
    harness.app.support.invalidate();
    try {
      const types = okData('faqTypes', await get(harness, 'faqTypes', '?gameId=1&spec_lang=vi'));
      expect(types[0]?.name).toBe('Account');
      expect(types[1]?.name).toBe(seed.faqTypes[1]?.name.vi);
    } finally {
      await seedSupport(harness.db, seed);
      harness.app.support.invalidate();
    }
    expect(okData('faqTypes', await get(harness, 'faqTypes', '?gameId=1&spec_lang=vi'))[0]?.name).toBe('Tài khoản');
  });

  it('may be cached briefly', async () => {
    const answer = await get(harness, 'faqTypes', '?gameId=1');
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('GET /faqs', () => {
  it("lists a game's topics (general and its own) in the request language, with paragraphs", async () => {
    for (const gameId of [1, 2, 8]) {
      for (const language of ['en', 'ja', 'ar', 'zh-TW'] as const) {
        const topics = okData('faqs', await get(harness, 'faqs', `?gameId=${gameId}&spec_lang=${language}`));
        expect(topics).toEqual(seedTopics(gameId, language));
        expect(topics.length).toBeGreaterThanOrEqual(5);
      }
    }
    const star = await faqIds(harness, '?gameId=1');
    const comet = await faqIds(harness, '?gameId=2');
    expect(star).toContain(5);
    expect(star).not.toContain(6);
    expect(comet).toContain(6);
    const [first] = okData('faqs', await get(harness, 'faqs', '?gameId=1&spec_lang=en'));
    expect(first?.answer.split('\n\n').length).toBe(2);
  });

  it('filters by type', async () => {
    const gameplay = okData('faqs', await get(harness, 'faqs', '?gameId=1&typeId=3'));
    expect(gameplay.length).toBeGreaterThan(0);
    expect(gameplay.every((faq) => faq.typeId === 3)).toBe(true);
    expect(gameplay.map((faq) => faq.id)).toEqual(
      seedTopics(1)
        .filter((faq) => faq.typeId === 3)
        .map((faq) => faq.id),
    );
    expect(await faqIds(harness, '?gameId=5&typeId=4')).toEqual([3, 9]);
  });

  it('answers an empty list for a type without topics, 4040 for a type that does not exist', async () => {
    await harness.db.query('INSERT INTO faq_types (id, sort_order) VALUES (77, 99)');
    await harness.db.query("INSERT INTO faq_type_texts (type_id, lang, name) VALUES (77, 'en', 'Events')");
    harness.app.support.invalidate();
    try {
      expect(okData('faqs', await get(harness, 'faqs', '?gameId=1&typeId=77'))).toEqual([]);
      // A type no topic of the game uses is not offered as a tab.
      expect(okData('faqTypes', await get(harness, 'faqTypes', '?gameId=1')).map((type) => type.id)).not.toContain(77);
    } finally {
      await harness.db.query('DELETE FROM faq_types WHERE id = 77');
      harness.app.support.invalidate();
    }
    expectFailure(await get(harness, 'faqs', '?gameId=1&typeId=77'), 404, ERROR_CODES.notFound, 'faqTypeNotFound');
    expectFailure(await get(harness, 'faqs', '?gameId=1&typeId=x'), 400, ERROR_CODES.badRequest, /query parameter "typeId"/);
  });

  it('searches title and answer, ignoring case, in the request language', async () => {
    expect(await faqIds(harness, '?gameId=1&keyword=password')).toEqual([1]);
    expect(await faqIds(harness, '?gameId=1&keyword=PassWORD')).toEqual([1]);
    // Only in an answer.
    expect(await faqIds(harness, '?gameId=1&keyword=receipt')).toEqual([2]);
    // Several topics, in their order.
    expect(await faqIds(harness, '?gameId=1&keyword=inquiry')).toEqual([1, 2, 4]);
    // Other languages: the English word does not match the Korean text, the Korean one does.
    expect(await faqIds(harness, '?gameId=1&spec_lang=ko&keyword=password')).toEqual([]);
    expect(await faqIds(harness, `?gameId=1&spec_lang=ko&keyword=${encodeURIComponent('비밀번호')}`)).toEqual([1]);
    expect(await faqIds(harness, `?gameId=1&spec_lang=ru&keyword=${encodeURIComponent('ПАРОЛЬ')}`)).toEqual([1]);
    expect(await faqIds(harness, `?gameId=4&spec_lang=de&keyword=${encodeURIComponent('ALLIANZ')}`)).toEqual([8]);
    // A game's own topic is not found from another game.
    expect(await faqIds(harness, '?gameId=2&keyword=alliance')).toEqual([]);
    expect(await faqIds(harness, '?gameId=4&keyword=alliance')).toEqual([8]);
  });

  it('combines search and type', async () => {
    expect(await faqIds(harness, '?gameId=1&typeId=1&keyword=inquiry')).toEqual([1]);
    expect(await faqIds(harness, '?gameId=1&typeId=4&keyword=password')).toEqual([]);
  });

  it('treats a blank keyword as no search and trims the keyword', async () => {
    const all = await faqIds(harness, '?gameId=1');
    expect(await faqIds(harness, '?gameId=1&keyword=')).toEqual(all);
    expect(await faqIds(harness, '?gameId=1&keyword=%20%20')).toEqual(all);
    expect(await faqIds(harness, '?gameId=1&keyword=%20password%20')).toEqual([1]);
  });

  it('matches hostile keywords literally: no wildcards, quotes or SQL', async () => {
    for (const keyword of [
      '%',
      '_',
      '%%',
      'pass%word',
      'passwor_',
      '\\',
      '"password"',
      "'password'",
      "' OR 1=1 --",
      '.*',
      '[a-z]',
      '%00',
    ]) {
      expect(await faqIds(harness, `?gameId=1&keyword=${encodeURIComponent(keyword)}`), keyword).toEqual([]);
    }
    // Punctuation and digits that are in a text match as written.
    expect(await faqIds(harness, `?gameId=1&keyword=${encodeURIComponent('2 GB')}`)).toEqual([3]);
    expect(await faqIds(harness, `?gameId=1&keyword=${encodeURIComponent('"Forgot password?"')}`)).toEqual([1]);
    expect(await faqIds(harness, `?gameId=4&keyword=${encodeURIComponent('24 hours')}`)).toEqual([8]);
  });

  it('bounds the keyword length', async () => {
    expect(await faqIds(harness, `?gameId=1&keyword=${'x'.repeat(100)}`)).toEqual([]);
    expectFailure(
      await get(harness, 'faqs', `?gameId=1&keyword=${'x'.repeat(101)}`),
      400,
      ERROR_CODES.badRequest,
      /"keyword": must be at most 100 characters long/,
    );
    expectFailure(await get(harness, 'faqs', `?gameId=1&keyword=${'%25'.repeat(5_000)}`), 400, ERROR_CODES.badRequest, /"keyword"/);
    expectFailure(
      await get(harness, 'faqs', '?gameId=1&keyword=a&keyword=b'),
      400,
      ERROR_CODES.badRequest,
      /"keyword": expected a single value/,
    );
  });
});
