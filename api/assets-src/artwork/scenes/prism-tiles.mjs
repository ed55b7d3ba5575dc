import { n, linear, radial, glow } from '../svg.mjs';

/** Puzzle: a lighthouse sends a beam into a floating glass prism; rainbow beams and colourful tiles. */
export function prismTiles(L, rnd) {
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
}
