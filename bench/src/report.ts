export { formatTable, type Table } from 'tooling/report-table';

export const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
