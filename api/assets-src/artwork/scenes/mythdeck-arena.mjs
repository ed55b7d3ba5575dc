import { n, linear, radial, glow, sparkle } from '../svg.mjs';

/** Card battler: fanned cards with mythic emblems above a glowing summoning circle. */
export function mythdeckArena(L, rnd) {
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
}
