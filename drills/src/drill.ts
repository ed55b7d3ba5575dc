import type { Table } from 'tooling/report-table';

/**
 * What a drill adds to the closing summary (issue 6: "faults injected and survived, hostile inputs tried and
 * refused, leaks found, tickets acknowledged versus found"). A drill fills in only the figures it measures.
 */
export interface DrillFigures {
  faultsInjected?: number;
  faultsSurvived?: number;
  /** Hostile requests, uploads or inputs sent... */
  hostileTried?: number;
  /** ...and how many of them were refused with a clear error or neutralised (stored inert, never served inline). */
  hostileRefused?: number;
  /** Answers that gave a caller something that is not theirs (another player's ticket, a token in a URL or log). */
  leaks?: number;
  ticketsAcknowledged?: number;
  ticketsFound?: number;
  /** What went wrong, one line each; any entry makes `npm run drills` end non-zero. */
  failures?: string[];
}

/**
 * One drill of issue 6, one module each in src/drills/, listed in main.ts. `run` starts whatever it needs and stops
 * it before it returns (register long-lived servers with `onStop` so Ctrl-C stops them too).
 */
export interface Drill<Result> {
  key: string;
  title: string;
  run: () => Promise<Result>;
  tables: (result: Result) => Table[];
  figures: (result: Result) => DrillFigures;
}

const stops = new Set<() => Promise<void> | void>();

/** Something to stop or remove even when the drills are interrupted; returns its removal once done normally. */
export function onStop(stop: () => Promise<void> | void): () => void {
  stops.add(stop);
  return () => stops.delete(stop);
}

/** Runs `use`, then `close`, which also runs at a stop (Ctrl-C) while `use` runs. */
export async function closeAfter<Result>(close: () => Promise<void>, use: () => Promise<Result>): Promise<Result> {
  const removeStop = onStop(close);
  try {
    return await use();
  } finally {
    removeStop();
    await close();
  }
}

/** Runs every registered stop, newest first. */
export async function stopEverything(): Promise<void> {
  for (const stop of [...stops].reverse()) {
    stops.delete(stop);
    await stop();
  }
}

/** A drill setting from the environment (`DRILL_SOAK_SECONDS=120`), or its default; anything but a positive whole number stops the run. */
export function positiveWholeFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
}
