import { n, linear, radial, glow } from '../svg.mjs';

/** Shooter: floating islands held by glowing crystals above a storm, fighters with contrails and tracers. */
export function aetherSentinels(L, rnd) {
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
}
