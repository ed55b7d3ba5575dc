/**
 * Classic cross-site scripting payloads for the hostile-input drill (issue 6): every one that could run calls
 * `__xss('<id>')` (or `alert`), and every element one could inject carries `data-xss`, so the browser test can
 * tell "shown as text" from "executed" or "injected". Kept lower case where a payload travels through a login
 * name (providers lower-case the address they derive from it) and short enough that several fit one title.
 */
export interface XssPayload {
  id: string;
  text: string;
}

const probe = (id: string) => `__xss('${id}')`;

/** Short enough (at most 60 characters) to go into ticket titles, several to a title. */
export const SHORT_PAYLOADS: readonly XssPayload[] = [
  { id: 'script', text: `<script>${probe('script')}</script>` },
  { id: 'img-onerror', text: `<img src=x onerror=${probe('img-onerror')} data-xss>` },
  { id: 'alert', text: `<img src=y onerror=alert('xss-alert') data-xss>` },
  { id: 'svg-onload', text: `<svg onload=${probe('svg-onload')} data-xss>` },
  { id: 'attribute-breakout', text: `"><img src=x onerror=${probe('attribute-breakout')} data-xss>` },
  { id: 'single-quote-breakout', text: `'><svg onload=${probe('single-quote-breakout')} data-xss>` },
  { id: 'js-string-breakout', text: `';${probe('js-string-breakout')};//` },
  { id: 'javascript-url', text: `javascript:${probe('javascript-url')}` },
  { id: 'details-toggle', text: `<details open ontoggle=${probe('details-toggle')} data-xss>` },
  { id: 'autofocus', text: `<input autofocus onfocus=${probe('autofocus')} data-xss>` },
  { id: 'template-breakout', text: `</template><img src=x onerror=${probe('template-breakout')} data-xss>` },
  { id: 'style-breakout', text: `</style><img src=x onerror=${probe('style-breakout')} data-xss>` },
  { id: 'textarea-breakout', text: `</textarea><svg onload=${probe('textarea-breakout')} data-xss>` },
  { id: 'title-breakout', text: `</title><svg onload=${probe('title-breakout')} data-xss>` },
  { id: 'markdown-link', text: `[click me](javascript:${probe('markdown-link')})` },
  { id: 'markdown-image', text: `![x](x" onerror="${probe('markdown-image')})` },
  { id: 'i18next-nesting', text: '$t(common:remote.retry) {{title}} {{- account}}' },
  { id: 'trans-component', text: '<0>zero</0><1>one</1><strong data-xss>bold</strong>' },
  { id: 'html-entities', text: `&lt;img src=x onerror=${probe('html-entities')}&gt;` },
  { id: 'percent-encoded', text: `%3Cscript%3E${probe('percent-encoded')}%3C/script%3E` },
  { id: 'template-expression', text: `{{constructor.constructor('${probe('template-expression').replaceAll("'", '"')}')()}}` },
  { id: 'rtl-override', text: 'invoice\u202Etxt.exe' },
  { id: 'zero-width-homoglyph', text: '\u0430dmin\u200B\u200D\uFEFF support' },
];

/** Longer ones, for details and replies (at most 400 characters each). */
export const LONG_PAYLOADS: readonly XssPayload[] = [
  { id: 'svg-script', text: `<svg><script>${probe('svg-script')}</script></svg>` },
  { id: 'mathml-mutation', text: `<math><mtext><table><mglyph><style><img src=x onerror=${probe('mathml-mutation')} data-xss>` },
  { id: 'srcdoc-iframe', text: `<iframe srcdoc="<script>parent.${probe('srcdoc-iframe')}</script>" data-xss></iframe>` },
  { id: 'javascript-link', text: `<a href="javascript:${probe('javascript-link')}" data-xss>open</a>` },
  { id: 'data-url-link', text: `<a href="data:text/html,<script>${probe('data-url-link')}</script>" data-xss>open</a>` },
  { id: 'object-data', text: `<object data="javascript:${probe('object-data')}" data-xss></object>` },
  { id: 'embed-src', text: `<embed src="javascript:${probe('embed-src')}" data-xss>` },
  { id: 'form-action', text: `<form action="javascript:${probe('form-action')}" data-xss><button>go</button></form>` },
  { id: 'base-href', text: '<base href="https://evil.invalid/" data-xss>' },
  { id: 'meta-refresh', text: `<meta http-equiv="refresh" content="0;url=javascript:${probe('meta-refresh')}" data-xss>` },
  { id: 'style-tag', text: '<style data-xss>body{display:none}</style>' },
  { id: 'style-attribute', text: `<div style="background:url('javascript:${probe('style-attribute')}')" data-xss>x</div>` },
  { id: 'svg-animate', text: `<svg><animate onbegin=${probe('svg-animate')} attributeName=x dur=1s data-xss>` },
  {
    id: 'svg-use-data',
    text: `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='${probe('svg-use-data')}'/></svg>#x" data-xss/></svg>`,
  },
  { id: 'noscript-mutation', text: `<noscript><p title="</noscript><img src=x onerror=${probe('noscript-mutation')} data-xss>">` },
  { id: 'comment-mutation', text: `<!--<img src="--><img src=x onerror=${probe('comment-mutation')} data-xss>-->` },
  { id: 'bidi-isolates', text: '\u2067\u2066abc\u2069\u2069 \u202Bright-to-left\u202C \u200Fmark\u200E' },
  { id: 'newlines-and-tabs', text: `line one\n\tline two <img src=x onerror=${probe('newlines-and-tabs')} data-xss>\r\nline three` },
];

export const ALL_PAYLOADS: readonly XssPayload[] = [...SHORT_PAYLOADS, ...LONG_PAYLOADS];

/** The ones that go into titles too: one of each kind, so the titles fit a handful of tickets. */
const TITLE_PAYLOAD_IDS = [
  'script',
  'img-onerror',
  'attribute-breakout',
  'title-breakout',
  'javascript-url',
  'i18next-nesting',
  'trans-component',
  'rtl-override',
  'zero-width-homoglyph',
];
export const TITLE_PAYLOADS: readonly XssPayload[] = SHORT_PAYLOADS.filter((payload) => TITLE_PAYLOAD_IDS.includes(payload.id));

/** Very long texts: one unbroken token as long as a field takes, which must neither run nor break the layout. */
export function unbrokenToken(length: number): string {
  const unit = `<img/src/onerror=${probe('unbroken')}/data-xss>`;
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/** Hostile file names (the API keeps only a cleaned name; the page must show that one as text). */
export const FILE_NAME_STEMS: readonly string[] = [
  `"><img src=x onerror=${probe('file-name')} data-xss>`,
  '../../etc/passwd',
  'C:\\fakepath\\<svg onload=alert(1)>',
  'invoice\u202Egnp.exe',
  `<script>${probe('file-name-script')}</script>`,
  'javascript:alert(1)',
  `{{constructor.constructor("${probe('file-name-template')}")()}}`,
  'a'.repeat(200),
  '\u0000\u0007control\u001b[31m',
];

/** A login name at the social provider; the provider derives the account's e-mail from it. */
export const LOGIN_NAME_PAYLOAD = `"><img src=x onerror=${probe('email')} data-xss>`;

/** Characters of `text` as the API counts them (code points). */
const lengthOf = (text: string) => [...text].length;

/**
 * The payloads packed into as few texts as fit `max` characters each (with `separator` between them), for batching
 * many payloads into one title, detail or reply.
 */
export function pack(payloads: readonly XssPayload[], max: number, separator: string): string[] {
  const packed: string[] = [];
  let current = '';
  for (const { text } of payloads) {
    if (lengthOf(text) > max) throw new Error(`payload longer than ${max}: ${text}`);
    const joined = current === '' ? text : `${current}${separator}${text}`;
    if (lengthOf(joined) <= max) current = joined;
    else {
      packed.push(current);
      current = text;
    }
  }
  if (current !== '') packed.push(current);
  return packed;
}
