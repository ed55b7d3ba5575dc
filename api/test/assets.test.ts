import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ENDPOINTS, envelopeSchema } from 'shared-contracts/schemas';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ASSETS_DIR } from '../src/app.js';
import { GAME_ASSET_FILES } from '../src/catalog/catalog.js';
import { readGamesSeed } from '../src/seed/games-seed.js';
import { createTestApp, injectJson, harnessForFile } from './helpers.js';

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.svg': 'image/svg+xml' };

const harness = harnessForFile(createTestApp);
const seed = await readGamesSeed();

async function expectServedFile(url: string, file: string): Promise<void> {
  const info = await stat(file);
  expect(info.isFile(), file).toBe(true);
  expect(info.size, file).toBeGreaterThan(0);
  const response = await harness.app.inject(url);
  expect(response.statusCode, url).toBe(200);
  expect(String(response.headers['content-type'])).toContain(CONTENT_TYPES[path.extname(file)]);
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.rawPayload.length).toBe(info.size);
}

describe('game artwork', () => {
  it('has cover, banner, icon and logo on disk for every seeded game, served with type and long cache', async () => {
    expect(seed.length).toBeGreaterThanOrEqual(8);
    for (const game of seed) {
      for (const file of Object.values(GAME_ASSET_FILES)) {
        await expectServedFile(`/assets/games/${game.slug}/${file}`, path.join(DEFAULT_ASSETS_DIR, 'games', game.slug, file));
      }
    }
  });

  it('serves exactly the URLs /games/all and /games/simple hand out', async () => {
    const all = envelopeSchema(ENDPOINTS.gamesAll.response).parse((await injectJson(harness.app, '/games/all')).body);
    const simple = envelopeSchema(ENDPOINTS.gamesSimple.response).parse((await injectJson(harness.app, '/games/simple')).body);
    const urls = [
      ...all.data.flatMap((game) => [game.imageConfig.cover, game.imageConfig.banner, game.imageConfig.icon]),
      ...simple.data.map((game) => game.logo),
    ];
    expect(urls.length).toBe(all.data.length * 3 + simple.data.length);
    for (const url of urls) {
      const file = path.join(DEFAULT_ASSETS_DIR, url.replace(/^\/assets\//, ''));
      await expectServedFile(url, file);
    }
  });

  it.each([
    '/assets/../package.json',
    '/assets/%2e%2e/package.json',
    '/assets/games/%2e%2e/%2e%2e/package.json',
    '/assets/..%2fpackage.json',
    '/assets/games/',
    '/assets/',
  ])('never serves a file outside the assets folder, nor a folder: %s', async (url) => {
    const response = await harness.app.inject(url);
    expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, url).toBeLessThan(500);
    expect(response.body).not.toContain('"dependencies"');
    expect(response.json()).toMatchObject({ data: null });
  });
});
