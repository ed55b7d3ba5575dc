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

const here = path.dirname(fileURLToPath(import.meta.url));
const SRC_DIR = path.join(here, 'games');
const OUT_DIR = path.resolve(here, '../assets/games');

const KINDS = {
  banner: { w: 1200, h: 500, budget: 45 * 1024 },
  cover: { w: 600, h: 800, budget: 35 * 1024 },
  icon: { w: 192, h: 192, budget: 8 * 1024 },
};
const LOGO_BUDGET = 4 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------------

const n = (v) => Math.round(v * 10) / 10;

function seeded(text) {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.range = (lo, hi) => lo + next() * (hi - lo);
  next.pick = (list) => list[Math.floor(next() * list.length)];
  return next;
}

const stops = (list) =>
  list.map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}"${a < 1 ? ` stop-opacity="${a}"` : ''}/>`).join('');
const linear = (id, [x1, y1, x2, y2], list) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
const radial = (id, list, extra = '') => `<radialGradient id="${id}"${extra}>${stops(list)}</radialGradient>`;
/** A soft glow: a circle filled with a radial gradient that fades to transparent. */
const glow = (id, cx, cy, r, opacity = 1) =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#${id})"${opacity < 1 ? ` opacity="${opacity}"` : ''}/>`;

function svgDoc(w, h, defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs>${defs}</defs>${body}</svg>\n`;
}

/** A smooth closed shape through points (Catmull-Rom turned into cubic Béziers), then down to the bottom edge. */
function smoothPath(points, bottom) {
  let d = `M${n(points[0][0])},${n(points[0][1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0])},${n(c1[1])} ${n(c2[0])},${n(c2[1])} ${n(p2[0])},${n(p2[1])}`;
  }
  if (bottom !== undefined) d += `L${n(points.at(-1)[0])},${n(bottom)}L${n(points[0][0])},${n(bottom)}Z`;
  return d;
}

/** Rolling hills: a smooth ridge across the whole width. */
function hill(rnd, w, h, baseY, amp, count) {
  const pts = [];
  for (let i = 0; i <= count; i++) pts.push([(-0.05 + (1.1 * i) / count) * w, baseY + rnd.range(-amp, amp)]);
  return smoothPath(pts, h + 2);
}

/** A jagged mountain ridge. */
function ridge(rnd, w, h, baseY, amp, step) {
  let d = `M-10,${n(h + 2)}L-10,${n(baseY)}`;
  let y = baseY;
  for (let x = 0; x <= w + step; x += step * rnd.range(0.6, 1.4)) {
    y = Math.min(h, Math.max(baseY - amp, Math.min(baseY + amp * 0.4, y + rnd.range(-amp, amp) * 0.5)));
    d += `L${n(x)},${n(y)}`;
  }
  return `${d}L${n(w + 10)},${n(h + 2)}Z`;
}

/** Stars as small dots (one path for all of them keeps the file small), with an optional tint list. */
function starField(rnd, w, maxY, count, colors = ['#ffffff'], maxR = 1.6) {
  const groups = colors.map(() => '');
  for (let i = 0; i < count; i++) {
    const x = rnd() * w;
    const y = Math.pow(rnd(), 1.3) * maxY;
    const r = rnd.range(0.4, maxR) * (rnd() < 0.08 ? 1.6 : 1);
    const g = Math.floor(rnd() * colors.length);
    groups[g] += `M${n(x - r)},${n(y)}a${n(r)},${n(r)} 0 1,0 ${n(2 * r)},0a${n(r)},${n(r)} 0 1,0 ${n(-2 * r)},0`;
  }
  return groups.map((d, i) => (d ? `<path d="${d}" fill="${colors[i]}" opacity="0.85"/>` : '')).join('');
}

/** A four-pointed sparkle. */
const sparkle = (x, y, r, fill, opacity = 1) =>
  `<path d="M${n(x)},${n(y - r)}Q${n(x + r * 0.16)},${n(y - r * 0.16)} ${n(x + r)},${n(y)}Q${n(x + r * 0.16)},${n(y + r * 0.16)} ${n(x)},${n(y + r)}Q${n(x - r * 0.16)},${n(y + r * 0.16)} ${n(x - r)},${n(y)}Q${n(x - r * 0.16)},${n(y - r * 0.16)} ${n(x)},${n(y - r)}Z" fill="${fill}"${opacity < 1 ? ` opacity="${opacity}"` : ''}/>`;

const regular = (cx, cy, r, sides, rot = 0) => {
  const pts = [];
  for (let i = 0; i < sides; i++) {
    const a = rot + (i * 2 * Math.PI) / sides;
    pts.push(`${n(cx + r * Math.cos(a))},${n(cy + r * Math.sin(a))}`);
  }
  return pts.join(' ');
};

/** Layout for one image kind: size, focal point and a scale unit. */
function layout(kind) {
  const { w, h } = KINDS[kind];
  const u = Math.min(w, h) / 500;
  if (kind === 'banner') return { kind, w, h, u, fx: w * 0.7, fy: h * 0.5 };
  if (kind === 'cover') return { kind, w, h, u: w / 560, fx: w * 0.5, fy: h * 0.4 };
  return { kind, w, h, u, fx: w / 2, fy: h / 2 };
}

// ---------------------------------------------------------------------------------------------------------------
// Scenes, one per game. Each returns { defs, body } for a layout; `icon` gets a simplified close-up.
// ---------------------------------------------------------------------------------------------------------------

const SCENES = {
  // Space RPG: a ringed harbour station with a beacon, nebulae, a ship arriving.
  'star-harbor'(L, rnd) {
    const { w, h, u, fx, kind } = L;
    const icon = kind === 'icon';
    const defs =
      linear('sky', [0, 0, 0.3, 1], [[0, '#060a22'], [0.55, '#1a1350'], [1, '#3b1d6e']]) +
      radial('neb1', [[0, '#d356c8', 0.55], [0.5, '#8a3fb8', 0.22], [1, '#8a3fb8', 0]]) +
      radial('neb2', [[0, '#2fd0d8', 0.45], [0.6, '#2a7fc0', 0.15], [1, '#2a7fc0', 0]]) +
      radial('beacon', [[0, '#fff6d8'], [0.15, '#ffd36b', 0.9], [0.45, '#ff9f43', 0.25], [1, '#ff9f43', 0]]) +
      linear('beam', [0, 0, 1, 0], [[0, '#ffe6a0', 0.55], [1, '#ffe6a0', 0]]) +
      linear('planet', [0, 0, 1, 1], [[0, '#5b8cff'], [0.55, '#3a3fa8'], [1, '#1b1450']]) +
      radial('atmo', [[0.86, '#7ab8ff', 0], [0.93, '#7ab8ff', 0.55], [1, '#7ab8ff', 0]]) +
      linear('gas', [0, 0, 1, 1], [[0, '#ffb38a'], [0.6, '#d9587a'], [1, '#5a1f5e']]) +
      linear('trail', [0, 0, 1, 0], [[0, '#5ff3ff', 0], [1, '#5ff3ff', 0.9]]) +
      linear('hull', [0, 0, 0, 1], [[0, '#d7dcf5'], [1, '#6f74a8']]);
    let b = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    b += glow('neb1', w * (icon ? 0.3 : 0.32), h * 0.35, Math.max(w, h) * 0.45);
    b += glow('neb2', w * 0.85, h * 0.75, Math.max(w, h) * 0.4);
    b += starField(rnd, w, h, icon ? 26 : (w * h) / 3200, ['#ffffff', '#cfe6ff', '#ffe9c7'], icon ? 1.2 : 1.6);
    for (let i = 0; i < (icon ? 2 : 6); i++) b += sparkle(rnd() * w, rnd() * h * 0.8, rnd.range(4, 9) * u, '#ffffff', 0.9);
    // Big planet rising from the bottom-left, and a small ringed gas giant.
    if (!icon) {
      const pr = kind === 'banner' ? h * 0.75 : w * 0.7;
      const pcx = kind === 'banner' ? w * 0.16 : w * 0.05;
      const pcy = h + pr * 0.55;
      b += glow('atmo', pcx, pcy, pr * 1.08);
      b += `<circle cx="${n(pcx)}" cy="${n(pcy)}" r="${n(pr)}" fill="url(#planet)"/>`;
      b += `<path d="M${n(pcx - pr)},${n(pcy)}a${n(pr)},${n(pr)} 0 0,1 ${n(pr * 2)},0" fill="none" stroke="#9fd0ff" stroke-opacity="0.35" stroke-width="${n(3 * u)}"/>`;
      const gx = kind === 'banner' ? w * 0.43 : w * 0.8;
      const gy = kind === 'banner' ? h * 0.22 : h * 0.12;
      const gr = 34 * u;
      b += `<g transform="rotate(-18 ${n(gx)} ${n(gy)})"><ellipse cx="${n(gx)}" cy="${n(gy)}" rx="${n(gr * 2)}" ry="${n(gr * 0.45)}" fill="none" stroke="#ffd1b0" stroke-opacity="0.5" stroke-width="${n(4 * u)}"/>` +
        `<circle cx="${n(gx)}" cy="${n(gy)}" r="${n(gr)}" fill="url(#gas)"/>` +
        `<path d="M${n(gx - gr * 2)},${n(gy)}a${n(gr * 2)},${n(gr * 0.45)} 0 0,0 ${n(gr * 4)},0" fill="none" stroke="#ffd1b0" stroke-opacity="0.8" stroke-width="${n(4 * u)}"/></g>`;
    }
    // The harbour station: a ring with spokes and docks, a beacon on a mast.
    const s = icon ? 1.0 : 0.95;
    const cx = icon ? w * 0.5 : fx;
    const cy = icon ? h * 0.56 : kind === 'banner' ? h * 0.56 : h * 0.45;
    const R = 130 * u * s;
    const beamLen = icon ? 0 : w * 0.9;
    if (beamLen) {
      for (const [ang, op] of [[-168, 1], [-12, 0.7]]) {
        b += `<g transform="translate(${n(cx)} ${n(cy - R * 1.25)}) rotate(${ang})" opacity="${op}"><polygon points="0,0 ${n(beamLen)},${n(-beamLen * 0.09)} ${n(beamLen)},${n(beamLen * 0.09)}" fill="url(#beam)"/></g>`;
      }
    }
    b += `<g fill="none" stroke-linecap="round">` +
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(R)}" ry="${n(R * 0.36)}" stroke="#2a2460" stroke-width="${n(R * 0.16)}"/>` +
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(R)}" ry="${n(R * 0.36)}" stroke="url(#hull)" stroke-width="${n(R * 0.09)}"/>` +
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(R)}" ry="${n(R * 0.36)}" stroke="#7ff3ff" stroke-width="${n(R * 0.018)}" stroke-dasharray="${n(R * 0.05)} ${n(R * 0.09)}"/>`;
    for (const a of [0, 60, 120]) {
      const rad = (a * Math.PI) / 180;
      b += `<line x1="${n(cx - R * Math.cos(rad))}" y1="${n(cy - R * 0.36 * Math.sin(rad))}" x2="${n(cx + R * Math.cos(rad))}" y2="${n(cy + R * 0.36 * Math.sin(rad))}" stroke="#8f95c8" stroke-width="${n(R * 0.03)}"/>`;
    }
    b += `</g>`;
    // Hub and mast.
    b += `<rect x="${n(cx - R * 0.07)}" y="${n(cy - R * 1.22)}" width="${n(R * 0.14)}" height="${n(R * 1.5)}" rx="${n(R * 0.05)}" fill="url(#hull)"/>`;
    b += `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(R * 0.28)}" ry="${n(R * 0.2)}" fill="url(#hull)"/>`;
    b += `<ellipse cx="${n(cx)}" cy="${n(cy - R * 0.05)}" rx="${n(R * 0.18)}" ry="${n(R * 0.08)}" fill="#7ff3ff" opacity="0.8"/>`;
    b += `<polygon points="${n(cx - R * 0.16)},${n(cy + R * 0.18)} ${n(cx + R * 0.16)},${n(cy + R * 0.18)} ${n(cx)},${n(cy + R * 0.6)}" fill="#6f74a8"/>`;
    b += glow('beacon', cx, cy - R * 1.25, R * (icon ? 0.9 : 0.75));
    b += `<circle cx="${n(cx)}" cy="${n(cy - R * 1.25)}" r="${n(R * 0.07)}" fill="#fffaf0"/>`;
    // An arriving ship with an engine trail.
    if (!icon) {
      const sx = kind === 'banner' ? w * 0.5 : w * 0.28;
      const sy = kind === 'banner' ? h * 0.72 : h * 0.68;
      const sc = 1.1 * u;
      b += `<g transform="translate(${n(sx)} ${n(sy)}) rotate(-14)">` +
        `<rect x="${n(-220 * sc)}" y="${n(-3 * sc)}" width="${n(220 * sc)}" height="${n(6 * sc)}" rx="${n(3 * sc)}" fill="url(#trail)"/>` +
        `<path d="M0,${n(-10 * sc)}L${n(38 * sc)},0L0,${n(10 * sc)}L${n(6 * sc)},0Z" fill="#e8ecff"/>` +
        `<path d="M${n(6 * sc)},${n(-10 * sc)}L${n(20 * sc)},${n(-20 * sc)}L${n(24 * sc)},${n(-5 * sc)}ZM${n(6 * sc)},${n(10 * sc)}L${n(20 * sc)},${n(20 * sc)}L${n(24 * sc)},${n(5 * sc)}Z" fill="#8f95c8"/>` +
        `<circle cx="${n(2 * sc)}" cy="0" r="${n(5 * sc)}" fill="#7ff3ff"/></g>`;
    }
    return { defs, body: b };
  },

  // Racing: synthwave city at dusk, a striped sun, a neon grid road and a car with light trails.
  'comet-circuit'(L, rnd) {
    const { w, h, u, kind } = L;
    const icon = kind === 'icon';
    const hy = h * (kind === 'cover' ? 0.55 : icon ? 0.58 : 0.6);
    const vx = icon ? w / 2 : kind === 'banner' ? w * 0.66 : w * 0.5;
    const defs =
      linear('sky', [0, 0, 0, 1], [[0, '#0c0222'], [0.45, '#3b0a5c'], [0.8, '#b0186a'], [1, '#ff7a45']]) +
      linear('sun', [0, 0, 0, 1], [[0, '#ffe66d'], [0.55, '#ff8a4c'], [1, '#ff2e88']]) +
      radial('sunglow', [[0, '#ff6aa2', 0.6], [1, '#ff6aa2', 0]]) +
      linear('ground', [0, 0, 0, 1], [[0, '#24063f'], [1, '#07010f']]) +
      linear('road', [0, 0, 0, 1], [[0, '#1a0433'], [1, '#0e0220']]) +
      linear('trailC', [0, 0, 0, 1], [[0, '#28e0ff', 0], [1, '#28e0ff', 0.9]]) +
      linear('trailP', [0, 0, 0, 1], [[0, '#ff3d9a', 0], [1, '#ff3d9a', 0.9]]) +
      linear('comet', [0, 0, 1, 0], [[0, '#ffffff', 0], [1, '#e6fbff', 0.95]]) +
      radial('tail', [[0, '#ff2e4d'], [0.4, '#ff2e4d', 0.5], [1, '#ff2e4d', 0]]) +
      `<clipPath id="sky-clip"><rect width="${w}" height="${n(hy)}"/></clipPath>`;
    let b = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    b += starField(rnd, w, hy * 0.55, icon ? 12 : (w * h) / 9000, ['#ffffff', '#ffd0ea'], 1.2);
    // Comet streaking across the sky.
    const cl = (icon ? 90 : 360) * u;
    const ccx = icon ? w * 0.78 : kind === 'banner' ? w * 0.36 : w * 0.76;
    const ccy = icon ? h * 0.16 : h * 0.14;
    b += `<g transform="translate(${n(ccx)} ${n(ccy)}) rotate(18)"><polygon points="${n(-cl)},0 0,${n(-5 * u)} 0,${n(5 * u)}" fill="url(#comet)"/><circle r="${n(6 * u)}" fill="#ffffff"/></g>`;
    // Sun with horizontal cuts.
    const sr = (icon ? 120 : kind === 'banner' ? 165 : 190) * u;
    const scy = hy - sr * 0.25;
    b += glow('sunglow', vx, scy, sr * 1.9);
    let cuts = '';
    for (let i = 0; i < 7; i++) {
      const y = scy - sr * 0.1 + i * sr * 0.14;
      cuts += `<rect x="${n(vx - sr)}" y="${n(y)}" width="${n(sr * 2)}" height="${n(sr * (0.025 + i * 0.012))}" fill="#000"/>`;
    }
    const maskDefs = `<mask id="suncut"><rect width="${w}" height="${h}" fill="#fff"/>${cuts}</mask>`;
    b += `<g clip-path="url(#sky-clip)"><circle cx="${n(vx)}" cy="${n(scy)}" r="${n(sr)}" fill="url(#sun)" mask="url(#suncut)"/>`;
    // Two skyline layers.
    for (const [layer, color, minH, maxH, win] of [[0, '#3a0c5e', 0.12, 0.32, '#ff7ad0'], [1, '#1b0536', 0.06, 0.24, '#5ff3ff']]) {
      let x = -10;
      let d = '';
      let wins = '';
      while (x < w + 10) {
        const bw = rnd.range(26, 70) * u * (icon ? 1.3 : 1);
        const near = Math.abs(x + bw / 2 - vx) < sr * 0.95;
        const bh = h * rnd.range(minH, maxH) * (near ? (layer === 1 ? 0.3 : 0.5) : 1);
        d += `M${n(x)},${n(hy + 1)}V${n(hy - bh)}H${n(x + bw)}V${n(hy + 1)}Z`;
        if (!icon && layer === 1) {
          for (let k = 0; k < 3; k++) {
            if (rnd() < 0.6) wins += `M${n(x + rnd.range(4, bw - 8))},${n(hy - rnd.range(6, bh - 6))}h${n(3 * u)}v${n(5 * u)}h${n(-3 * u)}Z`;
          }
        }
        x += bw + rnd.range(0, 8) * u;
      }
      b += `<path d="${d}" fill="${color}"/>`;
      if (wins) b += `<path d="${wins}" fill="${win}" opacity="0.8"/>`;
    }
    b += `</g>`;
    // Ground, grid and road.
    b += `<rect y="${n(hy)}" width="${w}" height="${n(h - hy)}" fill="url(#ground)"/>`;
    let grid = '';
    const gh = h - hy;
    for (let i = 1; i <= 9; i++) {
      const y = hy + gh * Math.pow(i / 9, 2.2);
      grid += `M0,${n(y)}H${w}`;
    }
    for (let i = -14; i <= 14; i++) grid += `M${n(vx)},${n(hy)}L${n(vx + i * w * 0.16)},${n(h)}`;
    b += `<path d="${grid}" stroke="#ff2e88" stroke-opacity="0.55" stroke-width="${n(1.6 * u)}" fill="none"/>`;
    b += `<line x1="0" y1="${n(hy)}" x2="${w}" y2="${n(hy)}" stroke="#ff9bd0" stroke-width="${n(2 * u)}"/>`;
    const rw = (icon ? 0.9 : kind === 'banner' ? 0.42 : 0.85) * w;
    b += `<polygon points="${n(vx - 4 * u)},${n(hy)} ${n(vx + 4 * u)},${n(hy)} ${n(vx + rw)},${n(h)} ${n(vx - rw)},${n(h)}" fill="url(#road)"/>`;
    b += `<path d="M${n(vx - 4 * u)},${n(hy)}L${n(vx - rw)},${n(h)}M${n(vx + 4 * u)},${n(hy)}L${n(vx + rw)},${n(h)}" stroke="#28e0ff" stroke-width="${n(3 * u)}"/>`;
    let dash = '';
    for (let i = 0; i < 7; i++) {
      const t0 = Math.pow(i / 7, 2);
      const t1 = Math.pow((i + 0.5) / 7, 2);
      dash += `M${n(vx)},${n(hy + gh * t0)}L${n(vx)},${n(hy + gh * t1)}`;
    }
    b += `<path d="${dash}" stroke="#ffe66d" stroke-width="${n(4 * u)}" stroke-linecap="round"/>`;
    // Light trails converging on the horizon.
    for (const [off, grad] of [[-0.6, 'trailC'], [-0.3, 'trailP'], [0.35, 'trailC'], [0.62, 'trailP']]) {
      b += `<polygon points="${n(vx)},${n(hy)} ${n(vx + off * rw - 3 * u)},${n(h)} ${n(vx + off * rw + 5 * u)},${n(h)}" fill="url(#${grad})" opacity="0.8"/>`;
    }
    // The car, seen from behind.
    const cs = (icon ? 0.62 : kind === 'banner' ? 1 : 1.15) * u;
    const cx = vx + (kind === 'banner' ? -20 * u : 0);
    const cy = h - (icon ? 34 : kind === 'banner' ? 75 : 120) * u;
    b += `<g transform="translate(${n(cx)} ${n(cy)}) scale(${n(cs * 10) / 10})">` +
      `<ellipse cx="0" cy="52" rx="150" ry="16" fill="#000" opacity="0.45"/>` +
      `<rect x="-128" y="20" width="44" height="38" rx="8" fill="#0b0616"/><rect x="84" y="20" width="44" height="38" rx="8" fill="#0b0616"/>` +
      `<path d="M-138,36L-126,-4Q-120,-20 -100,-22L-70,-54Q-62,-64 -48,-64H48Q62,-64 70,-54L100,-22Q120,-20 126,-4L138,36Q138,46 128,46H-128Q-138,46 -138,36Z" fill="#2b1250"/>` +
      `<path d="M-62,-52H62L84,-24H-84Z" fill="#5ff3ff" opacity="0.55"/>` +
      `<path d="M-126,-2H126L130,14H-130Z" fill="#14082a"/>` +
      glow('tail', -92, 4, 70) + glow('tail', 92, 4, 70) +
      `<rect x="-122" y="-1" width="64" height="10" rx="4" fill="#ff3355"/><rect x="58" y="-1" width="64" height="10" rx="4" fill="#ff3355"/>` +
      `<rect x="-40" y="16" width="80" height="14" rx="3" fill="#14082a"/>` +
      `<path d="M-100,-22H100" stroke="#ff7ad0" stroke-width="3"/></g>`;
    return { defs: defs + maskDefs, body: b };
  },

  // Puzzle: a lighthouse sends a beam into a floating glass prism; rainbow beams and colourful tiles.
  'prism-tiles'(L, rnd) {
    const { w, h, u, kind } = L;
    const icon = kind === 'icon';
    const sea = h * (kind === 'cover' ? 0.68 : 0.7);
    const defs =
      linear('sky', [0, 0, 0, 1], [[0, '#9fd3f2'], [0.55, '#e9dcf7'], [1, '#ffe6cf']]) +
      linear('sea', [0, 0, 0, 1], [[0, '#8fd0dc'], [1, '#3f8fb3']]) +
      linear('glass', [0, 0, 1, 1], [[0, '#ffffff', 0.95], [0.5, '#d7f3ff', 0.55], [1, '#b9c8ff', 0.75]]) +
      linear('white', [0, 0, 1, 0], [[0, '#ffffff', 0.15], [1, '#ffffff', 0.95]]) +
      radial('sunglow', [[0, '#fff7e0', 0.9], [1, '#fff7e0', 0]]) +
      radial('lamp', [[0, '#fffbe8'], [0.3, '#ffe9a8', 0.8], [1, '#ffe9a8', 0]]) +
      ['#ff5d73', '#ff9f43', '#ffd84d', '#4cd787', '#3fb6ff', '#8d6bff'].map((c, i) =>
        linear(`rb${i}`, [0, 0, 1, 0], [[0, c, 0.85], [1, c, 0.1]])).join('');
    let b = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    b += glow('sunglow', w * 0.2, sea, w * 0.5);
    // Soft clouds.
    if (!icon) {
      for (let i = 0; i < 4; i++) {
        const x = rnd() * w;
        const y = rnd.range(0.08, 0.35) * h;
        const s = rnd.range(0.7, 1.3) * u;
        b += `<g fill="#ffffff" opacity="0.55"><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(70 * s)}" ry="${n(16 * s)}"/><ellipse cx="${n(x + 20 * s)}" cy="${n(y - 12 * s)}" rx="${n(36 * s)}" ry="${n(18 * s)}"/></g>`;
      }
    }
    b += `<rect y="${n(sea)}" width="${w}" height="${n(h - sea)}" fill="url(#sea)"/>`;
    let shimmer = '';
    for (let i = 0; i < (icon ? 6 : 22); i++) {
      const y = sea + Math.pow(rnd(), 1.4) * (h - sea);
      const x = rnd() * w;
      shimmer += `M${n(x)},${n(y)}h${n(rnd.range(20, 70) * u)}`;
    }
    b += `<path d="${shimmer}" stroke="#ffffff" stroke-opacity="0.45" stroke-width="${n(2 * u)}" stroke-linecap="round"/>`;
    // Stepping-stone tiles floating on the water, leading back to the lighthouse.
    if (!icon) {
      const x0 = kind === 'banner' ? w * 0.5 : w * 0.62;
      const x1 = (kind === 'banner' ? w * 0.14 : w * 0.16) + 70 * u;
      const y0 = h - 30 * u;
      const y1 = sea + 14 * u;
      const cols = ['#ff5d73', '#ffd84d', '#3fb6ff', '#4cd787', '#8d6bff', '#ff9f43'];
      for (let i = 7; i >= 0; i--) {
        const t = Math.pow(i / 8, 0.8);
        const x = x0 + (x1 - x0) * t;
        const y = y0 + (y1 - y0) * t;
        const sw = (1 - t * 0.75) * 46 * u;
        const sh = sw * 0.32;
        b += `<ellipse cx="${n(x)}" cy="${n(y + sh * 0.7)}" rx="${n(sw * 1.1)}" ry="${n(sh * 0.9)}" fill="#2c6e8f" opacity="0.35"/>` +
          `<path d="M${n(x - sw)},${n(y)}L${n(x)},${n(y - sh)}L${n(x + sw)},${n(y)}L${n(x)},${n(y + sh)}Z" fill="${cols[i % cols.length]}"/>` +
          `<path d="M${n(x - sw * 0.55)},${n(y - sh * 0.1)}L${n(x)},${n(y - sh * 0.65)}L${n(x + sw * 0.2)},${n(y - sh * 0.45)}L${n(x - sw * 0.35)},${n(y + sh * 0.1)}Z" fill="#ffffff" opacity="0.45"/>`;
      }
    }
    // Lighthouse on a rock.
    const lx = icon ? w * 0.2 : kind === 'banner' ? w * 0.14 : w * 0.16;
    const ls = (icon ? 0.75 : 1) * u;
    const ly = sea + 8 * u;
    const lamp = [lx, ly - 205 * ls];
    // Prism.
    const pcx = icon ? w * 0.6 : kind === 'banner' ? w * 0.6 : w * 0.56;
    const pcy = icon ? h * 0.44 : kind === 'banner' ? h * 0.4 : h * 0.38;
    const pr = (icon ? 105 : kind === 'banner' ? 105 : 120) * u;
    const tri = [[pcx, pcy - pr], [pcx + pr * 0.9, pcy + pr * 0.6], [pcx - pr * 0.9, pcy + pr * 0.6]];
    const entry = [pcx - pr * 0.45, pcy - pr * 0.2];
    const exit = [pcx + pr * 0.45, pcy - pr * 0.2];
    b += `<polygon points="${n(lamp[0])},${n(lamp[1] - 6 * ls)} ${n(lamp[0])},${n(lamp[1] + 6 * ls)} ${n(entry[0])},${n(entry[1] + 3 * u)} ${n(entry[0])},${n(entry[1] - 3 * u)}" fill="url(#white)"/>`;
    // Rainbow fan to the right edge.
    const fanX = w + 20;
    const spread = (icon ? 0.9 : kind === 'banner' ? 0.62 : 0.5) * h;
    for (let i = 0; i < 6; i++) {
      const y0 = exit[1] + (i - 3) * 2 * u;
      const ya = pcy + (i / 6 - 0.15) * spread;
      const yb = pcy + ((i + 1) / 6 - 0.15) * spread;
      b += `<polygon points="${n(exit[0])},${n(y0)} ${n(fanX)},${n(ya)} ${n(fanX)},${n(yb)} ${n(exit[0])},${n(y0 + 2 * u)}" fill="url(#rb${i})"/>`;
    }
    b += `<polygon points="${tri.map((p) => `${n(p[0])},${n(p[1])}`).join(' ')}" fill="url(#glass)" stroke="#ffffff" stroke-width="${n(3 * u)}" stroke-linejoin="round"/>`;
    b += `<polygon points="${n(tri[0][0])},${n(tri[0][1] + 14 * u)} ${n(tri[0][0] + pr * 0.2)},${n(pcy + pr * 0.45)} ${n(tri[0][0] - pr * 0.45)},${n(pcy + pr * 0.45)}" fill="#ffffff" opacity="0.35"/>`;
    // Lighthouse body (drawn after the beam so the lantern sits on top).
    b += `<g transform="translate(${n(lx)} ${n(ly)}) scale(${n(ls * 100) / 100})">` +
      `<path d="M-70,0Q-60,-40 -20,-36Q10,-52 40,-30Q70,-28 80,0Z" fill="#4f6f7f"/>` +
      `<path d="M-22,-34L-14,-170H14L22,-34Z" fill="#fbf7f2"/>` +
      `<path d="M-19.6,-74L-18.2,-100H18.2L19.6,-74ZM-16.6,-126L-15.4,-148H15.4L16.6,-126Z" fill="#ff6b81"/>` +
      `<rect x="-20" y="-178" width="40" height="10" rx="2" fill="#3b4a66"/>` +
      `<rect x="-12" y="-212" width="24" height="34" fill="#fff4c4"/>` +
      `<path d="M-16,-212L0,-232L16,-212Z" fill="#ff6b81"/>` +
      `<rect x="-5" y="-60" width="10" height="20" rx="5" fill="#3b4a66"/></g>`;
    b += glow('lamp', lamp[0], lamp[1], 60 * ls * (icon ? 1.6 : 1.2));
    // Floating tiles around the prism.
    const cols = ['#ff5d73', '#ff9f43', '#ffd84d', '#4cd787', '#3fb6ff', '#8d6bff', '#ff7ad0'];
    const tiles = icon ? 3 : kind === 'banner' ? 10 : 9;
    const placed = [];
    // Inside the rainbow fan, or too close to the prism, the beam or another tile: try another spot.
    const blocked = (x, y, s) => {
      if (Math.hypot(x - pcx, y - pcy) < pr * 1.3 + s) return true;
      if (x > exit[0] - s) {
        const t = (x - exit[0]) / (fanX - exit[0]);
        const top = exit[1] + t * (pcy - 0.15 * spread - exit[1]);
        const bottom = exit[1] + t * (pcy + 0.85 * spread - exit[1]);
        if (y > top - s * 1.6 && y < bottom + s * 1.6) return true;
      }
      if (x < entry[0] && x > lamp[0] - s) {
        const t = (x - lamp[0]) / (entry[0] - lamp[0]);
        if (Math.abs(y - (lamp[1] + t * (entry[1] - lamp[1]))) < s * 1.8) return true;
      }
      if (x < lx + 90 * ls && y > lamp[1] - 60 * ls) return true;
      if (y > sea - s * 1.5) return true;
      return placed.some(([px, py, ps]) => Math.hypot(x - px, y - py) < (s + ps) * 1.6);
    };
    for (let i = 0; i < tiles; i++) {
      let x;
      let y;
      const s = (icon ? 26 : rnd.range(14, 30)) * u;
      let ok = icon;
      for (let tries = 0; tries < 200 && !ok; tries++) {
        x = rnd.range(0.04, 0.97) * w;
        y = rnd.range(0.06, 0.9) * h;
        ok = !blocked(x, y, s);
      }
      if (icon) [x, y] = [[w * 0.22, h * 0.2], [w * 0.88, h * 0.16], [w * 0.86, h * 0.84]][i];
      else if (!ok) continue;
      placed.push([x, y, s]);
      const rot = rnd.range(-30, 30);
      const c = cols[i % cols.length];
      b += `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)})">` +
        `<rect x="${n(-s + 3 * u)}" y="${n(-s + 5 * u)}" width="${n(2 * s)}" height="${n(2 * s)}" rx="${n(s * 0.3)}" fill="#2c4b6e" opacity="0.18"/>` +
        `<rect x="${n(-s)}" y="${n(-s)}" width="${n(2 * s)}" height="${n(2 * s)}" rx="${n(s * 0.3)}" fill="${c}"/>` +
        `<rect x="${n(-s * 0.6)}" y="${n(-s * 0.65)}" width="${n(s * 1.2)}" height="${n(s * 0.35)}" rx="${n(s * 0.17)}" fill="#ffffff" opacity="0.45"/></g>`;
    }
    return { defs, body: b };
  },

  // Strategy: a castle on a hill at sunset, layered mountains, a hex-grid plain, drifting embers.
  'ashvale-tactics'(L, rnd) {
    const { w, h, u, fx, kind } = L;
    const icon = kind === 'icon';
    const defs =
      linear('sky', [0, 0, 0, 1], [[0, '#1c1232'], [0.3, '#4a1f42'], [0.5, '#b04a3c'], [0.62, '#f09a55'], [1, '#ffd08a']]) +
      radial('sun', [[0, '#fff1c1'], [0.18, '#ffd27a', 0.9], [0.5, '#ff8d4a', 0.35], [1, '#ff8d4a', 0]]) +
      linear('plain', [0, 0, 0, 1], [[0, '#3a1a2e'], [1, '#140a16']]) +
      linear('hexfade', [0, 0, 0, 1], [[0, '#fff', 0], [1, '#fff', 1]]) +
      radial('ember', [[0, '#ffd27a'], [1, '#ff6a2b', 0]]) +
      radial('win', [[0, '#ffd27a'], [1, '#ff8d4a', 0]]);
    const cx = icon ? w * 0.5 : fx;
    let b = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    const sunY = h * (icon ? 0.62 : kind === 'cover' ? 0.42 : 0.55);
    b += glow('sun', icon ? w * 0.5 : kind === 'banner' ? w * 0.45 : w * 0.5, sunY, (icon ? 130 : 240) * u);
    b += `<path d="${ridge(rnd, w, h, h * (icon ? 0.55 : 0.52), 60 * u, 40 * u)}" fill="#8a3a45" opacity="0.75"/>`;
    b += `<path d="${ridge(rnd, w, h, h * (icon ? 0.66 : 0.62), 55 * u, 34 * u)}" fill="#51213f"/>`;
    // The castle hill.
    const hillTop = h * (icon ? 0.8 : 0.6);
    const hw = (icon ? 300 : 330) * u;
    b += `<path d="M${n(cx - hw * 1.6)},${n(h + 2)}C${n(cx - hw * 0.9)},${n(hillTop + 40 * u)} ${n(cx - hw * 0.5)},${n(hillTop)} ${n(cx)},${n(hillTop)}C${n(cx + hw * 0.5)},${n(hillTop)} ${n(cx + hw * 0.9)},${n(hillTop + 40 * u)} ${n(cx + hw * 1.6)},${n(h + 2)}Z" fill="#2a1224"/>`;
    // Castle silhouette.
    const s = (icon ? 1.15 : kind === 'banner' ? 1 : 1.05) * u;
    const tower = (x, tw, th, roof) => {
      let d = `M${x - tw / 2},0V${-th}`;
      const m = 4;
      const step = tw / (m * 2 - 1);
      for (let i = 0; i < m * 2 - 1; i++) d += `h${n(step)}${i % 2 === 0 ? 'v-8' : 'v8'}`;
      d += `V0Z`;
      let r = '';
      if (roof) r = `M${x - tw / 2 - 4},${-th - 8}L${x},${-th - 8 - roof}L${x + tw / 2 + 4},${-th - 8}Z`;
      return d + r;
    };
    const towers = tower(0, 44, 150, 70) + tower(-70, 34, 100, 46) + tower(70, 34, 100, 46) + tower(-130, 28, 70, 0) + tower(130, 28, 70, 0);
    const walls = `M-135,0V-52H135V0Z`;
    b += `<g transform="translate(${n(cx)} ${n(hillTop + 6 * u)}) scale(${n(s * 100) / 100})">` +
      `<path d="${towers}${walls}" fill="#160a17"/>` +
      `<path d="M0,-228V-262M-70,-154V-178M70,-154V-178" stroke="#160a17" stroke-width="3"/>` +
      `<path d="M0,-262L30,-254L0,-246ZM-70,-178L-50,-172L-70,-166ZM70,-178L90,-172L70,-166Z" fill="#f2c14e"/>` +
      `<path d="M-14,0V-26Q0,-40 14,-26V0Z" fill="#3b1a1a"/>` +
      glow('win', 0, -110, 16) + glow('win', -70, -70, 12) + glow('win', 70, -70, 12) +
      `<path d="M-4,-118h8v14h-8zM-73,-78h6v11h-6zM67,-78h6v11h-6zM-134,-44h6v9h-6zM128,-44h6v9h-6z" fill="#ffcf73"/></g>`;
    // Hex grid on the plain.
    if (!icon) {
      const top = h * (kind === 'cover' ? 0.8 : 0.8);
      b += `<rect y="${n(top)}" width="${w}" height="${n(h - top)}" fill="url(#plain)"/>`;
      const r = 26 * u;
      let hexes = '';
      for (let row = 0; row < 8; row++) {
        const y = top + row * r * 1.5 + r * 0.6;
        if (y - r > h) break;
        for (let col = -1; col < w / (r * 1.732) + 1; col++) {
          const x = col * r * 1.732 + (row % 2 ? r * 0.866 : 0);
          hexes += `M${regular(x, y, r, 6, Math.PI / 6).replace(/ /g, 'L')}Z`;
        }
      }
      b += `<mask id="hm"><rect y="${n(top)}" width="${w}" height="${n(h - top)}" fill="url(#hexfade)"/></mask>`;
      b += `<path d="${hexes}" fill="none" stroke="#f2c14e" stroke-opacity="0.45" stroke-width="${n(1.4 * u)}" mask="url(#hm)"/>`;
      // Two armies of banners facing each other on the plain.
      for (const [bx, col] of [[kind === 'banner' ? w * 0.22 : w * 0.18, '#f2c14e'], [kind === 'banner' ? w * 0.92 : w * 0.84, '#d64545']]) {
        for (let k = 0; k < 3; k++) {
          const x = bx + (k - 1) * 26 * u;
          const y = top + (18 + (k % 2) * 14) * u;
          b += `<path d="M${n(x)},${n(y)}V${n(y - 48 * u)}" stroke="#140a16" stroke-width="${n(3 * u)}"/><path d="M${n(x)},${n(y - 48 * u)}h${n(22 * u)}l${n(-6 * u)},${n(8 * u)}l${n(6 * u)},${n(8 * u)}h${n(-22 * u)}Z" fill="${col}"/>`;
        }
      }
    }
    // Embers and birds.
    for (let i = 0; i < (icon ? 5 : 26); i++) {
      b += glow('ember', rnd() * w, rnd.range(0.15, 0.95) * h, rnd.range(2, 5) * u, rnd.range(0.5, 1));
    }
    if (!icon) {
      let birds = '';
      for (let i = 0; i < 5; i++) {
        const x = (kind === 'banner' ? w * 0.3 : w * 0.2) + rnd() * w * 0.3;
        const y = h * rnd.range(0.12, 0.3);
        const s2 = rnd.range(6, 10) * u;
        birds += `M${n(x - s2)},${n(y - s2 * 0.4)}Q${n(x - s2 * 0.4)},${n(y - s2 * 0.5)} ${n(x)},${n(y)}Q${n(x + s2 * 0.4)},${n(y - s2 * 0.5)} ${n(x + s2)},${n(y - s2 * 0.4)}`;
      }
      b += `<path d="${birds}" fill="none" stroke="#1c1232" stroke-width="${n(2 * u)}" stroke-linecap="round"/>`;
    }
    return { defs, body: b };
  },

  // Rhythm: a huge moon with pulse rings, an equalizer skyline, lantern strings, notes and confetti.
  'moonbeat-parade'(L, rnd) {
    const { w, h, u, fx, kind } = L;
    const icon = kind === 'icon';
    const defs =
      linear('sky', [0, 0, 0, 1], [[0, '#0f0a33'], [0.6, '#2d1b6e'], [1, '#6a2d91']]) +
      radial('moonglow', [[0.35, '#fff3c4', 0.55], [1, '#ffb8e0', 0]]) +
      linear('moon', [0, 0, 1, 1], [[0, '#fffbe8'], [1, '#ffd98a']]) +
      linear('bar', [0, 0, 0, 1], [[0, '#5ff0e6'], [0.5, '#ff6fb1'], [1, '#7a2fc0']]) +
      radial('lantern', [[0, '#fff6c8'], [0.5, '#ffcf5a', 0.5], [1, '#ffcf5a', 0]]);
    const mx = icon ? w * 0.5 : fx + (kind === 'banner' ? 10 * u : 0);
    const my = icon ? h * 0.44 : h * (kind === 'cover' ? 0.36 : 0.44);
    const mr = (icon ? 118 : kind === 'banner' ? 120 : 130) * u;
    let b = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    b += starField(rnd, w, h * 0.7, icon ? 14 : (w * h) / 4500, ['#ffffff', '#ffe8a8', '#b8f6ff'], 1.4);
    // Lantern string (a catenary across the top).
    if (!icon) {
      const y0 = h * 0.06;
      const sag = h * (kind === 'banner' ? 0.1 : 0.05);
      b += `<path d="M-10,${n(y0)}Q${n(w / 2)},${n(y0 + sag * 2)} ${n(w + 10)},${n(y0)}" fill="none" stroke="#ffe9b0" stroke-opacity="0.5" stroke-width="${n(1.5 * u)}"/>`;
      const cols = ['#ff6fb1', '#ffcf5a', '#5ff0e6', '#a98bff'];
      for (let i = 1; i < 12; i++) {
        const t = i / 12;
        const x = -10 + t * (w + 20);
        const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * (y0 + sag * 2) + t * t * y0;
        b += glow('lantern', x, y + 14 * u, 22 * u, 0.8);
        b += `<rect x="${n(x - 7 * u)}" y="${n(y + 4 * u)}" width="${n(14 * u)}" height="${n(20 * u)}" rx="${n(6 * u)}" fill="${cols[i % cols.length]}"/>`;
      }
    }
    b += glow('moonglow', mx, my, mr * 2.2);
    for (let i = 1; i <= (icon ? 2 : 4); i++) {
      b += `<circle cx="${n(mx)}" cy="${n(my)}" r="${n(mr * (1 + i * 0.28))}" fill="none" stroke="${i % 2 ? '#5ff0e6' : '#ff6fb1'}" stroke-opacity="${n(0.7 - i * 0.13)}" stroke-width="${n(3 * u)}" stroke-dasharray="${i % 2 ? 'none' : `${n(14 * u)} ${n(10 * u)}`}"/>`;
    }
    b += `<circle cx="${n(mx)}" cy="${n(my)}" r="${n(mr)}" fill="url(#moon)"/>`;
    b += `<g fill="#f1d48a" opacity="0.55"><circle cx="${n(mx - mr * 0.35)}" cy="${n(my - mr * 0.2)}" r="${n(mr * 0.18)}"/><circle cx="${n(mx + mr * 0.3)}" cy="${n(my + mr * 0.35)}" r="${n(mr * 0.12)}"/><circle cx="${n(mx + mr * 0.4)}" cy="${n(my - mr * 0.35)}" r="${n(mr * 0.08)}"/></g>`;
    // A smiling crescent of a face, kept subtle: two closed eyes and a smile.
    b += `<path d="M${n(mx - mr * 0.32)},${n(my + mr * 0.02)}q${n(mr * 0.1)},${n(mr * 0.1)} ${n(mr * 0.2)},0M${n(mx + mr * 0.12)},${n(my + mr * 0.02)}q${n(mr * 0.1)},${n(mr * 0.1)} ${n(mr * 0.2)},0M${n(mx - mr * 0.16)},${n(my + mr * 0.28)}q${n(mr * 0.16)},${n(mr * 0.14)} ${n(mr * 0.32)},0" fill="none" stroke="#c48a3a" stroke-width="${n(mr * 0.04)}" stroke-linecap="round"/>`;
    // Equalizer skyline.
    const base = h;
    const bars = icon ? 9 : Math.round(w / (22 * u));
    const bw = w / bars;
    let eq = '';
    for (let i = 0; i < bars; i++) {
      const t = i / bars;
      const distance = Math.abs(t * w - mx) / w;
      const v = 0.35 + 0.35 * Math.abs(Math.sin(i * 0.9)) + 0.3 * rnd();
      const bh = h * (icon ? 0.3 : kind === 'cover' ? 0.26 : 0.3) * v * (1 - distance * 0.5);
      eq += `M${n(i * bw + bw * 0.15)},${n(base)}V${n(base - bh + bw * 0.35)}a${n(bw * 0.35)},${n(bw * 0.35)} 0 0,1 ${n(bw * 0.7)},0V${n(base)}Z`;
    }
    b += `<path d="${eq}" fill="url(#bar)" opacity="0.95"/>`;
    // Notes and confetti.
    const note = (x, y, s, c, double) =>
      `<g transform="translate(${n(x)} ${n(y)}) rotate(-12) scale(${n(s * 100) / 100})" fill="${c}">` +
      `<ellipse cx="0" cy="0" rx="9" ry="7"/><rect x="6" y="-34" width="3.5" height="34"/>` +
      (double ? `<ellipse cx="26" cy="-6" rx="9" ry="7"/><rect x="32" y="-40" width="3.5" height="34"/><path d="M6,-34L35.5,-40V-32L6,-26Z"/>` : `<path d="M9.5,-34q12,6 10,20q-2,-10 -10,-12Z"/>`) + `</g>`;
    const noteCount = icon ? 2 : 7;
    const ncols = ['#ff6fb1', '#5ff0e6', '#ffcf5a', '#ffffff'];
    for (let i = 0; i < noteCount; i++) {
      const x = icon ? [w * 0.18, w * 0.82][i] : rnd.range(0.05, 0.95) * w;
      const y = icon ? [h * 0.22, h * 0.3][i] : rnd.range(0.2, 0.65) * h;
      if (!icon && Math.hypot(x - mx, y - my) < mr * 1.5) continue;
      b += note(x, y, (icon ? 1.5 : rnd.range(1, 1.6)) * u, ncols[i % ncols.length], i % 2 === 0);
    }
    let conf = '';
    for (let i = 0; i < (icon ? 6 : 40); i++) {
      const c = ncols[i % 3];
      conf += `<rect x="${n(rnd() * w)}" y="${n(rnd() * h * 0.8)}" width="${n(5 * u)}" height="${n(9 * u)}" fill="${c}" transform="rotate(${Math.round(rnd() * 90)} ${n(rnd() * w)} ${n(rnd() * h)})" opacity="0.8"/>`;
    }
    b += conf;
    return { defs, body: b };
  },

  // Farming sim: bright morning, rolling hills with crop rows, a red barn, round trees, clover leaves.
  'clover-hollow'(L, rnd) {
    const { w, h, u, fx, kind } = L;
    const icon = kind === 'icon';
    const defs =
      linear('sky', [0, 0, 0, 1], [[0, '#79c7f5'], [0.6, '#cbeefd'], [1, '#fff3d1']]) +
      radial('sun', [[0, '#fffbe6'], [0.25, '#fff0a8', 0.9], [1, '#fff0a8', 0]]) +
      linear('h1', [0, 0, 0, 1], [[0, '#b8e39a'], [1, '#8fcf6e']]) +
      linear('h2', [0, 0, 0, 1], [[0, '#86cc5c'], [1, '#5ea743']]) +
      linear('h3', [0, 0, 0, 1], [[0, '#5aa53f'], [1, '#3d8330']]) +
      linear('wheat', [0, 0, 0, 1], [[0, '#f6d86b'], [1, '#e0a93f']]) +
      linear('roof', [0, 0, 0, 1], [[0, '#7a3a32'], [1, '#5b2925']]);
    let b = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    b += glow('sun', icon ? w * 0.78 : kind === 'banner' ? w * 0.86 : w * 0.78, h * (icon ? 0.2 : 0.16), (icon ? 70 : 160) * u);
    const cloud = (x, y, s) =>
      `<g fill="#ffffff" opacity="0.92"><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(60 * s)}" ry="${n(18 * s)}"/><circle cx="${n(x - 20 * s)}" cy="${n(y - 12 * s)}" r="${n(22 * s)}"/><circle cx="${n(x + 14 * s)}" cy="${n(y - 18 * s)}" r="${n(28 * s)}"/></g>`;
    for (let i = 0; i < (icon ? 1 : 4); i++) b += cloud(icon ? w * 0.3 : rnd() * w, h * rnd.range(0.1, 0.28), rnd.range(0.7, 1.2) * u);
    // Far hills, then a middle hill whose crest carries the barn.
    b += `<path d="${hill(rnd, w, h, h * 0.44, 55 * u, 3)}" fill="#b9e3b0"/>`;
    b += `<path d="${hill(rnd, w, h, h * 0.54, 30 * u, 4)}" fill="url(#h1)"/>`;
    const midY = h * (kind === 'cover' ? 0.62 : icon ? 0.66 : 0.64);
    const bx = icon ? w * 0.5 : fx;
    const crest = midY - 14 * u;
    const mid = smoothPath([
      [-0.05 * w, midY + 36 * u], [bx - 0.32 * w, midY + 8 * u], [bx, crest],
      [bx + 0.3 * w, midY + 14 * u], [1.05 * w, midY + 40 * u],
    ], h + 2);
    b += `<path d="${mid}" fill="url(#h2)"/>`;
    // Patchwork fields fanning out from a point beyond the hill, and contour rows, clipped to the middle hill.
    b += `<clipPath id="midclip"><path d="${mid}"/></clipPath>`;
    const vy = midY - 420 * u;
    const fieldColors = ['#7cc653', '#e9c55a', '#5aa842', '#a7d466', '#dcae45', '#68b84a', '#b9d970', '#e3bd52'];
    let fields = '';
    for (let k = -5; k <= 4; k++) {
      const xa = bx + k * 0.13 * w;
      const xb = xa + 0.13 * w;
      const at = (x0, y) => vx0 + ((x0 - vx0) * (y - vy)) / (midY - vy);
      const vx0 = bx;
      fields += `<path d="M${n(at(xa, crest - 10 * u))},${n(crest - 10 * u)}L${n(at(xb, crest - 10 * u))},${n(crest - 10 * u)}L${n(at(xb, h))},${n(h)}L${n(at(xa, h))},${n(h)}Z" fill="${fieldColors[(k + 5) % fieldColors.length]}"/>`;
    }
    let rows = '';
    for (let i = 0; i < 16; i++) {
      const y = midY - 12 * u + Math.pow(i / 16, 1.5) * (h - midY) * 1.1;
      rows += `M${n(-0.05 * w)},${n(y + 30 * u)}Q${n(bx)},${n(y - 26 * u)} ${n(1.05 * w)},${n(y + 32 * u)}`;
    }
    b += `<g clip-path="url(#midclip)">${fields}<path d="${rows}" fill="none" stroke="#2f6f2c" stroke-opacity="0.22" stroke-width="${n(3 * u)}"/></g>`;
    // Barn and silo.
    const by = crest + 8 * u;
    const s = (icon ? 1.15 : kind === 'banner' ? 1 : 1.1) * u;
    b += `<g transform="translate(${n(bx)} ${n(by)}) scale(${n(s * 100) / 100})">` +
      `<rect x="70" y="-130" width="46" height="130" fill="#d9dde3"/><path d="M70,-130Q93,-160 116,-130Z" fill="#8a96a3"/><path d="M70,-100h46M70,-70h46M70,-40h46" stroke="#b7bec8" stroke-width="3"/>` +
      `<path d="M-90,0V-80L-100,-80L-55,-132H55L100,-80L90,-80V0Z" fill="#c9483a"/>` +
      `<path d="M-100,-80L-55,-132H55L100,-80" fill="none" stroke="url(#roof)" stroke-width="14" stroke-linejoin="round"/>` +
      `<path d="M-90,-80H90" stroke="#f4efe6" stroke-width="6"/>` +
      `<rect x="-32" y="-62" width="64" height="62" fill="#f4efe6"/><rect x="-27" y="-57" width="54" height="57" fill="#a63a2f"/><path d="M-27,-57L27,0M27,-57L-27,0" stroke="#f4efe6" stroke-width="5"/>` +
      `<rect x="-16" y="-118" width="32" height="24" fill="#f4efe6"/><rect x="-12" y="-114" width="24" height="18" fill="#5b2925"/></g>`;
    // Round trees.
    const tree = (x, y, s2, c) =>
      `<rect x="${n(x - 4 * s2)}" y="${n(y - 30 * s2)}" width="${n(8 * s2)}" height="${n(30 * s2)}" fill="#7a5134"/>` +
      `<circle cx="${n(x)}" cy="${n(y - 48 * s2)}" r="${n(28 * s2)}" fill="${c}"/><circle cx="${n(x - 10 * s2)}" cy="${n(y - 56 * s2)}" r="${n(10 * s2)}" fill="#ffffff" opacity="0.18"/>`;
    if (!icon) {
      for (const [dx, sc] of [[-0.42, 0.6], [-0.36, 0.5], [0.36, 0.55], [-0.6, 0.5]]) {
        b += tree(bx + dx * w, h * 0.52 + rnd.range(-4, 4) * u, sc * u, '#4f9a45');
      }
      for (const [dx, sc, c] of [[-0.19, 1.1, '#3f9141'], [-0.14, 0.85, '#2f7a34'], [0.2, 1, '#3f9141']]) {
        b += tree(bx + dx * w * (kind === 'cover' ? 1.9 : 1), crest + 14 * u, sc * u, c);
      }
    } else {
      b += tree(w * 0.14, crest + 26 * u, 1.1 * u, '#2f7a34');
    }
    // Front hill with a fence.
    const frontY = h * (kind === 'cover' ? 0.8 : 0.84);
    b += `<path d="${hill(rnd, w, h, frontY, 14 * u, 3)}" fill="url(#h3)"/>`;
    if (!icon) {
      let fence = '';
      const fy = frontY + 2 * u;
      for (let x = 0; x < w; x += 34 * u) fence += `M${n(x)},${n(fy)}v${n(-26 * u)}`;
      fence += `M0,${n(fy - 18 * u)}H${w}M0,${n(fy - 8 * u)}H${w}`;
      b += `<path d="${fence}" stroke="#f3e3c3" stroke-width="${n(4 * u)}" stroke-linecap="round" opacity="0.9"/>`;
    }
    // Clover leaves in the foreground.
    const clover = (x, y, s2, rot) => {
      const heart = 'M0,0C-6,-10 -20,-12 -22,-24C-24,-36 -10,-40 0,-30C10,-40 24,-36 22,-24C20,-12 6,-10 0,0Z';
      return `<g transform="translate(${n(x)} ${n(y)}) rotate(${rot}) scale(${n(s2 * 100) / 100})"><path d="M0,0q4,30 -4,52" stroke="#2e6b27" stroke-width="5" fill="none"/>` +
        [0, 90, 180, 270].map((a) => `<path d="${heart}" transform="rotate(${a})" fill="#4caf50" stroke="#2e6b27" stroke-width="2"/>`).join('') +
        `<circle r="4" fill="#2e6b27"/></g>`;
    };
    if (!icon) {
      b += clover(w * 0.06, h * 0.9, 1.4 * u, -15) + clover(w * (kind === 'banner' ? 0.36 : 0.9), h * 0.95, 1.1 * u, 20);
    } else {
      b += clover(w * 0.84, h * 0.86, 1.3 * u, 18);
    }
    return { defs, body: b };
  },

  // Shooter: floating islands held by glowing crystals above a storm, fighters with contrails and tracers.
  'aether-sentinels'(L, rnd) {
    const { w, h, u, fx, kind } = L;
    const icon = kind === 'icon';
    const defs =
      linear('sky', [0, 0, 0, 1], [[0, '#081722'], [0.5, '#15405a'], [1, '#2f7c8f']]) +
      linear('rock', [0, 0, 0, 1], [[0, '#3b5563'], [1, '#142530']]) +
      linear('tower', [0, 0, 0, 1], [[0, '#a9c6d2'], [1, '#4f7584']]) +
      radial('crystal', [[0, '#e6ffff'], [0.3, '#7ff7ff', 0.8], [1, '#2fd6e6', 0]]) +
      radial('engine', [[0, '#fff2cc'], [0.4, '#ff8a3d', 0.8], [1, '#ff8a3d', 0]]) +
      linear('contrail', [0, 0, 1, 0], [[0, '#ffffff', 0], [1, '#ffffff', 0.65]]) +
      linear('storm', [0, 0, 0, 1], [[0, '#1a3442'], [1, '#07131b']]) +
      linear('ray', [0, 0, 0, 1], [[0, '#bff6ff', 0.28], [1, '#bff6ff', 0]]);
    let b = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    // Light shafts.
    if (!icon) {
      for (let i = 0; i < 4; i++) {
        const x = w * (0.15 + i * 0.22);
        b += `<polygon points="${n(x)},0 ${n(x + 60 * u)},0 ${n(x - 120 * u)},${n(h)} ${n(x - 260 * u)},${n(h)}" fill="url(#ray)"/>`;
      }
    }
    // Storm clouds at the bottom, in two layers of bumps.
    const storm = (y, amp, color, count) => {
      let d = `M-10,${n(h + 2)}L-10,${n(y)}`;
      const step = (w + 20) / count;
      for (let i = 0; i < count; i++) {
        const x0 = -10 + i * step;
        d += `Q${n(x0 + step / 2)},${n(y - rnd.range(0.5, 1.2) * amp)} ${n(x0 + step)},${n(y + rnd.range(-0.2, 0.2) * amp)}`;
      }
      return `<path d="${d}L${n(w + 10)},${n(h + 2)}Z" fill="${color}"/>`;
    };
    b += storm(h * 0.78, 40 * u, '#1d3c4c', icon ? 4 : 9);
    // Lightning.
    const bolt = (x, y, len) => {
      let d = `M${n(x)},${n(y)}`;
      let cx = x;
      let cy = y;
      for (let i = 0; i < 5; i++) { cx += rnd.range(-18, 18) * u; cy += len / 5; d += `L${n(cx)},${n(cy)}`; }
      return `<path d="${d}" fill="none" stroke="#7ff7ff" stroke-opacity="0.35" stroke-width="${n(8 * u)}" stroke-linejoin="round"/><path d="${d}" fill="none" stroke="#e6ffff" stroke-width="${n(2.2 * u)}" stroke-linejoin="round"/>`;
    };
    if (!icon) b += bolt(w * (kind === 'banner' ? 0.24 : 0.16), h * 0.6, h * 0.3);
    b += storm(h * 0.86, 30 * u, 'url(#storm)', icon ? 4 : 8);
    // Floating islands.
    const island = (x, y, s, buildings) => {
      let g = `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s * 100) / 100})">`;
      g += glow('crystal', 0, 70, 60);
      g += `<path d="M-120,0L120,0L90,30L50,44L30,90L0,120L-20,84L-54,50L-96,28Z" fill="url(#rock)"/>`;
      g += `<path d="M-14,70L0,48L14,70L0,104Z" fill="#bff6ff"/><path d="M-38,46L-28,30L-18,46L-28,64Z" fill="#7ff7ff"/><path d="M30,52L38,38L46,52L38,66Z" fill="#7ff7ff"/>`;
      g += `<path d="M-124,0H124V-8Q0,-18 -124,-8Z" fill="#4f7b5a"/>`;
      if (buildings) {
        g += `<path d="M-80,-8V-60H-56V-8ZM-50,-8V-110L-38,-124L-26,-110V-8ZM-20,-8V-78H8V-8ZM14,-8V-140L26,-156L38,-140V-8ZM44,-8V-70H80V-8Z" fill="url(#tower)"/>`;
        g += `<path d="M44,-70Q62,-98 80,-70Z" fill="#dbeff5"/>`;
        g += `<path d="M-45,-96h4v6h-4zM-45,-76h4v6h-4zM-34,-86h4v6h-4zM20,-120h4v6h-4zM28,-100h4v6h-4zM20,-80h4v6h-4zM-12,-62h4v6h-4zM0,-46h4v6h-4zM52,-52h4v6h-4zM66,-40h4v6h-4z" fill="#7ff7ff"/>`;
      }
      return `${g}</g>`;
    };
    if (icon) {
      b += island(w * 0.52, h * 0.6, 1.2 * u, true);
    } else if (kind === 'banner') {
      b += island(w * 0.12, h * 0.28, 0.45 * u, true);
      b += island(w * 0.4, h * 0.5, 0.6 * u, false);
      b += island(fx + 50 * u, h * 0.5, 1.05 * u, true);
    } else {
      b += island(w * 0.82, h * 0.18, 0.5 * u, true);
      b += island(w * 0.2, h * 0.34, 0.45 * u, false);
      b += island(w * 0.52, h * 0.56, 1.05 * u, true);
    }
    // Fighters with contrails, and tracer fire.
    const jet = (x, y, s, rot) =>
      `<g transform="translate(${n(x)} ${n(y)}) rotate(${rot}) scale(${n(s * 100) / 100})">` +
      `<rect x="-240" y="-2" width="230" height="4" fill="url(#contrail)"/>` +
      glow('engine', -10, 0, 18) +
      `<path d="M-12,0L-2,-6L40,-3L56,0L40,3L-2,6Z" fill="#dbe6ec"/><path d="M4,-5L24,-30L32,-30L26,-4ZM4,5L24,30L32,30L26,4Z" fill="#8fa7b3"/><path d="M-8,-4L-14,-16L-6,-16L4,-4Z" fill="#8fa7b3"/><path d="M36,-2.5L48,0L36,2.5Z" fill="#3fd9ea"/></g>`;
    if (icon) {
      b += jet(w * 0.3, h * 0.2, 1.2 * u, -12);
    } else {
      const jets = kind === 'banner'
        ? [[w * 0.55, h * 0.2, 1.2, -10], [w * 0.46, h * 0.32, 0.9, -6], [w * 0.93, h * 0.14, 0.8, 172]]
        : [[w * 0.6, h * 0.1, 1.1, -14], [w * 0.42, h * 0.18, 0.85, -8], [w * 0.9, h * 0.35, 0.8, 190]];
      for (const [x, y, s, r] of jets) b += jet(x, y, s * u, r);
      let tr = '';
      for (let i = 0; i < 6; i++) {
        const x = rnd.range(0.3, 0.95) * w;
        const y = rnd.range(0.05, 0.45) * h;
        tr += `M${n(x)},${n(y)}l${n(-40 * u)},${n(8 * u)}`;
      }
      b += `<path d="${tr}" stroke="#ffb36b" stroke-width="${n(2.5 * u)}" stroke-linecap="round"/>`;
    }
    return { defs, body: b };
  },

  // Card battler: fanned cards with mythic emblems above a glowing summoning circle.
  'mythdeck-arena'(L, rnd) {
    const { w, h, u, fx, kind } = L;
    const icon = kind === 'icon';
    const cx = icon ? w * 0.5 : fx;
    const cy = icon ? h * 0.7 : h * (kind === 'cover' ? 0.52 : 0.62);
    const defs =
      radial('bg', [[0, '#6b2e4a'], [0.45, '#2f1547'], [1, '#120822']], ` cx="${n(cx / w)}" cy="${n(cy / h)}" r="0.9"`) +
      radial('halo', [[0, '#ffd98a', 0.75], [0.4, '#f2a94e', 0.25], [1, '#f2a94e', 0]]) +
      linear('gold', [0, 0, 1, 1], [[0, '#fff0b8'], [0.5, '#f2c14e'], [1, '#b07a1c']]) +
      linear('c0', [0, 0, 0, 1], [[0, '#e0475f'], [1, '#7a1430']]) +
      linear('c1', [0, 0, 0, 1], [[0, '#2ec4b6'], [1, '#0f5c63']]) +
      linear('c2', [0, 0, 0, 1], [[0, '#8d6bff'], [1, '#3a1f8a']]) +
      linear('c3', [0, 0, 0, 1], [[0, '#f2a94e'], [1, '#8a4b12']]) +
      linear('c4', [0, 0, 0, 1], [[0, '#3fb56a'], [1, '#145c34']]) +
      linear('ray', [0, 0, 0, 1], [[0, '#ffe6a8', 0], [1, '#ffe6a8', 0.35]]);
    let b = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
    // Light rays behind the cards.
    if (!icon) {
      let rays = '';
      for (let i = 0; i < 14; i++) {
        const a = -Math.PI + (i / 13) * Math.PI;
        const len = Math.max(w, h);
        const da = 0.05;
        rays += `<polygon points="${n(cx)},${n(cy)} ${n(cx + len * Math.cos(a - da))},${n(cy + len * Math.sin(a - da))} ${n(cx + len * Math.cos(a + da))},${n(cy + len * Math.sin(a + da))}" fill="#ffe6a8" opacity="0.07"/>`;
      }
      b += rays;
    }
    b += glow('halo', cx, cy - 40 * u, (icon ? 110 : 260) * u);
    // Summoning circle in perspective.
    const rr = (icon ? 200 : kind === 'banner' ? 230 : 240) * u;
    const ry = 0.28;
    const ccy = cy + (icon ? 70 : 110) * u;
    b += `<g fill="none" stroke="#f2c14e" stroke-linecap="round">` +
      `<ellipse cx="${n(cx)}" cy="${n(ccy)}" rx="${n(rr)}" ry="${n(rr * ry)}" stroke-width="${n(3 * u)}" stroke-opacity="0.9"/>` +
      `<ellipse cx="${n(cx)}" cy="${n(ccy)}" rx="${n(rr * 0.86)}" ry="${n(rr * ry * 0.86)}" stroke-width="${n(7 * u)}" stroke-opacity="0.6" stroke-dasharray="${n(3 * u)} ${n(11 * u)}"/>` +
      `<ellipse cx="${n(cx)}" cy="${n(ccy)}" rx="${n(rr * 0.7)}" ry="${n(rr * ry * 0.7)}" stroke-width="${n(2 * u)}" stroke-opacity="0.8"/>`;
    for (const start of [-90, 90]) {
      const pts = [0, 120, 240].map((d) => {
        const a = ((start + d) * Math.PI) / 180;
        return `${n(cx + rr * 0.7 * Math.cos(a))},${n(ccy + rr * ry * 0.7 * Math.sin(a))}`;
      });
      b += `<polygon points="${pts.join(' ')}" stroke-width="${n(1.5 * u)}" stroke-opacity="0.6"/>`;
    }
    b += `</g>`;
    // Cards.
    const emblems = [
      // sun
      `<circle cx="0" cy="0" r="16" fill="url(#gold)"/><path d="M0,-30V-22M0,22V30M-30,0H-22M22,0H30M-21,-21L-16,-16M16,16L21,21M-21,21L-16,16M16,-16L21,-21" stroke="#f2c14e" stroke-width="4" stroke-linecap="round"/>`,
      // wave serpent
      `<path d="M-28,8Q-18,-14 -6,6T18,4Q26,-8 30,-16" fill="none" stroke="url(#gold)" stroke-width="7" stroke-linecap="round"/><circle cx="30" cy="-16" r="5" fill="#f2c14e"/>`,
      // crescent with star
      `<path d="M8,-26A26,26 0 1,0 8,26A20,20 0 1,1 8,-26Z" fill="url(#gold)"/>` + `<path d="M18,-6l3,7 7,1 -5,5 1,7 -6,-3 -6,3 1,-7 -5,-5 7,-1Z" fill="#fff0b8"/>`,
      // eye
      `<path d="M-30,0Q0,-26 30,0Q0,26 -30,0Z" fill="none" stroke="url(#gold)" stroke-width="5"/><circle r="9" fill="#f2c14e"/><circle r="3.5" fill="#3a1f1a"/>`,
      // tree
      `<path d="M0,30V-4M0,6L-14,-8M0,0L14,-14" stroke="url(#gold)" stroke-width="5" stroke-linecap="round"/><circle cx="0" cy="-16" r="14" fill="url(#gold)"/><circle cx="-16" cy="-8" r="9" fill="#f2c14e"/><circle cx="16" cy="-16" r="9" fill="#f2c14e"/>`,
    ];
    const card = (i, angle, s) =>
      `<g transform="translate(${n(cx)} ${n(cy + (icon ? 70 : 110) * u)}) rotate(${angle}) scale(${n(s * 100) / 100})">` +
      `<g transform="translate(0 -235)">` +
      `<rect x="-66" y="-96" width="132" height="192" rx="12" fill="#000" opacity="0.35" transform="translate(6 8)"/>` +
      `<rect x="-66" y="-96" width="132" height="192" rx="12" fill="url(#gold)"/>` +
      `<rect x="-59" y="-89" width="118" height="178" rx="8" fill="url(#c${i})"/>` +
      `<rect x="-50" y="-80" width="100" height="160" rx="6" fill="none" stroke="#fff0b8" stroke-opacity="0.55" stroke-width="2"/>` +
      `<circle cx="0" cy="-8" r="38" fill="#000" opacity="0.2"/>` +
      `<g transform="translate(0 -8)">${emblems[i]}</g>` +
      `<path d="M-30,56H30M-20,66H20" stroke="#fff0b8" stroke-opacity="0.6" stroke-width="3" stroke-linecap="round"/>` +
      `<path d="M0,-86l6,8 -6,8 -6,-8Z" fill="#fff0b8"/></g></g>`;
    const s = (icon ? 1.05 : kind === 'banner' ? 0.95 : 1.1) * u;
    const order = icon ? [[1, -18], [2, 18], [0, 0]] : [[4, -36], [3, 36], [1, -18], [2, 18], [0, 0]];
    for (const [i, a] of order) b += card(i, a, s);
    // Sparkles.
    for (let i = 0; i < (icon ? 4 : 18); i++) {
      const x = rnd() * w;
      const y = rnd() * h;
      b += sparkle(x, y, rnd.range(3, 9) * u, i % 3 ? '#ffe6a8' : '#ffffff', rnd.range(0.5, 1));
    }
    return { defs, body: b };
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Side-menu logos: small geometric emblems on a 64x64 viewBox, no text.
// ---------------------------------------------------------------------------------------------------------------

const badge = (id, a, c) => // id is made unique per game by logoSvg
 
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${c}"/></linearGradient></defs>` +
  `<rect width="64" height="64" rx="14" fill="url(#${id})"/>`;

const LOGOS = {
  'star-harbor': badge('ID-bg', '#2a1b6e', '#0a0f2e') +
    '<circle cx="32" cy="17" r="7" fill="#ffd36b" opacity=".35"/><circle cx="32" cy="17" r="3.5" fill="#fff3c4"/>' +
    '<rect x="30.5" y="19" width="3" height="24" rx="1.5" fill="#cfd4f2"/>' +
    '<ellipse cx="32" cy="38" rx="20" ry="7" fill="none" stroke="#cfd4f2" stroke-width="4"/>' +
    '<ellipse cx="32" cy="38" rx="20" ry="7" fill="none" stroke="#5ff3ff" stroke-width="1.4" stroke-dasharray="2 3"/>' +
    '<ellipse cx="32" cy="38" rx="6" ry="4" fill="#8f95c8"/><path d="M12 52l2 1-2 1-1 2-1-2-2-1 2-1 1-2zM52 10l1.5.8-1.5.8-.8 1.5-.8-1.5-1.5-.8 1.5-.8.8-1.5z" fill="#fff"/>',
  'comet-circuit': badge('ID-bg', '#3b0a5c', '#b0186a') +
    '<circle cx="32" cy="30" r="15" fill="#ffb347"/><path d="M17 31h30v3H17zM18 36h28v3H18zM20 41h24v3H20z" fill="#b0186a"/>' +
    '<path d="M8 52L30 34h4l22 18z" fill="#1a0433"/><path d="M8 52L30 34M56 52L34 34" stroke="#28e0ff" stroke-width="2"/>' +
    '<path d="M32 38v4M32 45v6" stroke="#ffe66d" stroke-width="2" stroke-linecap="round"/><path d="M40 12l12-4-12 6z" fill="#fff"/>',
  'prism-tiles': badge('ID-bg', '#bfe6f5', '#f3d9ef') +
    '<path d="M6 26L26 31V33L6 28z" fill="#fff"/>' +
    '<path d="M36 30L60 18V24zM36 31L60 25V31zM36 32L60 32V38zM36 33L60 39V45z" fill="#ff5d73"/>' +
    '<path d="M36 31L60 25V31z" fill="#ffd84d"/><path d="M36 32L60 32V38z" fill="#4cd787"/><path d="M36 33L60 39V45z" fill="#3fb6ff"/>' +
    '<path d="M32 12L46 42H18z" fill="#fff" fill-opacity=".7" stroke="#fff" stroke-width="2.5" stroke-linejoin="round"/>' +
    '<rect x="8" y="44" width="10" height="10" rx="3" fill="#8d6bff" transform="rotate(-15 13 49)"/><rect x="46" y="48" width="8" height="8" rx="2.5" fill="#ff9f43" transform="rotate(20 50 52)"/>',
  'ashvale-tactics': badge('ID-bg', '#c4553a', '#2a1224') +
    '<path d="M12 54V38h4v-3h3v3h2v-3h3v3h2V28l6-8 6 8v10h2v-3h3v3h2v-3h3v3h4v16z" fill="#160a17"/>' +
    '<path d="M32 20V10" stroke="#160a17" stroke-width="2"/><path d="M32 10l8 2.5-8 2.5z" fill="#f2c14e"/>' +
    '<path d="M30 54v-7a2 2 0 0 1 4 0v7z" fill="#ffcf73"/><rect x="31" y="30" width="2" height="4" fill="#ffcf73"/>',
  'moonbeat-parade': badge('ID-bg', '#2d1b6e', '#0f0a33') +
    '<circle cx="32" cy="26" r="18" fill="none" stroke="#5ff0e6" stroke-width="2" opacity=".7"/>' +
    '<circle cx="32" cy="26" r="13" fill="#fff3c4"/><path d="M26 27q2 2 4 0M34 27q2 2 4 0M29 32q3 2.5 6 0" stroke="#c48a3a" stroke-width="1.5" fill="none" stroke-linecap="round"/>' +
    '<path d="M8 56V50a2 2 0 0 1 4 0V56zM15 56V46a2 2 0 0 1 4 0V56zM22 56V49a2 2 0 0 1 4 0V56zM29 56V44a2 2 0 0 1 4 0V56zM36 56V48a2 2 0 0 1 4 0V56zM43 56V45a2 2 0 0 1 4 0V56zM50 56V50a2 2 0 0 1 4 0V56z" fill="#ff6fb1"/>',
  'clover-hollow': badge('ID-bg', '#bfe8ff', '#fff3d1') +
    '<path d="M0 44Q20 34 40 40T64 38V64H0z" fill="#5ea743"/>' +
    '<g transform="translate(32 30)" fill="#3f9141" stroke="#2e6b27" stroke-width="1.2">' +
    '<path id="ID-leaf" d="M0 0C-3-5-10-6-11-12-12-18-5-20 0-15 5-20 12-18 11-12 10-6 3-5 0 0z"/>' +
    '<use href="#ID-leaf" transform="rotate(90)"/><use href="#ID-leaf" transform="rotate(180)"/><use href="#ID-leaf" transform="rotate(270)"/></g>' +
    '<path d="M32 30q3 14-2 26" stroke="#2e6b27" stroke-width="2.5" fill="none"/>',
  'aether-sentinels': badge('ID-bg', '#2f7c8f', '#081722') +
    '<path d="M14 34h36l-7 6-3 8-8 10-4-8-8-8z" fill="#3b5563"/><path d="M29 44l3-5 3 5-3 7z" fill="#7ff7ff"/>' +
    '<path d="M20 34V24h5v10zM28 34V16l3-3 3 3v18zM37 34V22h6v12z" fill="#a9c6d2"/>' +
    '<path d="M8 14l14 2 6-1-6 3z" fill="#fff"/><path d="M6 15.5h8" stroke="#ff8a3d" stroke-width="2" stroke-linecap="round"/>',
  'mythdeck-arena': badge('ID-bg', '#6b2e4a', '#120822') +
    '<g transform="translate(32 54)"><rect x="-11" y="-38" width="22" height="32" rx="3" fill="#2ec4b6" stroke="#f2c14e" stroke-width="2" transform="rotate(-20)"/>' +
    '<rect x="-11" y="-38" width="22" height="32" rx="3" fill="#8d6bff" stroke="#f2c14e" stroke-width="2" transform="rotate(20)"/>' +
    '<rect x="-11" y="-40" width="22" height="32" rx="3" fill="#e0475f" stroke="#f2c14e" stroke-width="2"/>' +
    '<circle cx="0" cy="-24" r="5" fill="#f2c14e"/><path d="M0-34v3M0-17v3M-10-24h3M7-24h3" stroke="#f2c14e" stroke-width="1.6" stroke-linecap="round"/></g>' +
    '<path d="M12 12l1.2 2.8 2.8 1.2-2.8 1.2-1.2 2.8-1.2-2.8-2.8-1.2 2.8-1.2zM52 20l1 2 2 1-2 1-1 2-1-2-2-1 2-1z" fill="#ffe6a8"/>',
};

const logoSvg = (slug, title) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${title}"><title>${title}</title>${LOGOS[slug].replaceAll('ID-', `${slug}-`)}</svg>\n`;

// ---------------------------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------------------------

const GAMES = [
  ['star-harbor', 'Star Harbor'], ['comet-circuit', 'Comet Circuit'], ['prism-tiles', 'Prism Tiles'],
  ['ashvale-tactics', 'Ashvale Tactics'], ['moonbeat-parade', 'Moonbeat Parade'], ['clover-hollow', 'Clover Hollow'],
  ['aether-sentinels', 'Aether Sentinels'], ['mythdeck-arena', 'Mythdeck Arena'],
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
