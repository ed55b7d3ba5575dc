import { n, linear, radial, glow, ridge, regular } from '../svg.mjs';

/** Strategy: a castle on a hill at sunset, layered mountains, a hex-grid plain, drifting embers. */
export function ashvaleTactics(L, rnd) {
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
}
