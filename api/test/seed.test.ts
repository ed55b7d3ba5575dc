import { LANGUAGES } from 'shared-contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { gamesSeedSchema, readGamesSeed, seedGames, type SeedGame } from '../src/seed/games-seed.js';
import { harnessForFile, openUnseededDatabase } from './helpers.js';

const database = harnessForFile(openUnseededDatabase);
let seed: SeedGame[];

beforeAll(async () => {
  seed = await readGamesSeed();
});

async function counts(): Promise<{ games: number; texts: number }> {
  const { rows } = await database.db.query<{ games: number; texts: number }>(
    'SELECT (SELECT count(*)::int FROM games) AS games, (SELECT count(*)::int FROM game_texts) AS texts',
  );
  return rows[0] ?? { games: -1, texts: -1 };
}

describe('games seed', () => {
  it('has at least 8 games, each with text in all 16 languages and both kinds of links', () => {
    expect(seed.length).toBeGreaterThanOrEqual(8);
    for (const game of seed) {
      expect(Object.keys(game.text).sort(), game.slug).toEqual([...LANGUAGES].sort());
      expect(game.links.payment, game.slug).toMatch(/^https:\/\//);
      for (const text of Object.values(game.text)) expect(text?.sections.length, game.slug).toBeGreaterThan(0);
    }
    expect(seed.some((game) => game.links.replenishment !== null)).toBe(true);
  });

  it('loads idempotently: a second run leaves the same rows', async () => {
    const first = await seedGames(database.db, seed);
    expect(first.games).toBe(seed.length);
    const after = await counts();
    expect(after).toEqual({ games: seed.length, texts: seed.length * LANGUAGES.length });
    await seedGames(database.db, seed);
    expect(await counts()).toEqual(after);
  });

  it('updates changed games and drops languages the seed no longer has', async () => {
    const [game] = seed;
    if (!game) throw new Error('empty seed');
    const changed: SeedGame = { ...game, title: 'Changed Title', text: { en: game.text.en, ja: game.text.ja } };
    await seedGames(database.db, [changed]);
    const { rows } = await database.db.query<{ title: string; langs: string[] }>(
      `SELECT g.title, array_agg(t.lang ORDER BY t.lang) AS langs
       FROM games g JOIN game_texts t ON t.game_id = g.id WHERE g.id = $1 GROUP BY g.title`,
      [game.id],
    );
    expect(rows).toEqual([{ title: 'Changed Title', langs: ['en', 'ja'] }]);
    await seedGames(database.db, seed);
    expect(await counts()).toEqual({ games: seed.length, texts: seed.length * LANGUAGES.length });
  });

  it('rejects a malformed seed before touching the database', () => {
    const [game] = seed;
    expect(gamesSeedSchema.safeParse([game, game]).success).toBe(false);
    expect(gamesSeedSchema.safeParse([{ ...game, slug: '../etc' }]).success).toBe(false);
    expect(gamesSeedSchema.safeParse([{ ...game, text: { ko: game?.text.ko } }]).success).toBe(false);
    expect(gamesSeedSchema.safeParse([{ ...game, links: { payment: 'javascript:alert(1)', replenishment: null } }]).success).toBe(false);
    expect(gamesSeedSchema.safeParse([]).success).toBe(false);
  });
});
