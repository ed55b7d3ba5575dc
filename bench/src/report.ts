export { formatTable, type Table } from 'tooling/report-table';

export const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
/** A load's answers by HTTP status (with the envelope code for refusals), as `200: 950, 429 4290: 50`. */
export const answersByStatus = (answers: Record<string, number>) =>
  Object.entries(answers)
    .sort()
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The nearest-rank percentile (`fraction` 0.95 for p95) of the values; NaN for none. */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}
