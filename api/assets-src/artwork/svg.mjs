/** The drawing kit of the game artwork (render-artwork.mjs): a seeded random generator, gradients, shapes, layouts. */

/** Each image kind's size and byte budget. */
export const KINDS = {
  banner: { w: 1200, h: 500, budget: 45 * 1024 },
  cover: { w: 600, h: 800, budget: 35 * 1024 },
  icon: { w: 192, h: 192, budget: 8 * 1024 },
};

export const n = (v) => Math.round(v * 10) / 10;

export function seeded(text) {
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
export const linear = (id, [x1, y1, x2, y2], list) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
export const radial = (id, list, extra = '') => `<radialGradient id="${id}"${extra}>${stops(list)}</radialGradient>`;
/** A soft glow: a circle filled with a radial gradient that fades to transparent. */
export const glow = (id, cx, cy, r, opacity = 1) =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#${id})"${opacity < 1 ? ` opacity="${opacity}"` : ''}/>`;

export function svgDoc(w, h, defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs>${defs}</defs>${body}</svg>\n`;
}

/** A smooth closed shape through points (Catmull-Rom turned into cubic Béziers), then down to the bottom edge. */
export function smoothPath(points, bottom) {
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
export function hill(rnd, w, h, baseY, amp, count) {
  const pts = [];
  for (let i = 0; i <= count; i++) pts.push([(-0.05 + (1.1 * i) / count) * w, baseY + rnd.range(-amp, amp)]);
  return smoothPath(pts, h + 2);
}

/** A jagged mountain ridge. */
export function ridge(rnd, w, h, baseY, amp, step) {
  let d = `M-10,${n(h + 2)}L-10,${n(baseY)}`;
  let y = baseY;
  for (let x = 0; x <= w + step; x += step * rnd.range(0.6, 1.4)) {
    y = Math.min(h, Math.max(baseY - amp, Math.min(baseY + amp * 0.4, y + rnd.range(-amp, amp) * 0.5)));
    d += `L${n(x)},${n(y)}`;
  }
  return `${d}L${n(w + 10)},${n(h + 2)}Z`;
}

/** Stars as small dots (one path for all of them keeps the file small), with an optional tint list. */
export function starField(rnd, w, maxY, count, colors = ['#ffffff'], maxR = 1.6) {
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
export const sparkle = (x, y, r, fill, opacity = 1) =>
  `<path d="M${n(x)},${n(y - r)}Q${n(x + r * 0.16)},${n(y - r * 0.16)} ${n(x + r)},${n(y)}Q${n(x + r * 0.16)},${n(y + r * 0.16)} ${n(x)},${n(y + r)}Q${n(x - r * 0.16)},${n(y + r * 0.16)} ${n(x - r)},${n(y)}Q${n(x - r * 0.16)},${n(y - r * 0.16)} ${n(x)},${n(y - r)}Z" fill="${fill}"${opacity < 1 ? ` opacity="${opacity}"` : ''}/>`;

export const regular = (cx, cy, r, sides, rot = 0) => {
  const pts = [];
  for (let i = 0; i < sides; i++) {
    const a = rot + (i * 2 * Math.PI) / sides;
    pts.push(`${n(cx + r * Math.cos(a))},${n(cy + r * Math.sin(a))}`);
  }
  return pts.join(' ');
};

/** Layout for one image kind: size, focal point and a scale unit. */
export function layout(kind) {
  const { w, h } = KINDS[kind];
  const u = Math.min(w, h) / 500;
  if (kind === 'banner') return { kind, w, h, u, fx: w * 0.7, fy: h * 0.5 };
  if (kind === 'cover') return { kind, w, h, u: w / 560, fx: w * 0.5, fy: h * 0.4 };
  return { kind, w, h, u, fx: w / 2, fy: h / 2 };
}
