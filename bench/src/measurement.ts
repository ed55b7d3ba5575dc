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

/**
 * The pages of issues 5 and 13, each with a CSS selector for what shows that its remote has painted its first
 * content (already in the HTML where the page carries its first view).
 */
export const PAGES = [
  { path: '/', remote: 'catalog', firstContent: '[data-testid="banner-carousel"]' },
  { path: '/SupportCenter/game', remote: 'support', firstContent: '[data-testid="support-step-game"]' },
  { path: '/login', remote: 'account', firstContent: '[data-testid="login-form"]' },
  // The details page has no test id of its own: its title heading shows once the game has rendered, not while it
  // loads nor for an unknown id.
  { path: '/GamesDetails/3', remote: 'catalog', firstContent: '#game-title' },
] as const;

export type BenchPage = (typeof PAGES)[number];
