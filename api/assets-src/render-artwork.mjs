#!/usr/bin/env node
/**
 * Game artwork generator: our own original, abstract/illustrative scenes, drawn as SVG in code.
 *
 * For each game of api/seed/games.json it writes
 *   api/assets-src/games/<slug>/{banner,cover,icon}.svg   (the editable sources)
 *   api/assets/games/<slug>/{banner,cover,icon}.webp      (rendered with sharp)
 *   api/assets/games/<slug>/logo.svg                      (small emblem for the side menu, hand-sized vector)
 *
 * Sizes and byte budgets: banner 1200x500 <= 45 KB (front-page LCP image on mobile), cover 600x800 <= 35 KB,
 * icon 192x192 <= 8 KB, logo.svg <= 4 KB. The WebP quality is lowered step by step until a file fits its budget.
 * The drawings use a seeded random generator, so re-running produces the same files.
 *
 * sharp is deliberately NOT a dependency of the repository. To re-run:
 *   mkdir -p /tmp/art && cd /tmp/art && npm init -y && npm i sharp
 *   cd <repo> && NODE_PATH=/tmp/art/node_modules node api/assets-src/render-artwork.mjs [slug ...]
 * (NODE_PATH is honoured because sharp is loaded through createRequire.) Only the named slugs are rendered when
 * slugs are given; `--svg-only` writes the SVG sources without rendering.
 */
import { mkdirSync, writeFileSync, statSync } from 'node:fs';
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

async function toWebp(sharp, svg, file, budget) {
  let last = 0;
  for (let quality = 86; quality >= 30; quality -= 4) {
    const buf = await sharp(Buffer.from(svg), { density: 72 }).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
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
  const only = args.filter((a) => !a.startsWith('--'));
  const sharp = svgOnly ? null : loadSharp();
  for (const [slug, title] of GAMES) {
    if (only.length && !only.includes(slug)) continue;
    const srcDir = path.join(SRC_DIR, slug);
    const outDir = path.join(OUT_DIR, slug);
    mkdirSync(srcDir, { recursive: true });
    mkdirSync(outDir, { recursive: true });
    for (const [kind, spec] of Object.entries(KINDS)) {
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
    writeFileSync(path.join(outDir, 'logo.svg'), logo);
    console.info(`${slug}/logo.svg ${statSync(path.join(outDir, 'logo.svg')).size} B`);
  }
}

await main();
