import { n, linear, radial, glow, starField, sparkle } from '../svg.mjs';

/** Space RPG: a ringed harbour station with a beacon, nebulae, a ship arriving. */
export function starHarbor(L, rnd) {
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
}
