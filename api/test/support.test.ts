import { ERROR_CODES, LANGUAGES, type EndpointName, type Language } from 'shared-contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../src/seed/demo-accounts.js';
import { readSupportSeed, seedSupport } from '../src/seed/support-seed.js';
import { createTestApp, harnessForFile, testHasher } from './helpers.js';
import { call, expectFailure, loginToken, okData } from './identity-helpers.js';

const harness = harnessForFile(createTestApp);
const seed = await readSupportSeed();
let player1: string;
let player2: string;

beforeAll(async () => {
  await seedDemoAccounts(harness.db, testHasher);
  const result = await seedSupport(harness.db, seed);
  expect(result.rolesSkipped).toBe(0);
  harness.app.support.invalidate();
  player1 = await loginToken(harness, 'player1', 'player1-pass');
  player2 = await loginToken(harness, 'player2', 'player2-pass');
});

function get(name: EndpointName, query: string, token?: string) {
  return call(harness, name, { query, ...(token ? { token } : {}) });
}

/** The seed's topics of a game, in seed order, as the API shows them in a language. */
function seedTopics(gameId: number, language: Language = 'en') {
  return seed.faqs
    .filter((faq) => faq.games === 'all' || faq.games.includes(gameId))
    .map((faq) => ({ id: faq.id, typeId: faq.typeId, title: faq.text[language]?.title, answer: faq.text[language]?.answer }));
}

async function faqIds(query: string): Promise<number[]> {
  return okData('faqs', await get('faqs', query)).map((faq) => faq.id);
}

describe('unknown games and bad input on every support endpoint', () => {
  const calls: [EndpointName, string][] = [
    ['faqTypes', ''],
    ['faqs', ''],
    ['inquiryTypes', ''],
    ['gameServers', ''],
    ['gameAreas', '&serverId=s1'],
    ['gameRoles', '&serverId=s1'],
    ['gameDownloads', ''],
  ];

  it('answers 4040 gameNotFound for a game that does not exist or is not published', async () => {
    for (const [name, extra] of calls) {
      expectFailure(await get(name, `?gameId=999${extra}`, player1), 404, ERROR_CODES.notFound, 'gameNotFound');
    }
    await harness.db.query('UPDATE games SET published = false WHERE id = 2');
    harness.app.support.invalidate();
    try {
      expectFailure(await get('faqs', '?gameId=2'), 404, ERROR_CODES.notFound, 'gameNotFound');
    } finally {
      await harness.db.query('UPDATE games SET published = true WHERE id = 2');
      harness.app.support.invalidate();
    }
    expect(okData('faqs', await get('faqs', '?gameId=2')).length).toBeGreaterThan(0);
  });

  it('answers 4000 naming the parameter for a missing or malformed gameId', async () => {
    for (const [name, extra] of calls) {
      expectFailure(await get(name, `?spec_lang=en${extra}`, player1), 400, ERROR_CODES.badRequest, /Missing required query parameter "gameId"/);
      for (const value of ['abc', '0', '-1', '1.5', '2147483648', '%27%20OR%201%3D1']) {
        expectFailure(await get(name, `?gameId=${value}${extra}`, player1), 400, ERROR_CODES.badRequest, /query parameter "gameId"/);
      }
      expectFailure(await get(name, `?gameId=1&gameId=2${extra}`, player1), 400, ERROR_CODES.badRequest, /"gameId": expected a single value/);
      expectFailure(await get(name, `?gameId=1&extra=1${extra}`, player1), 400, ERROR_CODES.badRequest, /Unknown query parameter "extra"/);
      expectFailure(await get(name, `?gameId=1&spec_lang=xx${extra}`, player1), 400, ERROR_CODES.badRequest, /"spec_lang"/);
    }
  });
});

describe('GET /faqs/types', () => {
  it('lists the four help-topic types in the request language, English without one', async () => {
    for (const language of LANGUAGES) {
      const types = okData('faqTypes', await get('faqTypes', `?gameId=1&spec_lang=${language}`));
      expect(types).toEqual(seed.faqTypes.map((type) => ({ id: type.id, name: type.name[language] })));
    }
    const english = okData('faqTypes', await get('faqTypes', '?gameId=1'));
    expect(english.map((type) => type.name)).toEqual(['Account', 'Payment', 'Gameplay', 'Technical']);
    const korean = okData('faqTypes', await get('faqTypes', '?gameId=1&spec_lang=ko&domain_area=kr'));
    expect(korean.map((type) => type.name)).toEqual(['계정', '결제', '게임 플레이', '기술 문제']);
  });

  it('falls back to English for a language without a text', async () => {
    await harness.db.query("DELETE FROM faq_type_texts WHERE type_id = 1 AND lang = 'vi'");
    harness.app.support.invalidate();
    try {
      const types = okData('faqTypes', await get('faqTypes', '?gameId=1&spec_lang=vi'));
      expect(types[0]?.name).toBe('Account');
      expect(types[1]?.name).toBe(seed.faqTypes[1]?.name.vi);
    } finally {
      await seedSupport(harness.db, seed);
      harness.app.support.invalidate();
    }
    expect(okData('faqTypes', await get('faqTypes', '?gameId=1&spec_lang=vi'))[0]?.name).toBe('Tài khoản');
  });

  it('may be cached briefly', async () => {
    const answer = await get('faqTypes', '?gameId=1');
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('GET /faqs', () => {
  it("lists a game's topics (general and its own) in the request language, with paragraphs", async () => {
    for (const gameId of [1, 2, 8]) {
      for (const language of ['en', 'ja', 'ar', 'zh-TW'] as const) {
        const topics = okData('faqs', await get('faqs', `?gameId=${gameId}&spec_lang=${language}`));
        expect(topics).toEqual(seedTopics(gameId, language));
        expect(topics.length).toBeGreaterThanOrEqual(5);
      }
    }
    const star = await faqIds('?gameId=1');
    const comet = await faqIds('?gameId=2');
    expect(star).toContain(5);
    expect(star).not.toContain(6);
    expect(comet).toContain(6);
    const [first] = okData('faqs', await get('faqs', '?gameId=1&spec_lang=en'));
    expect(first?.answer.split('\n\n').length).toBe(2);
  });

  it('filters by type', async () => {
    const gameplay = okData('faqs', await get('faqs', '?gameId=1&typeId=3'));
    expect(gameplay.length).toBeGreaterThan(0);
    expect(gameplay.every((faq) => faq.typeId === 3)).toBe(true);
    expect(gameplay.map((faq) => faq.id)).toEqual(seedTopics(1).filter((faq) => faq.typeId === 3).map((faq) => faq.id));
    expect(await faqIds('?gameId=5&typeId=4')).toEqual([3, 9]);
  });

  it('answers an empty list for a type without topics, 4040 for a type that does not exist', async () => {
    await harness.db.query('INSERT INTO faq_types (id, sort_order) VALUES (77, 99)');
    await harness.db.query("INSERT INTO faq_type_texts (type_id, lang, name) VALUES (77, 'en', 'Events')");
    harness.app.support.invalidate();
    try {
      expect(okData('faqs', await get('faqs', '?gameId=1&typeId=77'))).toEqual([]);
      // A type no topic of the game uses is not offered as a tab.
      expect(okData('faqTypes', await get('faqTypes', '?gameId=1')).map((type) => type.id)).not.toContain(77);
    } finally {
      await harness.db.query('DELETE FROM faq_types WHERE id = 77');
      harness.app.support.invalidate();
    }
    expectFailure(await get('faqs', '?gameId=1&typeId=77'), 404, ERROR_CODES.notFound, 'faqTypeNotFound');
    expectFailure(await get('faqs', '?gameId=1&typeId=x'), 400, ERROR_CODES.badRequest, /query parameter "typeId"/);
  });

  it('searches title and answer, ignoring case, in the request language', async () => {
    expect(await faqIds('?gameId=1&keyword=password')).toEqual([1]);
    expect(await faqIds('?gameId=1&keyword=PassWORD')).toEqual([1]);
    // Only in an answer.
    expect(await faqIds('?gameId=1&keyword=receipt')).toEqual([2]);
    // Several topics, in their order.
    expect(await faqIds('?gameId=1&keyword=inquiry')).toEqual([1, 2, 4]);
    // Other languages: the English word does not match the Korean text, the Korean one does.
    expect(await faqIds('?gameId=1&spec_lang=ko&keyword=password')).toEqual([]);
    expect(await faqIds(`?gameId=1&spec_lang=ko&keyword=${encodeURIComponent('비밀번호')}`)).toEqual([1]);
    expect(await faqIds(`?gameId=1&spec_lang=ru&keyword=${encodeURIComponent('ПАРОЛЬ')}`)).toEqual([1]);
    expect(await faqIds(`?gameId=4&spec_lang=de&keyword=${encodeURIComponent('ALLIANZ')}`)).toEqual([8]);
    // A game's own topic is not found from another game.
    expect(await faqIds('?gameId=2&keyword=alliance')).toEqual([]);
    expect(await faqIds('?gameId=4&keyword=alliance')).toEqual([8]);
  });

  it('combines search and type', async () => {
    expect(await faqIds('?gameId=1&typeId=1&keyword=inquiry')).toEqual([1]);
    expect(await faqIds('?gameId=1&typeId=4&keyword=password')).toEqual([]);
  });

  it('treats a blank keyword as no search and trims the keyword', async () => {
    const all = await faqIds('?gameId=1');
    expect(await faqIds('?gameId=1&keyword=')).toEqual(all);
    expect(await faqIds('?gameId=1&keyword=%20%20')).toEqual(all);
    expect(await faqIds('?gameId=1&keyword=%20password%20')).toEqual([1]);
  });

  it('matches hostile keywords literally: no wildcards, quotes or SQL', async () => {
    for (const keyword of ['%', '_', '%%', 'pass%word', 'passwor_', '\\', '"password"', "'password'", "' OR 1=1 --", '.*', '[a-z]', '%00']) {
      expect(await faqIds(`?gameId=1&keyword=${encodeURIComponent(keyword)}`), keyword).toEqual([]);
    }
    // Punctuation and digits that are in a text match as written.
    expect(await faqIds(`?gameId=1&keyword=${encodeURIComponent('2 GB')}`)).toEqual([3]);
    expect(await faqIds(`?gameId=1&keyword=${encodeURIComponent('"Forgot password?"')}`)).toEqual([1]);
    expect(await faqIds(`?gameId=4&keyword=${encodeURIComponent('24 hours')}`)).toEqual([8]);
  });

  it('bounds the keyword length', async () => {
    expect(await faqIds(`?gameId=1&keyword=${'x'.repeat(100)}`)).toEqual([]);
    expectFailure(await get('faqs', `?gameId=1&keyword=${'x'.repeat(101)}`), 400, ERROR_CODES.badRequest, /"keyword": must be at most 100 characters long/);
    expectFailure(await get('faqs', `?gameId=1&keyword=${'%25'.repeat(5_000)}`), 400, ERROR_CODES.badRequest, /"keyword"/);
    expectFailure(await get('faqs', '?gameId=1&keyword=a&keyword=b'), 400, ERROR_CODES.badRequest, /"keyword": expected a single value/);
  });
});

describe('GET /inquiries/types', () => {
  it('lists the question categories in the request language', async () => {
    for (const language of LANGUAGES) {
      expect(okData('inquiryTypes', await get('inquiryTypes', `?gameId=3&spec_lang=${language}`))).toEqual(
        seed.inquiryCategories.map((category) => ({ id: category.id, name: category.name[language] })),
      );
    }
    const english = okData('inquiryTypes', await get('inquiryTypes', '?gameId=3'));
    expect(english.map((category) => category.name)).toEqual(['Account', 'Payment / top-up', 'Bug report', 'Gameplay', 'Suggestion', 'Other']);
  });

  it('leaves out withdrawn categories', async () => {
    await harness.db.query('UPDATE inquiry_categories SET published = false WHERE id = 5');
    harness.app.support.invalidate();
    try {
      expect(okData('inquiryTypes', await get('inquiryTypes', '?gameId=3')).map((category) => category.id)).toEqual([1, 2, 3, 4, 6]);
    } finally {
      await harness.db.query('UPDATE inquiry_categories SET published = true WHERE id = 5');
      harness.app.support.invalidate();
    }
  });
});

describe('GET /game/servers/v2 and /game/areas', () => {
  it("lists a game's servers, ids starting with a lowercase s", async () => {
    for (const game of seed.games) {
      const servers = okData('gameServers', await get('gameServers', `?gameId=${game.gameId}`));
      expect(servers).toEqual(game.servers.map((server) => ({ id: server.id, name: server.name })));
      expect(servers.length).toBeGreaterThanOrEqual(2);
      for (const server of servers) expect(server.id).toMatch(/^s/);
    }
    expect(okData('gameServers', await get('gameServers', '?gameId=1'))).toEqual([
      { id: 's1', name: 'Orion' },
      { id: 's2', name: 'Lyra' },
      { id: 's3', name: 'Vega' },
    ]);
  });

  it("lists a server's regions in the request language", async () => {
    expect(okData('gameAreas', await get('gameAreas', '?gameId=1&serverId=s1'))).toEqual([
      { id: 'asia', name: 'Asia' },
      { id: 'europe', name: 'Europe' },
    ]);
    expect(okData('gameAreas', await get('gameAreas', '?gameId=1&serverId=s1&spec_lang=ja'))).toEqual([
      { id: 'asia', name: 'アジア' },
      { id: 'europe', name: 'ヨーロッパ' },
    ]);
    expect(okData('gameAreas', await get('gameAreas', '?gameId=1&serverId=s2&spec_lang=ar'))).toEqual([{ id: 'americas', name: 'الأمريكتان' }]);
  });

  it('normalises the server id to a lowercase s (SPEC §4)', async () => {
    const expected = okData('gameAreas', await get('gameAreas', '?gameId=4&serverId=s2'));
    expect(expected.length).toBe(2);
    for (const serverId of ['S2', '2', '%20s2%20']) {
      expect(okData('gameAreas', await get('gameAreas', `?gameId=4&serverId=${serverId}`)), serverId).toEqual(expected);
    }
  });

  it('answers 4040 serverNotFound for a server of another game or none, 4000 for a malformed id', async () => {
    expectFailure(await get('gameAreas', '?gameId=2&serverId=s3'), 404, ERROR_CODES.notFound, 'serverNotFound');
    expectFailure(await get('gameAreas', '?gameId=1&serverId=s99'), 404, ERROR_CODES.notFound, 'serverNotFound');
    expectFailure(await get('gameAreas', '?gameId=1'), 400, ERROR_CODES.badRequest, /Missing required query parameter "serverId"/);
    expectFailure(await get('gameAreas', '?gameId=1&serverId='), 400, ERROR_CODES.badRequest, /"serverId": must not be empty/);
    expectFailure(await get('gameAreas', '?gameId=1&serverId=s1%27--'), 400, ERROR_CODES.badRequest, /"serverId": contains characters/);
    expectFailure(await get('gameAreas', `?gameId=1&serverId=s${'1'.repeat(40)}`), 400, ERROR_CODES.badRequest, /"serverId": must be at most 32/);
  });
});

describe('GET /game/roles', () => {
  it('needs a valid session: -600 without one, before looking at the input', async () => {
    for (const query of ['?gameId=1&serverId=s1', '?gameId=999&serverId=s1', '?bad=1']) {
      const answer = await get('gameRoles', query);
      expectFailure(answer, 401, ERROR_CODES.sessionInvalid, 'sessionInvalid');
      expect(answer.headers['www-authenticate']).toBe('Bearer');
    }
    expectFailure(await get('gameRoles', '?gameId=1&serverId=s1', 'x'.repeat(43)), 401, ERROR_CODES.sessionInvalid, 'sessionInvalid');
  });

  it("lists the player's characters on a server, highest level first, and by region", async () => {
    const roles = okData('gameRoles', await get('gameRoles', '?gameId=1&serverId=s1', player1));
    expect(roles).toEqual([
      { roleId: 'r100101', roleName: 'Captain Mira', level: 58, areaId: 'asia' },
      { roleId: 'r100102', roleName: 'Jax Orbit', level: 12, areaId: 'europe' },
    ]);
    expect(okData('gameRoles', await get('gameRoles', '?gameId=1&serverId=S1&areaId=europe', player1))).toEqual([
      { roleId: 'r100102', roleName: 'Jax Orbit', level: 12, areaId: 'europe' },
    ]);
    const answer = await get('gameRoles', '?gameId=1&serverId=s1', player1);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('answers an empty list where the player has no character', async () => {
    expect(okData('gameRoles', await get('gameRoles', '?gameId=2&serverId=s1', player1))).toEqual([]);
    expect(okData('gameRoles', await get('gameRoles', '?gameId=1&serverId=s2', player1))).toEqual([]);
    expect(okData('gameRoles', await get('gameRoles', '?gameId=1&serverId=s3&areaId=asia', player1))).toEqual([]);
    // player2 has characters nowhere ("No Character Info.").
    for (const game of seed.games) {
      for (const server of game.servers) {
        expect(okData('gameRoles', await get('gameRoles', `?gameId=${game.gameId}&serverId=${server.id}`, player2))).toEqual([]);
      }
    }
  });

  it("shows only the token's own characters", async () => {
    const { rows } = await harness.db.query<{ id: number }>("SELECT id FROM accounts WHERE account = 'player2'");
    await harness.db.query(
      `INSERT INTO game_roles (game_id, server_id, id, area_id, account_id, name, level)
       VALUES (1, 's1', 'r999', 'asia', $1, 'Second Player', 99)`,
      [rows[0]?.id ?? -1],
    );
    try {
      expect(okData('gameRoles', await get('gameRoles', '?gameId=1&serverId=s1', player2))).toEqual([
        { roleId: 'r999', roleName: 'Second Player', level: 99, areaId: 'asia' },
      ]);
      const mine = okData('gameRoles', await get('gameRoles', '?gameId=1&serverId=s1', player1)).map((role) => role.roleId);
      expect(mine).toEqual(['r100101', 'r100102']);
    } finally {
      await harness.db.query("DELETE FROM game_roles WHERE id = 'r999'");
    }
  });

  it('answers 4040 for an unknown server or region, 4000 for malformed ids', async () => {
    expectFailure(await get('gameRoles', '?gameId=1&serverId=s9', player1), 404, ERROR_CODES.notFound, 'serverNotFound');
    expectFailure(await get('gameRoles', '?gameId=1&serverId=s1&areaId=oceania', player1), 404, ERROR_CODES.notFound, 'areaNotFound');
    expectFailure(await get('gameRoles', '?gameId=1', player1), 400, ERROR_CODES.badRequest, /Missing required query parameter "serverId"/);
    expectFailure(await get('gameRoles', '?gameId=1&serverId=s1&areaId=%3Cx%3E', player1), 400, ERROR_CODES.badRequest, /"areaId": contains characters/);
  });
});

describe('GET /game/downloads', () => {
  it('lists the download links per platform, empty for games without any yet', async () => {
    for (const game of seed.games) {
      expect(okData('gameDownloads', await get('gameDownloads', `?gameId=${game.gameId}`))).toEqual(
        [...game.downloads].sort((a, b) => ['android', 'ios', 'pc'].indexOf(a.platform) - ['android', 'ios', 'pc'].indexOf(b.platform)),
      );
    }
    expect(okData('gameDownloads', await get('gameDownloads', '?gameId=1')).map((link) => link.platform)).toEqual(['android', 'ios', 'pc']);
    expect(okData('gameDownloads', await get('gameDownloads', '?gameId=3'))).toEqual([]);
    const withLinks = [];
    for (const game of seed.games) {
      if (okData('gameDownloads', await get('gameDownloads', `?gameId=${game.gameId}`)).length > 0) withLinks.push(game.gameId);
    }
    expect(withLinks.length).toBe(6);
  });
});

describe('support reference cache', () => {
  it('serves the loaded data until invalidated', async () => {
    const before = okData('faqs', await get('faqs', '?gameId=1&spec_lang=en'));
    await harness.db.query("UPDATE faq_texts SET title = 'Changed title' WHERE faq_id = 1 AND lang = 'en'");
    await harness.db.query("UPDATE game_servers SET name = 'Renamed' WHERE game_id = 1 AND id = 's1'");
    try {
      expect(okData('faqs', await get('faqs', '?gameId=1&spec_lang=en'))).toEqual(before);
      expect(okData('gameServers', await get('gameServers', '?gameId=1'))[0]?.name).toBe('Orion');
      harness.app.support.invalidate();
      expect(okData('faqs', await get('faqs', '?gameId=1&spec_lang=en'))[0]?.title).toBe('Changed title');
      expect(await faqIds('?gameId=1&keyword=changed')).toEqual([1]);
      expect(okData('gameServers', await get('gameServers', '?gameId=1'))[0]?.name).toBe('Renamed');
    } finally {
      await seedSupport(harness.db, seed);
      harness.app.support.invalidate();
    }
    expect(okData('faqs', await get('faqs', '?gameId=1&spec_lang=en'))).toEqual(before);
  });
});
