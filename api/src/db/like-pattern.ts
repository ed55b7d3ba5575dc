/** `LIKE` pattern matching `text` literally anywhere: its own `%`, `_` and `\` are plain characters. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
