import type { Language } from 'shared-contracts';

/** A CSV cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

/** What spreadsheet apps take for the start of a formula in a cell (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The separators a spreadsheet set up for the language reads: where the decimal mark is a comma (de, fr, es, ru...),
 * Excel splits a CSV at semicolons and reads "66,7" as a number; with commas and "66.7" it put each row in one
 * column and the shares as text.
 */
function separatorsOf(language: Language): { field: string; decimal: string } {
  const decimal = new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  return decimal === ',' ? { field: ';', decimal: ',' } : { field: ',', decimal: '.' };
}

function cell(value: CsvCell, separators: { field: string; decimal: string }): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value).replace('.', separators.decimal);
  // Text a spreadsheet would run as a formula (an account named "=HYPERLINK(...)") is kept as text.
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return text.includes(separators.field) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * RFC 4180 CSV with the language's separators (`separatorsOf`): fields holding the field separator, a quote or a
 * line break are quoted (quotes doubled), lines end with CRLF, and the text starts with a UTF-8 byte order mark,
 * without which Excel reads UTF-8 as the machine's code page and garbles every name that is not ASCII.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[], language: Language): string {
  const separators = separatorsOf(language);
  return `\uFEFF${rows.map((row) => row.map((value) => cell(value, separators)).join(separators.field)).join('\r\n')}\r\n`;
}
