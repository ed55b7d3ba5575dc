import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ARTWORK_KINDS, ARTWORK_PHONE_SIZES, artworkCopyUrl } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ASSETS_DIR } from '../src/app.js';
import { GAME_ASSET_FILES } from '../src/catalog/catalog.js';
import { readGamesSeed } from '../src/seed/games-seed.js';
import { createTestApp, harnessForFile } from './helpers.js';

/** Pixel size from a WebP file's header (lossy VP8, lossless VP8L or extended VP8X). */
function webpSize(file: Buffer): { width: number; height: number } {
  expect(file.toString('ascii', 0, 4)).toBe('RIFF');
  expect(file.toString('ascii', 8, 12)).toBe('WEBP');
  const chunk = file.toString('ascii', 12, 16);
  if (chunk === 'VP8 ') return { width: file.readUInt16LE(26) & 0x3fff, height: file.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = file.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: file.readUIntLE(24, 3) + 1, height: file.readUIntLE(27, 3) + 1 };
  throw new Error(`unknown WebP chunk ${chunk}`);
}

/** Pixel size from an AVIF file's image spatial extents ('ispe') property. */
function avifSize(file: Buffer): { width: number; height: number } {
  expect(file.toString('ascii', 4, 12)).toBe('ftypavif');
  const ispe = file.indexOf('ispe', 0, 'ascii');
  expect(ispe).toBeGreaterThan(0);
  return { width: file.readUInt32BE(ispe + 8), height: file.readUInt32BE(ispe + 12) };
}

const sizeOf = (url: string, file: Buffer) => (url.endsWith('.avif') ? avifSize(file) : webpSize(file));

const harness = harnessForFile(createTestApp);
const seed = await readGamesSeed();

describe('game artwork copies (shared-contracts/src/artwork-copies.ts)', () => {
  it('has every banner and cover of every game as AVIF and as phone copies of the promised size', () => {
    expect(seed.length).toBeGreaterThan(0);
    for (const game of seed) {
      for (const kind of ARTWORK_KINDS) {
        const original = `/${game.slug}/${GAME_ASSET_FILES[kind]}`;
        const read = (url: string) => readFileSync(path.join(DEFAULT_ASSETS_DIR, 'games', url));
        const originalSize = webpSize(read(original));
        expect(sizeOf('.avif', read(artworkCopyUrl(original, 'original', 'avif')))).toEqual(originalSize);
        for (const format of ['avif', 'webp'] as const) {
          const phone = artworkCopyUrl(original, 'phone', format);
          expect(sizeOf(phone, read(phone)), `${game.slug} ${kind} phone ${format}`).toEqual(ARTWORK_PHONE_SIZES[kind]);
        }
      }
    }
  });

  it('serves each copy with its image type, beside the original the games list names', async () => {
    const games = ENDPOINTS.gamesAll.response.parse(
      (await harness.app.inject({ url: '/games/all?spec_lang=en&domain_area=kr&platform=web' }).then((answer) => answer.json())).data,
    );
    const { banner, cover } = games[0]!.imageConfig;
    for (const [url, type] of [
      [artworkCopyUrl(banner, 'phone', 'avif'), 'image/avif'],
      [artworkCopyUrl(banner, 'phone', 'webp'), 'image/webp'],
      [artworkCopyUrl(cover, 'original', 'avif'), 'image/avif'],
    ] as const) {
      const answer = await harness.app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type']).toBe(type);
    }
  });

  it("serves each game's list logo as a 96x96 WebP, not an SVG, which a browser builds a document for per image", async () => {
    const simple = ENDPOINTS.gamesSimple.response.parse(
      (await harness.app.inject({ url: '/games/simple?spec_lang=en&domain_area=kr' }).then((answer) => answer.json())).data,
    );
    expect(simple.length).toBe(seed.length);
    for (const game of simple) {
      const answer = await harness.app.inject({ url: game.logo });
      expect(answer.statusCode, game.logo).toBe(200);
      expect(answer.headers['content-type'], game.logo).toBe('image/webp');
      expect(webpSize(answer.rawPayload), game.logo).toEqual({ width: 96, height: 96 });
    }
  });
});
