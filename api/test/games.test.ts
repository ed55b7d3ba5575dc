import { LANGUAGES } from 'shared-contracts';
import { ENDPOINTS, envelopeSchema } from 'shared-contracts/schemas';
import { describe, expect, it } from 'vitest';
import { readGamesSeed, type SeedGame } from '../src/seed/games-seed.js';
import { createTestApp, injectJson, harnessForFile } from './helpers.js';

const allAnswer = envelopeSchema(ENDPOINTS.gamesAll.response);
const simpleAnswer = envelopeSchema(ENDPOINTS.gamesSimple.response);

const harness = harnessForFile(createTestApp);
const seed = await readGamesSeed();

async function gamesAll(query = '', headers: Record<string, string> = {}) {
  const answer = await injectJson(harness.app, { url: `/games/all${query}`, headers });
  expect(answer.status).toBe(200);
  return { ...answer, parsed: allAnswer.parse(answer.body) };
}

async function gamesSimple(query = '', headers: Record<string, string> = {}) {
  const answer = await injectJson(harness.app, { url: `/games/simple${query}`, headers });
  expect(answer.status).toBe(200);
  return { ...answer, parsed: simpleAnswer.parse(answer.body) };
}

function sortedSeed(): SeedGame[] {
  return [...seed].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
}

describe('GET /games/all', () => {
  it('answers a success envelope with at least 8 games in sortOrder', async () => {
    const { parsed } = await gamesAll('?spec_lang=en&domain_area=kr&platform=web');
    expect(parsed.code).toBe(1);
    expect(parsed.data.length).toBeGreaterThanOrEqual(8);
    expect(parsed.data.map((game) => game.id)).toEqual(sortedSeed().map((game) => game.id));
  });

  it('carries title, subtitle, genre and sections of the requested language', async () => {
    for (const language of ['ko', 'ja', 'ar', 'zh-TW'] as const) {
      const { parsed } = await gamesAll(`?spec_lang=${language}`);
      for (const game of parsed.data) {
        const source = seed.find((candidate) => candidate.id === game.id);
        const text = source?.text[language];
        expect(text, `seed text ${language} of game ${game.id}`).toBeDefined();
        expect(game.title).toBe(source?.title);
        expect(game.subTitle).toBe(text?.subTitle);
        expect(game.genre).toBe(text?.genre);
        expect(game.sections).toEqual(text?.sections);
      }
    }
  });

  it('gives different text for different languages', async () => {
    const [english, korean] = await Promise.all([gamesAll('?spec_lang=en'), gamesAll('?spec_lang=ko')]);
    expect(english.parsed.data[0]?.subTitle).not.toBe(korean.parsed.data[0]?.subTitle);
  });

  it('falls back to English when spec_lang is absent', async () => {
    const { parsed } = await gamesAll();
    const first = sortedSeed()[0];
    expect(parsed.data[0]?.subTitle).toBe(first?.text.en?.subTitle);
  });

  it('points imageConfig at the game artwork, behind the forwarded API prefix', async () => {
    const direct = await gamesAll('?spec_lang=en');
    const proxied = await gamesAll('?spec_lang=en', { 'x-forwarded-prefix': '/api' });
    const beta = await gamesAll('?spec_lang=en', { 'x-forwarded-prefix': '/api-beta/' });
    const first = sortedSeed()[0];
    expect(direct.parsed.data[0]?.imageConfig).toEqual({
      cover: `/assets/games/${first?.slug}/cover.webp`,
      banner: `/assets/games/${first?.slug}/banner.webp`,
      icon: `/assets/games/${first?.slug}/icon.webp`,
    });
    expect(proxied.parsed.data[0]?.imageConfig.cover).toBe(`/api/assets/games/${first?.slug}/cover.webp`);
    expect(beta.parsed.data[0]?.imageConfig.banner).toBe(`/api-beta/assets/games/${first?.slug}/banner.webp`);
  });

  it('never reflects an unknown forwarded prefix', async () => {
    for (const prefix of ['https://evil.example', '/evil', '//evil.example', '/api/../x', '/api?x']) {
      const { parsed } = await gamesAll('', { 'x-forwarded-prefix': prefix });
      expect(parsed.data[0]?.imageConfig.cover.startsWith('/assets/games/')).toBe(true);
    }
  });

  it('may be cached briefly and varies by forwarded prefix', async () => {
    const { headers } = await gamesAll();
    expect(headers['cache-control']).toBe('public, max-age=60');
    expect(String(headers.vary)).toContain('X-Forwarded-Prefix');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-powered-by']).toBeUndefined();
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers every supported language', async () => {
    for (const language of LANGUAGES) {
      const { parsed } = await gamesAll(`?spec_lang=${encodeURIComponent(language)}`);
      expect(parsed.data.length).toBe(seed.length);
    }
  });
});

describe('clientId on the games lists (a game client, SPEC §7)', () => {
  it("puts the client's game first and keeps every other game in sortOrder, in both lists", async () => {
    const order = sortedSeed().map((game) => game.id);
    const last = order.at(-1) ?? 0;
    const expected = [last, ...order.filter((id) => id !== last)];
    expect((await gamesAll(`?spec_lang=en&platform=web&clientId=${last}`)).parsed.data.map((game) => game.id)).toEqual(expected);
    const simple = (await gamesSimple(`?platform=web&clientId=${last}`)).parsed.data;
    expect(simple.map((game) => game.id)).toEqual(expected);
    // The first game's payment link is the recharge link (SPEC §7): in the game's web view, that game's.
    expect(simple[0]?.link.payment).toBe(seed.find((game) => game.id === last)?.links.payment);
    // The answers for no client are not affected by the one kept for this client.
    expect((await gamesSimple('?platform=web')).parsed.data.map((game) => game.id)).toEqual(order);
  });

  it('changes nothing for a client id that names no game', async () => {
    const order = sortedSeed().map((game) => game.id);
    for (const clientId of ['abc', '999999', '0']) {
      expect((await gamesAll(`?clientId=${clientId}`)).parsed.data.map((game) => game.id)).toEqual(order);
      expect((await gamesSimple(`?clientId=${clientId}`)).parsed.data.map((game) => game.id)).toEqual(order);
    }
  });
});

describe('GET /games/simple', () => {
  it('lists id, logo, name and both links in sortOrder', async () => {
    const { parsed } = await gamesSimple('?spec_lang=ko&domain_area=kr&platform=ios&clientId=abc');
    expect(parsed.code).toBe(1);
    expect(parsed.data.length).toBeGreaterThanOrEqual(8);
    expect(parsed.data).toEqual(
      sortedSeed().map((game) => ({
        id: game.id,
        logo: `/assets/games/${game.slug}/logo.webp`,
        gameName: game.title,
        link: { replenishment: game.links.replenishment, payment: game.links.payment },
      })),
    );
  });

  it('gives a top-up (payment) link for the first game and repay links where the seed has them', async () => {
    const { parsed } = await gamesSimple();
    expect(parsed.data[0]?.link.payment).toMatch(/^https:\/\//);
    expect(parsed.data.some((game) => game.link.replenishment !== null)).toBe(true);
    expect(parsed.data.some((game) => game.link.replenishment === null)).toBe(true);
  });

  it('prefixes the logo with the forwarded API prefix', async () => {
    const { parsed } = await gamesSimple('', { 'x-forwarded-prefix': '/api' });
    expect(parsed.data[0]?.logo).toMatch(/^\/api\/assets\/games\/[a-z0-9-]+\/logo\.webp$/);
  });
});

describe('catalogue cache', () => {
  it('shows database changes after invalidate()', async () => {
    const before = await gamesSimple();
    const first = before.parsed.data[0];
    expect(first).toBeDefined();
    await harness.db.query('UPDATE games SET title = $1 WHERE id = $2', ['Renamed For Test', first?.id ?? 0]);
    // Still the cached answer until the catalogue is told (or its TTL passes).
    expect((await gamesSimple()).parsed.data[0]?.gameName).toBe(first?.gameName);
    harness.app.catalog.invalidate();
    expect((await gamesSimple()).parsed.data[0]?.gameName).toBe('Renamed For Test');
    await harness.db.query('UPDATE games SET title = $1 WHERE id = $2', [first?.gameName ?? '', first?.id ?? 0]);
    harness.app.catalog.invalidate();
    expect((await gamesSimple()).parsed.data[0]?.gameName).toBe(first?.gameName);
  });

  it('leaves unpublished games out', async () => {
    const last = sortedSeed().at(-1);
    await harness.db.query('UPDATE games SET published = false WHERE id = $1', [last?.id ?? 0]);
    harness.app.catalog.invalidate();
    try {
      const { parsed } = await gamesAll();
      expect(parsed.data.map((game) => game.id)).not.toContain(last?.id);
    } finally {
      await harness.db.query('UPDATE games SET published = true WHERE id = $1', [last?.id ?? 0]);
      harness.app.catalog.invalidate();
    }
  });
});
