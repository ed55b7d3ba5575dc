import type { Browser } from 'playwright-core';
import type { Table } from './report.js';

/** What measurements in the composed site get: the bench's own site (API on PGlite plus four origins) and a browser. */
export interface SiteContext {
  browser: Browser;
  /** What a measurement that already ran in this bench found, so a comparison reuses it rather than measuring again. */
  earlier: <Result>(measurement: Measurement<Result>) => Result | undefined;
}

/**
 * One figure of issue 5's benchmark, one module each. `needs: 'site'` runs with the composed site up; 'own' runs
 * with nothing of the bench's running and starts what it needs (its own build, servers or databases).
 */
export type Measurement<Result> =
  | { key: string; needs: 'site'; run: (context: SiteContext) => Promise<Result>; tables: (result: Result) => Table[] }
  | { key: string; needs: 'own'; run: () => Promise<Result>; tables: (result: Result) => Table[] };

/** The pages of issue 5, each with what shows that its remote has painted its first content. */
export const PAGES = [
  { path: '/', remote: 'catalog', firstContent: 'banner-carousel' },
  { path: '/SupportCenter/game', remote: 'support', firstContent: 'support-step-game' },
  { path: '/login', remote: 'account', firstContent: 'login-form' },
] as const;

export type BenchPage = (typeof PAGES)[number];
