/** One aligned text table: numbers right-aligned, text left-aligned (the bench's and the drills' printed figures). */
export interface Table {
  title: string;
  columns: string[];
  rows: (string | number | null)[][];
  notes?: string[];
}

function cell(value: string | number | null): string {
  if (value === null) return '-';
  return typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 2 }) : value;
}

export function formatTable(table: Table): string {
  const cells = [table.columns, ...table.rows.map((row) => row.map(cell))];
  const widths = table.columns.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const numeric = table.columns.map((_, column) => table.rows.length > 0 && table.rows.every((row) => typeof row[column] !== 'string'));
  const line = (row: string[]) =>
    row
      .map((text, column) => (numeric[column] ? text.padStart(widths[column] ?? 0) : text.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [table.title, line(table.columns), rule, ...cells.slice(1).map(line), ...(table.notes ?? []).map((note) => `  ${note}`)].join(
    '\n',
  );
}
