import { LANGUAGES } from 'shared-contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../src/seed/demo-accounts.js';
import { readGamesSeed, seedGames, type SeedGame } from '../src/seed/games-seed.js';
import { readSupportSeed, seedSupport, supportSeedSchema, type SupportSeed } from '../src/seed/support-seed.js';
import { harnessForFile, openUnseededDatabase, testHasher } from './helpers.js';

const database = harnessForFile(openUnseededDatabase);
let seed: SupportSeed;
let games: SeedGame[];

beforeAll(async () => {
  games = await readGamesSeed();
  await seedGames(database.db, games);
  seed = await readSupportSeed();
});

const TABLES = [
  'faq_types',
  'faq_type_texts',
  'faqs',
  'faq_games',
  'faq_texts',
  'inquiry_categories',
  'inquiry_category_texts',
  'game_servers',
  'game_areas',
  'game_area_texts',
  'game_roles',
  'game_downloads',
] as const;

async function counts(): Promise<Record<(typeof TABLES)[number], number>> {
  const result = {} as Record<(typeof TABLES)[number], number>;
  for (const table of TABLES) {
    const { rows } = await database.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
    result[table] = rows[0]?.count ?? -1;
  }
  return result;
}

describe('support seed file', () => {
  it('covers every seeded game: at least 5 topics, 2-4 servers with 1-3 regions, links for 6 of 8', () => {
    expect(seed.games.map((game) => game.gameId).sort()).toEqual(games.map((game) => game.id).sort());
    for (const game of games) {
      const topics = seed.faqs.filter((faq) => faq.games === 'all' || faq.games.includes(game.id));
      expect(topics.length, game.slug).toBeGreaterThanOrEqual(5);
      expect(
        topics.some((faq) => faq.games !== 'all'),
        `${game.slug} has a topic of its own`,
      ).toBe(true);
      const entry = seed.games.find((candidate) => candidate.gameId === game.id);
      expect(entry?.servers.length, game.slug).toBeGreaterThanOrEqual(2);
      expect(entry?.servers.length, game.slug).toBeLessThanOrEqual(4);
      for (const server of entry?.servers ?? []) {
        expect(server.id).toMatch(/^s/);
        expect(server.areas.length).toBeGreaterThanOrEqual(1);
        expect(server.areas.length).toBeLessThanOrEqual(3);
      }
    }
    expect(seed.games.filter((game) => game.downloads.length > 0)).toHaveLength(6);
    expect(seed.faqTypes).toHaveLength(4);
    expect(seed.inquiryCategories.length).toBeGreaterThanOrEqual(6);
    expect(new Set(seed.roles.map((role) => role.account))).toEqual(new Set(['player1']));
    expect(new Set(seed.roles.map((role) => role.gameId)).size).toBeGreaterThanOrEqual(2);
  });

  it('has every player-visible text in all 16 languages, translated, short enough', () => {
    const sorted = [...LANGUAGES].sort();
    const named = [...seed.faqTypes, ...seed.inquiryCategories].map((entry) => entry.name);
    for (const names of [...named, ...Object.values(seed.regions)]) {
      expect(Object.keys(names).sort()).toEqual(sorted);
    }
    for (const faq of seed.faqs) {
      expect(Object.keys(faq.text).sort(), `topic ${faq.id}`).toEqual(sorted);
      const english = faq.text.en;
      for (const [language, text] of Object.entries(faq.text)) {
        expect(text.title.length, `topic ${faq.id} ${language}`).toBeLessThanOrEqual(80);
        const paragraphs = text.answer.split('\n\n');
        expect(paragraphs.length, `topic ${faq.id} ${language}`).toBeGreaterThanOrEqual(1);
        for (const paragraph of paragraphs) expect(paragraph.trim()).toBe(paragraph);
        if (language !== 'en') {
          expect(text.title, `topic ${faq.id} ${language} translated`).not.toBe(english?.title);
          expect(text.answer, `topic ${faq.id} ${language} translated`).not.toBe(english?.answer);
        }
      }
    }
  });

  it('rejects a malformed seed before touching the database', () => {
    const [faq] = seed.faqs;
    const [game] = seed.games;
    const [server] = game?.servers ?? [];
    if (!faq || !game || !server) throw new Error('empty seed');
    const { ko: _ko, ...withoutKorean } = faq.text;
    const variants: unknown[] = [
      { ...seed, faqs: [...seed.faqs, faq] },
      { ...seed, faqs: [{ ...faq, text: withoutKorean }] },
      { ...seed, faqs: [{ ...faq, typeId: 99 }] },
      { ...seed, faqs: [{ ...faq, text: { ...faq.text, en: { title: 'x'.repeat(81), answer: 'y' } } }] },
      { ...seed, games: [{ ...game, servers: [{ ...server, id: 'x1' }] }] },
      { ...seed, games: [{ ...game, servers: [{ ...server, areas: ['atlantis'] }] }] },
      { ...seed, games: [{ ...game, downloads: [{ platform: 'android', url: 'javascript:alert(1)' }] }] },
      { ...seed, games: [{ ...game, downloads: [{ platform: 'switch', url: 'https://example.com' }] }] },
      { ...seed, roles: [{ ...seed.roles[0], areaId: 'atlantis' }] },
      { ...seed, extra: true },
    ];
    expect(supportSeedSchema.safeParse(seed).success).toBe(true);
    for (const [index, variant] of variants.entries()) expect(supportSeedSchema.safeParse(variant).success, `variant ${index}`).toBe(false);
  });
});

describe('seedSupport', () => {
  it('skips characters of accounts that do not exist', async () => {
    const result = await seedSupport(database.db, seed);
    expect(result.roles).toBe(0);
    expect(result.rolesSkipped).toBe(seed.roles.length);
  });

  it('loads idempotently: a second run leaves the same rows', async () => {
    await seedDemoAccounts(database.db, testHasher);
    const first = await seedSupport(database.db, seed);
    expect(first.roles).toBe(seed.roles.length);
    const after = await counts();
    const servers = seed.games.reduce((sum, game) => sum + game.servers.length, 0);
    const areas = seed.games.reduce((sum, game) => sum + game.servers.reduce((inner, server) => inner + server.areas.length, 0), 0);
    expect(after).toEqual({
      faq_types: seed.faqTypes.length,
      faq_type_texts: seed.faqTypes.length * LANGUAGES.length,
      faqs: seed.faqs.length,
      faq_games: seed.faqs.reduce((sum, faq) => sum + (faq.games === 'all' ? games.length : faq.games.length), 0),
      faq_texts: seed.faqs.length * LANGUAGES.length,
      inquiry_categories: seed.inquiryCategories.length,
      inquiry_category_texts: seed.inquiryCategories.length * LANGUAGES.length,
      game_servers: servers,
      game_areas: areas,
      game_area_texts: areas * LANGUAGES.length,
      game_roles: seed.roles.length,
      game_downloads: seed.games.reduce((sum, game) => sum + game.downloads.length, 0),
    });
    await seedSupport(database.db, seed);
    expect(await counts()).toEqual(after);
  });

  it('updates changed entries and drops texts, links and downloads the seed no longer has', async () => {
    const [faq] = seed.faqs;
    const game = seed.games.find((candidate) => candidate.downloads.length > 1);
    if (!faq || !game) throw new Error('empty seed');
    const changed: SupportSeed = {
      ...seed,
      // A seed that lost languages (the file schema would refuse it; seedSupport must still drop them).
      faqs: [
        { ...faq, games: [game.gameId], text: { en: { title: 'Changed', answer: 'Changed answer.' }, ja: faq.text.ja } as typeof faq.text },
      ],
      games: [{ ...game, downloads: game.downloads.slice(0, 1) }],
    };
    await seedSupport(database.db, changed);
    const { rows: texts } = await database.db.query<{ lang: string; title: string }>(
      'SELECT lang, title FROM faq_texts WHERE faq_id = $1 ORDER BY lang',
      [faq.id],
    );
    expect(texts).toEqual([
      { lang: 'en', title: 'Changed' },
      { lang: 'ja', title: faq.text.ja?.title },
    ]);
    const { rows: links } = await database.db.query<{ game_id: number }>('SELECT game_id FROM faq_games WHERE faq_id = $1', [faq.id]);
    expect(links).toEqual([{ game_id: game.gameId }]);
    const { rows: downloads } = await database.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM game_downloads WHERE game_id = $1',
      [game.gameId],
    );
    expect(downloads[0]?.count).toBe(1);
    const before = await counts();
    await seedSupport(database.db, seed);
    const after = await counts();
    expect(after.faq_texts).toBe(before.faq_texts + LANGUAGES.length - 2);
    expect(after.game_downloads).toBe(before.game_downloads + game.downloads.length - 1);
  });
});
