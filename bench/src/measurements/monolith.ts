import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MONOLITH_LABELS, MONOLITH_VARIANTS, type MonolithVariant } from '../../monolith/variants.js';
import type { Totals } from '../browser.js';
import type { Measurement } from '../measurement.js';
import { REPO_ROOT, runLogged, type Started } from '../processes.js';
import { kb, round } from '../report.js';
import { monolithUrl, siteUrl, startMonolithOrigin } from '../site.js';
import { TARGETS } from '../targets.js';
import { firstLoad, measureFirstLoads, type FirstLoad } from './first-load.js';
import { auditSites, LIGHTHOUSE_RUNS, type PageLighthouse } from './lighthouse.js';

type Build = 'federated' | MonolithVariant;

export interface BuildFigures {
  build: Build;
  pages: { path: string; js: Totals; css: Totals; performance: number; fcpMs: number; lcpMs: number; tbtMs: number }[];
}

export interface MonolithComparison {
  /** Seconds to build both monoliths (bench/monolith). */
  buildSeconds: number;
  seconds: number;
  /** Whether the federated bytes came from this bench's firstLoad rather than measured here. */
  reusedFederatedBytes: boolean;
  lighthouseRuns: number;
  builds: BuildFigures[];
}

const BENCH_DIR = path.join(REPO_ROOT, 'bench');
const LABELS: Record<Build, string> = { federated: 'federated', ...MONOLITH_LABELS };

function figuresOf(build: Build, loads: readonly FirstLoad[], audits: readonly PageLighthouse[]): BuildFigures {
  return {
    build,
    pages: loads.map(({ path: pagePath, summary }) => {
      const audit = audits.find((candidate) => candidate.path === pagePath);
      if (!audit) throw new Error(`no Lighthouse figures for ${pagePath}`);
      const { performance: score, fcpMs, lcpMs, tbtMs } = audit.median;
      return { path: pagePath, js: summary.js, css: summary.css, performance: score, fcpMs, lcpMs, tbtMs };
    }),
  };
}

/**
 * A monolith that still fetched from another origin would not be one, and one whose code threw would be measured as
 * its HTML alone (its first view shows all the same): either way the comparison would be wrong, not slow.
 */
function assertMonolithLoaded(variant: MonolithVariant, loads: readonly FirstLoad[]): void {
  for (const { path: pagePath, summary, pageErrors } of loads) {
    const others = summary.byOrigin.filter(({ origin }) => origin !== 'monolith' && origin !== 'api').map(({ origin }) => origin);
    if (others.length > 0) throw new Error(`the ${variant} monolith's ${pagePath} fetched JavaScript or CSS from ${others.join(', ')}`);
    if (pageErrors.length > 0) throw new Error(`the ${variant} monolith's ${pagePath} threw: ${pageErrors.join('; ')}`);
  }
}

/**
 * The cost of microfrontends (issue 5): the same pages as monoliths built from the same source without Module
 * Federation (bench/monolith), on one origin, measured as the composed site is (first-load bytes as firstLoad,
 * LCP as lighthouse), and the federated/monolith ratios.
 */
export const monolith: Measurement<MonolithComparison> = {
  key: 'monolith',
  needs: 'site',
  run: async ({ browser, earlier }) => {
    const started = performance.now();
    await runLogged('monolith-build', 'pnpm', ['run', 'build:monolith'], {}, BENCH_DIR);
    const buildSeconds = round((performance.now() - started) / 1000);

    // Bytes do not depend on the machine's load: firstLoad's are reused. LCP does: the federated site is audited
    // again here, its runs alternating with the monoliths' (auditSites), rather than compared with earlier runs.
    const earlierLoads = earlier(firstLoad);
    const federatedLoads = earlierLoads ?? (await measureFirstLoads(browser, siteUrl));
    const origins: Started[] = [];
    try {
      const monolithLoads: FirstLoad[][] = [];
      for (const variant of MONOLITH_VARIANTS) {
        origins.push(await startMonolithOrigin(variant));
        const loads = await measureFirstLoads(browser, (pathname) => monolithUrl(variant, pathname));
        assertMonolithLoaded(variant, loads);
        monolithLoads.push(loads);
      }
      const [federatedAudits = [], ...monolithAudits] = await auditSites([
        { label: 'federated', urlOf: siteUrl },
        ...MONOLITH_VARIANTS.map((variant) => ({
          label: `monolith-${variant}`,
          urlOf: (pathname: string) => monolithUrl(variant, pathname),
        })),
      ]);
      return {
        buildSeconds,
        seconds: round((performance.now() - started) / 1000),
        reusedFederatedBytes: earlierLoads !== undefined,
        lighthouseRuns: LIGHTHOUSE_RUNS,
        builds: [
          figuresOf('federated', federatedLoads, federatedAudits),
          ...MONOLITH_VARIANTS.map((variant, index) => figuresOf(variant, monolithLoads[index]!, monolithAudits[index] ?? [])),
        ],
      };
    } finally {
      for (const origin of origins) await origin.stop();
    }
  },
  tables: ({ buildSeconds, seconds, reusedFederatedBytes, lighthouseRuns, builds }) => {
    const federated = builds.find((figures) => figures.build === 'federated');
    const monoliths = builds.filter((figures) => figures.build !== 'federated');
    const ratio = (a: number, b: number) => (b > 0 ? round(a / b, 2) : null);
    const limit = TARGETS.federatedToMonolithRatio;
    return [
      {
        title: 'First load, federated and monolithic: JavaScript and CSS (KB) and Lighthouse',
        columns: [
          'page',
          'build',
          'JS files',
          'JS gzip',
          'JS br',
          'CSS gzip',
          'CSS br',
          'JS+CSS gzip',
          'performance',
          'FCP ms',
          'LCP ms',
          'TBT ms',
        ],
        rows: (federated?.pages ?? []).flatMap(({ path: pagePath }) =>
          builds.map(({ build, pages }) => {
            const page = pages.find((candidate) => candidate.path === pagePath)!;
            return [
              pagePath,
              LABELS[build],
              page.js.files,
              kb(page.js.sizes.gzip),
              kb(page.js.sizes.brotli),
              kb(page.css.sizes.gzip),
              kb(page.css.sizes.brotli),
              kb(page.js.sizes.gzip + page.css.sizes.gzip),
              page.performance,
              page.fcpMs,
              page.lcpMs,
              page.tbtMs,
            ];
          }),
        ),
        notes: [
          'gzip 6 and brotli 4 as the static server sends them (federated bytes ' +
            (reusedFederatedBytes ? 'from firstLoad' : 'measured here') +
            ').',
          `Lighthouse as in its table (mobile defaults), median of ${lighthouseRuns} run${lighthouseRuns === 1 ? '' : 's'} a page, the three builds taking turns, so these federated figures are runs of their own.`,
          `Monoliths built in ${buildSeconds} s (cd bench && pnpm run build:monolith); the whole comparison took ${seconds} s.`,
        ],
      },
      {
        title: `Federated / monolith (targets: at most ${limit} for bytes and LCP; a performance score no lower than the monolith's)`,
        columns: ['page', 'against', 'JS gzip', 'JS br', 'JS+CSS gzip', 'LCP', 'performance difference', 'target missed'],
        rows: (federated?.pages ?? []).flatMap((mine) =>
          monoliths.map(({ build, pages }) => {
            const theirs = pages.find((candidate) => candidate.path === mine.path)!;
            const bytes = ratio(mine.js.sizes.gzip, theirs.js.sizes.gzip);
            const lcp = ratio(mine.lcpMs, theirs.lcpMs);
            const scoreDifference = round(mine.performance - theirs.performance);
            const missed = [
              bytes !== null && bytes > limit ? `bytes by ${round(bytes - limit, 2)}` : null,
              lcp !== null && lcp > limit ? `LCP by ${round(lcp - limit, 2)}` : null,
              scoreDifference < 0 ? `performance by ${-scoreDifference}` : null,
            ].filter((miss) => miss !== null);
            return [
              mine.path,
              LABELS[build],
              bytes,
              ratio(mine.js.sizes.brotli, theirs.js.sizes.brotli),
              ratio(mine.js.sizes.gzip + mine.css.sizes.gzip, theirs.js.sizes.gzip + theirs.css.sizes.gzip),
              lcp,
              scoreDifference > 0 ? `+${scoreDifference}` : scoreDifference,
              missed.length > 0 ? missed.join(', ') : 'none',
            ];
          }),
        ),
        notes: [
          'The one-bundle monolith carries every page on the first load, so it flatters federation; the split-by-route one is the fair baseline.',
          "Both monoliths are the shell and the remotes' own code and libraries, built with tooling/src/rspack-config.ts minus Module Federation (bench/monolith/rspack.config.ts).",
          "Their pages carry the same first view as the federated ones (frame and routed view, by the shell's and the remotes' own server renderers, cached a minute as fragments are), rendered in the monolith's one process (bench/monolith/server).",
        ],
      },
    ];
  },
};
