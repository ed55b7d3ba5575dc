// Writes the AVIF and phone copies of every game's banner and cover (shared-contracts/src/artwork-copies.ts) next to the
// originals in api/assets/games/<slug>/. Run it after adding or changing artwork, then commit the files:
//   npm i --no-save --prefix /tmp/sharp sharp@0.34 && NODE_PATH=/tmp/sharp/node_modules node api/scripts/artwork-variants.mjs
// sharp is not a dependency of the project: the API serves the files as they are and never converts anything.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Through require, which looks in NODE_PATH (import does not), so the one-off copy of sharp above is found.
const sharp = createRequire(import.meta.url)('sharp');

/** ARTWORK_PHONE_SIZES of shared-contracts/src/artwork-copies.ts (api/test/artwork.test.ts checks the files against it). */
const PHONE_SIZES = { banner: { width: 667, height: 500 }, cover: { width: 480, height: 640 } };
const GAMES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'games');
const AVIF = { quality: 55, effort: 6 };
const WEBP = { quality: 78, effort: 6 };

async function main() {
  for (const slug of readdirSync(GAMES_DIR)) {
    for (const [kind, size] of Object.entries(PHONE_SIZES)) {
      const file = (name) => path.join(GAMES_DIR, slug, name);
      const original = sharp(file(`${kind}.webp`));
      await original
        .clone()
        .avif(AVIF)
        .toFile(file(`${kind}.avif`));
      // The centre of the original at the phone copy's aspect ratio, as object-fit: cover shows it.
      const phone = original.clone().resize({ ...size, fit: 'cover', position: 'centre' });
      await phone
        .clone()
        .avif(AVIF)
        .toFile(file(`${kind}-phone.avif`));
      await phone
        .clone()
        .webp(WEBP)
        .toFile(file(`${kind}-phone.webp`));
    }
  }
}

await main();
