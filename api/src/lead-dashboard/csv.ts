/** A CSV cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

/** What spreadsheet apps take for the start of a formula in a cell (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  // Text a spreadsheet would run as a formula (an account named "=HYPERLINK(...)") is kept as text.
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * RFC 4180 CSV: fields holding a comma, a quote or a line break are quoted (quotes doubled), lines end with CRLF,
 * and the text starts with a UTF-8 byte order mark, without which Excel reads UTF-8 as the machine's code page and
 * garbles every name that is not ASCII.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
