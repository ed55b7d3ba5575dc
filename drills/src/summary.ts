import type { Table } from 'tooling/report-table';
import type { DrillFigures } from './drill.js';

const COLUMNS: { key: keyof Omit<DrillFigures, 'failures'>; title: string }[] = [
  { key: 'faultsInjected', title: 'faults injected' },
  { key: 'faultsSurvived', title: 'survived' },
  { key: 'hostileTried', title: 'hostile tried' },
  { key: 'hostileRefused', title: 'refused' },
  { key: 'leaks', title: 'leaks' },
  { key: 'ticketsAcknowledged', title: 'tickets acked' },
  { key: 'ticketsFound', title: 'found' },
];

/** The closing table of issue 6: one row per drill that ran, then the totals; '-' where a drill measures nothing. */
export function summaryTable(figures: readonly { key: string; figures: DrillFigures }[]): Table {
  const total = (key: (typeof COLUMNS)[number]['key']) => {
    const values = figures.map((entry) => entry.figures[key]).filter((value): value is number => value !== undefined);
    return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0);
  };
  const failures = figures.flatMap((entry) => (entry.figures.failures ?? []).map((failure) => `${entry.key}: ${failure}`));
  return {
    title: 'Drills summary',
    columns: ['drill', ...COLUMNS.map((column) => column.title), 'failures'],
    rows: [
      ...figures.map((entry) => [
        entry.key,
        ...COLUMNS.map((column) => entry.figures[column.key] ?? null),
        entry.figures.failures?.length ?? 0,
      ]),
      ['total', ...COLUMNS.map((column) => total(column.key)), failures.length],
    ],
    notes: failures.length === 0 ? ['no failures'] : failures,
  };
}

export function failureCount(figures: readonly { figures: DrillFigures }[]): number {
  return figures.reduce((sum, entry) => sum + (entry.figures.failures?.length ?? 0), 0);
}
