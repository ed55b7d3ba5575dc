import { n, linear, radial, glow, smoothPath, hill } from '../svg.mjs';

/** Farming sim: bright morning, rolling hills with crop rows, a red barn, round trees, clover leaves. */
export function cloverHollow(L, rnd) {
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
}
