/** Game list logos (the side menu, support's step one): small geometric emblems on a 64x64 viewBox, no text. */

/** A logo.svg's byte budget. */
export const LOGO_BUDGET = 4 * 1024;

// `id` is made unique per game by logoSvg.
const badge = (id, a, c) =>
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

export const logoSvg = (slug, title) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${title}"><title>${title}</title>${LOGOS[slug].replaceAll('ID-', `${slug}-`)}</svg>\n`;
