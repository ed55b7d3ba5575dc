import { inFreshTab, waitVisible } from '../browser.js';
import { PAGES, type Measurement } from '../measurement.js';
import { percentile, round } from '../report.js';
import { siteUrl } from '../site.js';

/**
 * Rounds of `/` -> `/SupportCenter/game` -> `/login` -> `/` (a page of each other remote, then home again); the
 * first round loads each remote, the rest are warm.
 */
const ROUNDS = Number(process.env.BENCH_NAVIGATION_ROUNDS ?? 15);

export interface NavigationTime {
  from: string;
  to: string;
  /** The round that first loads the remote (its files were never fetched). */
  firstMs: number;
  /** Every later round: the remote's code is loaded, it mounts again. */
  warmMs: number[];
  medianMs: number;
  p90Ms: number;
}

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * Client-side navigation between remotes, timed inside the page from single-spa's navigation call until the target
 * remote's first content is visible (checked every animation frame, so at frame resolution).
 */
export const navigationTime: Measurement<NavigationTime[]> = {
  key: 'navigationTime',
  needs: 'site',
  run: ({ browser }) =>
    inFreshTab(browser, async (tab) => {
      const [home] = PAGES;
      await tab.goto(siteUrl(home.path));
      await waitVisible(tab, home.firstContent);
      // Between remotes: a page of the home page's own remote (a game's details) would be a route change inside it.
      const others = PAGES.filter((page) => page.remote !== home.remote);
      const steps = [...others, home].map((to, index, all) => ({ from: index === 0 ? home : all[index - 1]!, to }));
      const times = steps.map(() => [] as number[]);
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const [index, { to }] of steps.entries()) {
          const elapsed = await tab.evaluate(
            // No named functions inside: tsx would wrap them in a helper the page does not have.
            async ({ url, selector }) => {
              const start = performance.now();
              (window as unknown as { singleSpaNavigate: (url: string) => void }).singleSpaNavigate(url);
              for (;;) {
                if (document.querySelector(selector)?.checkVisibility()) return performance.now() - start;
                if (performance.now() - start > 30_000) throw new Error(`${selector} not visible after navigating to ${url}`);
                await new Promise((resolve) => requestAnimationFrame(resolve));
              }
            },
            { url: to.path, selector: to.firstContent },
          );
          times[index]!.push(elapsed);
        }
      }
      return steps.map(({ from, to }, index) => {
        const [first = Number.NaN, ...warm] = times[index]!;
        return {
          from: from.path,
          to: to.path,
          firstMs: round(first),
          warmMs: warm.map((ms) => round(ms)),
          medianMs: round(median(warm)),
          p90Ms: round(percentile(warm, 0.9)),
        };
      });
    }),
  tables: (results) => [
    {
      title: `Client-side navigation between remotes (ms, from the navigation call until the remote's first content is visible; ${ROUNDS} rounds)`,
      columns: ['from', 'to', 'first ms', 'median ms', 'p90 ms', 'runs'],
      rows: results.map(({ from, to, firstMs, medianMs, p90Ms, warmMs }) => [from, to, firstMs, medianMs, p90Ms, warmMs.length]),
      notes: [
        "first = the round that loads the remote (the home page's remote was loaded by the page load); median and p90 over the later rounds.",
      ],
    },
  ],
};
