import { n, linear, radial, glow, starField } from '../svg.mjs';

/** Rhythm: a huge moon with pulse rings, an equalizer skyline, lantern strings, notes and confetti. */
export function moonbeatParade(L, rnd) {
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
}
