import { formatMegabytes } from 'shared-contracts';

/** A moment from the API (ISO 8601) as a date and time in the page language and the player's own time zone. */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A file size in the page language: kilobytes under a megabyte, else megabytes. */
export function formatFileSize(bytes: number, language: string): string {
  if (bytes >= 1024 * 1024) return formatMegabytes(bytes, language);
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'kilobyte' }).format(Math.max(1, Math.round(bytes / 1024)));
}

/** A zero-width space: where a line may break, seen by no one. */
const LINE_BREAK_OPPORTUNITY = '\u200b';

/**
 * The file types a player may attach, as a list in the page language: ".gif, .jpg, or .png". A list of units would
 * run them together in Japanese and Chinese (".gif.jpg.png"), where units are written without separators. There the
 * separators have no space after them either, and no line may break before a full stop, so the whole list was one
 * unbreakable word, wider than a phone: each separator ends with a break opportunity.
 */
export function formatFileTypes(extensions: readonly string[], language: string): string {
  return new Intl.ListFormat(language, { style: 'short', type: 'disjunction' })
    .formatToParts(extensions.map((extension) => `.${extension}`))
    .map((part) => (part.type === 'literal' && !/\s$/.test(part.value) ? part.value + LINE_BREAK_OPPORTUNITY : part.value))
    .join('');
}
