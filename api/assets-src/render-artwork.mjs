#!/usr/bin/env node
/**
 * Game artwork generator: our own original, abstract/illustrative scenes, drawn as SVG in code.
 *
 * For each game of api/seed/games.json it writes
 *   api/assets-src/games/<slug>/{banner,cover,icon,logo}.svg   (the editable sources)
 *   api/assets/games/<slug>/{banner,cover,icon,logo}.webp      (rendered with sharp)
 * The logo is the small emblem of the game lists (the side menu, support's step one). It is served as a raster
 * image, not as the SVG: each SVG in an <img> is a document of its own to the browser, built on the main thread as
 * it arrives (about 2 ms each on a fast machine), and a list shows eight or more.
 *
 * Sizes and byte budgets: banner 1200x500 <= 45 KB (front-page LCP image on mobile), cover 600x800 <= 35 KB,
 * icon 192x192 <= 8 KB, logo 96x96 (twice the largest size a list shows it at) <= 4 KB and its SVG source <= 4 KB.
 * The WebP quality is lowered step by step until a file fits its budget.
 * The drawings use a seeded random generator, so re-running produces the same files.
 *
 * sharp is deliberately NOT a dependency of the repository. To re-run:
 *   mkdir -p /tmp/art && cd /tmp/art && npm init -y && npm i sharp
 *   cd <repo> && NODE_PATH=/tmp/art/node_modules node api/assets-src/render-artwork.mjs [slug ...]
 * (NODE_PATH is honoured because sharp is loaded through createRequire.) Only the named slugs are rendered when
 * slugs are given; `--svg-only` writes the SVG sources without rendering, `--logos-only` writes only the logos.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOGO_BUDGET, logoSvg } from './artwork/logos.mjs';
import { SCENES } from './artwork/scenes/index.mjs';
import { KINDS, layout, seeded, svgDoc } from './artwork/svg.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SRC_DIR = path.join(here, 'games');
const OUT_DIR = path.resolve(here, '../assets/games');

const GAMES = [
  ['star-harbor', 'Star Harbor'],
  ['comet-circuit', 'Comet Circuit'],
  ['prism-tiles', 'Prism Tiles'],
  ['ashvale-tactics', 'Ashvale Tactics'],
  ['moonbeat-parade', 'Moonbeat Parade'],
  ['clover-hollow', 'Clover Hollow'],
  ['aether-sentinels', 'Aether Sentinels'],
  ['mythdeck-arena', 'Mythdeck Arena'],
];

function loadSharp() {
  try {
    return createRequire(import.meta.url)('sharp');
  } catch {
    console.error('sharp not found: install it outside the repo and set NODE_PATH (see the comment at the top).');
    process.exit(1);
  }
}

/** The logo's rendered width and height: twice the 48 CSS pixels of support's step one, three times the side menu's 32. */
const LOGO_SIZE = 96;

async function toWebp(sharp, svg, file, budget, size = null) {
  let last = 0;
  for (let quality = 86; quality >= 30; quality -= 4) {
    // An SVG's density sets the pixels it is drawn at: 72 draws it at its own size, a logo is drawn larger, sharp.
    const density = size ? (72 * size) / 64 : 72;
    const buf = await sharp(Buffer.from(svg), { density }).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
    last = buf.length;
    if (buf.length <= budget) {
      writeFileSync(file, buf);
      return { bytes: buf.length, quality };
    }
  }
  throw new Error(`${file}: cannot fit ${budget} bytes (last ${last})`);
}

async function main() {
  const args = process.argv.slice(2);
  const svgOnly = args.includes('--svg-only');
  const logosOnly = args.includes('--logos-only');
  const only = args.filter((a) => !a.startsWith('--'));
  const sharp = svgOnly ? null : loadSharp();
  for (const [slug, title] of GAMES) {
    if (only.length && !only.includes(slug)) continue;
    const srcDir = path.join(SRC_DIR, slug);
    const outDir = path.join(OUT_DIR, slug);
    mkdirSync(srcDir, { recursive: true });
    mkdirSync(outDir, { recursive: true });
    for (const [kind, spec] of logosOnly ? [] : Object.entries(KINDS)) {
      const L = layout(kind);
      const { defs, body } = SCENES[slug](L, seeded(`${slug}:${kind}`));
      const svg = svgDoc(spec.w, spec.h, defs, body);
      const svgFile = path.join(srcDir, `${kind}.svg`);
      writeFileSync(svgFile, svg);
      if (sharp) {
        const { bytes, quality } = await toWebp(sharp, svg, path.join(outDir, `${kind}.webp`), spec.budget);
        console.info(`${slug}/${kind}.webp ${spec.w}x${spec.h} q${quality} ${(bytes / 1024).toFixed(1)} KB`);
      }
    }
    const logo = logoSvg(slug, title);
    if (Buffer.byteLength(logo) > LOGO_BUDGET) throw new Error(`${slug}/logo.svg is over ${LOGO_BUDGET} bytes`);
    writeFileSync(path.join(srcDir, 'logo.svg'), logo);
    if (sharp) {
      const { bytes, quality } = await toWebp(sharp, logo, path.join(outDir, 'logo.webp'), LOGO_BUDGET, LOGO_SIZE);
      console.info(`${slug}/logo.webp ${LOGO_SIZE}x${LOGO_SIZE} q${quality} ${(bytes / 1024).toFixed(1)} KB`);
    }
  }
}

await main();
