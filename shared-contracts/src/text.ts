/**
 * How long a text is for the length limits of SPEC §5: characters (Unicode code points) of the trimmed text, as the
 * shared schemas check it (zod counts code points) and as PostgreSQL's char_length counts it. `String.length`
 * counts UTF-16 units instead, so an emoji would count twice.
 */
export function textLength(text: string): number {
  return [...text.trim()].length;
}
