/**
 * How long a text is for the maximum lengths of SPEC §5 and the forms' "n / max" counters: characters (Unicode code
 * points) of the trimmed text, all that is stored, as the shared schemas check it (zod counts code points) and as
 * PostgreSQL's char_length counts it. `String.length` counts UTF-16 units instead, so an emoji would count twice.
 * Minimum lengths count what a reader sees instead (`visibleLength`).
 */
export function textLength(text: string): number {
  return [...text.trim()].length;
}

/**
 * Control characters (C0, DEL, C1), invisible format characters (bidi overrides and isolates, zero-width marks,
 * the BOM) and line or paragraph separators: nothing a reader sees, and the bidi ones reorder what they do see.
 */
const INVISIBLE_OR_CONTROL = '\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}';
const INVISIBLE_OR_CONTROL_RUNS = new RegExp(`[${INVISIBLE_OR_CONTROL}]+`, 'gu');
/**
 * Text that shows nothing: whitespace, the characters above, what Unicode tells fonts to draw as nothing
 * (Default_Ignorable_Code_Point: the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, variation selectors, tags)
 * and the braille blank U+2800, a symbol drawn as an empty cell. Players type the fillers and the blank where a
 * space is refused.
 */
const BLANK_TEXT = new RegExp(`^[${INVISIBLE_OR_CONTROL}\\p{White_Space}\\p{Default_Ignorable_Code_Point}\\u2800]*$`, 'u');

/**
 * Characters that draw no mark and are not white space: control and format characters (zero-width marks, joiners,
 * bidi controls, the soft hyphen), the rest of Default_Ignorable_Code_Point (Hangul fillers, variation selectors,
 * tags) and the braille blank.
 */
const SHOWS_NOTHING_RUNS = /(?:(?!\p{White_Space})[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800])+/gu;
const EDGE_WHITE_SPACE = /^\p{White_Space}+|\p{White_Space}+$/gu;

/**
 * How many characters of `text` a reader sees, for the minimum lengths of SPEC §5 ("a title of at least 2
 * characters"): code points, without those that show nothing (SHOWS_NOTHING_RUNS) and without the white space left
 * at either end once they are gone. White space between visible characters counts, one per character, as the
 * conversation shows it (pre-wrap); a Hangul filler or braille blank between them counts nothing. So "a" with a
 * Hangul filler or a zero-width space is one character, as it looks, though two are stored: maximum lengths count
 * what is stored (`textLength`).
 */
export function visibleLength(text: string): number {
  return [...text.replace(SHOWS_NOTHING_RUNS, '').replace(EDGE_WHITE_SPACE, '')].length;
}

/** `text` without control, format and line or paragraph separator characters (a file name's, say). */
export function withoutInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE_OR_CONTROL_RUNS, '');
}

/**
 * Whether `text` shows anything at all: a title or message of only blank-looking characters (BLANK_TEXT) is as
 * empty as one of spaces, whatever its length in characters.
 */
export function hasVisibleText(text: string): boolean {
  return !BLANK_TEXT.test(text);
}

let wordSegmenter: Intl.Segmenter | undefined;

/**
 * How many words a text has, as Intl.Segmenter finds them: by spaces where a language writes them, by dictionary
 * in Japanese, Chinese and Thai, which do not; numbers count, punctuation and emoji do not. The same count on the
 * server (Node's full ICU) and in the browser.
 */
export function textWords(text: string): number {
  wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  let words = 0;
  for (const segment of wordSegmenter.segment(text)) if (segment.isWordLike) words += 1;
  return words;
}

/** Server ids from the URL are normalised to start with a lowercase s (SPEC §4). */
export function normaliseServerId(serverId: string): string {
  const trimmed = serverId.trim();
  if (trimmed === '') return '';
  return /^s/i.test(trimmed) ? `s${trimmed.slice(1)}` : `s${trimmed}`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
/** Text safe in an element's content and in a quoted attribute, for HTML written as a string on a server. */
export const escapeHtml = (value: string): string => value.replace(/[&"<>]/g, (character) => HTML_ESCAPES[character] ?? character);

/**
 * A name put into a sentence as a run of its own direction (Unicode's first-strong isolate): in Arabic a Latin file
 * name keeps its full stop, and a number after it stays out of it. For text only; markup uses `<bdi>`.
 */
export function isolateDirection(name: string): string {
  return `\u2068${name}\u2069`;
}
