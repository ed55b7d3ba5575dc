import { n, linear, radial, glow, starField } from '../svg.mjs';

/** Racing: synthwave city at dusk, a striped sun, a neon grid road and a car with light trails. */
export function cometCircuit(L, rnd) {
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
}
