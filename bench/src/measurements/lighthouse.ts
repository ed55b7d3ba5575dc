import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { launch } from 'chrome-launcher';
import lighthouseRun, { type Result, type RunnerResult } from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../browser.js';
import { PAGES, type Measurement } from '../measurement.js';
import { onCleanup, REPO_ROOT } from '../processes.js';
import { round } from '../report.js';
import { siteUrl } from '../site.js';
import { TARGETS } from '../targets.js';

/** Runs per page and site; the figures are the medians. LIGHTHOUSE_RUNS=1 for a quick look. */
export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
/** The last run's HTML report of each page, for the detail behind a score. */
export const LIGHTHOUSE_REPORTS = path.join(REPO_ROOT, '.data', 'bench', 'lighthouse');

export interface LighthouseFigures {
  /** Category scores, 0 to 100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export interface PageLighthouse {
  path: string;
  /** The median of each figure over the runs, taken one figure at a time. */
  median: LighthouseFigures;
  runs: LighthouseFigures[];
  /** Accessibility and best-practice audits that failed in any run: what to fix for those scores. */
  failing: string[];
}

export interface LighthouseResult {
  runs: number;
  seconds: number;
  pages: PageLighthouse[];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function figuresOf(lhr: Result): LighthouseFigures {
  const score = (category: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const value = (audit: string) => {
    const found = lhr.audits[audit]?.numericValue;
    if (found === undefined) throw new Error(`Lighthouse gave no ${audit} for ${lhr.finalDisplayedUrl}`);
    return found;
  };
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: round(value('cumulative-layout-shift'), 3),
  };
}

/** A failing audit's id, with the kinds of issue it lists where it lists kinds (inspector-issues: which issues). */
function describeAudit(id: string, lhr: Result): string {
  const details = lhr.audits[id]?.details;
  const items = details && 'items' in details && Array.isArray(details.items) ? (details.items as Record<string, unknown>[]) : [];
  const kinds = [...new Set(items.map((item) => item.issueType).filter((kind) => typeof kind === 'string'))];
  return kinds.length > 0 ? `${id} (${kinds.join(', ')})` : id;
}

function failingAudits(lhr: Result): string[] {
  return (['accessibility', 'best-practices'] as const).flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => describeAudit(ref.id, lhr)),
  );
}

/** Attempts at one run: Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART) and asks to run again. */
const ATTEMPTS = 3;

async function auditOnce(port: number, url: string): Promise<RunnerResult> {
  let lastError = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const result = await lighthouseRun(url, { port, output: 'html', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (result && !result.lhr.runtimeError) return result;
    lastError = result?.lhr.runtimeError?.message ?? 'no result';
    process.stderr.write(`bench: Lighthouse on ${url} failed (${lastError}), attempt ${attempt} of ${ATTEMPTS}\n`);
  }
  throw new Error(`Lighthouse on ${url} failed ${ATTEMPTS} times: ${lastError}`);
}

/** A site to audit: `label` names it in the report files, `urlOf` gives a page's address on it. */
export interface AuditedSite {
  label: string;
  urlOf: (pathname: string) => string;
}

function summarisePage(pagePath: string, runs: LighthouseFigures[], failing: ReadonlySet<string>): PageLighthouse {
  const of = (key: keyof LighthouseFigures) => median(runs.map((figures) => figures[key]));
  return {
    path: pagePath,
    median: {
      performance: of('performance'),
      accessibility: of('accessibility'),
      bestPractices: of('bestPractices'),
      lcpMs: of('lcpMs'),
      tbtMs: of('tbtMs'),
      cls: of('cls'),
    },
    runs,
    failing: [...failing].sort(),
  };
}

/**
 * Lighthouse with its defaults (mobile: emulated phone, simulated slow 4G and 4x CPU slowdown), each run on a cold
 * cache, in Debian's Chromium with the flags the team's tests use. With several sites, the runs take turns (page
 * by page, run by run, site by site), so a busy spell of the machine weighs on every site alike and their ratios
 * hold. Returns each site's pages, in the order of `sites`.
 */
export async function auditSites(sites: readonly AuditedSite[]): Promise<PageLighthouse[][]> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  const removeCleanup = onCleanup(() => chrome.kill());
  mkdirSync(LIGHTHOUSE_REPORTS, { recursive: true });
  try {
    const bySite: PageLighthouse[][] = sites.map(() => []);
    for (const page of PAGES) {
      const runs = sites.map((): LighthouseFigures[] => []);
      const failing = sites.map(() => new Set<string>());
      const slug = page.path === '/' ? 'home' : page.path.replace(/^\//, '').replace(/\//g, '-');
      for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
        for (const [index, site] of sites.entries()) {
          const result = await auditOnce(chrome.port, site.urlOf(page.path));
          writeFileSync(path.join(LIGHTHOUSE_REPORTS, `${site.label}-${slug}.html`), [result.report].flat().join(''));
          runs[index]!.push(figuresOf(result.lhr));
          failingAudits(result.lhr).forEach((audit) => failing[index]!.add(audit));
        }
      }
      sites.forEach((_, index) => bySite[index]!.push(summarisePage(page.path, runs[index]!, failing[index]!)));
    }
    return bySite;
  } finally {
    removeCleanup();
    chrome.kill();
  }
}

/** What each target of issue 5 missed by, or null when all were met. */
function misses({ performance, accessibility, cls }: LighthouseFigures): string | null {
  const missed = [
    performance < TARGETS.lighthousePerformance ? `performance by ${TARGETS.lighthousePerformance - performance}` : null,
    accessibility < TARGETS.lighthouseAccessibility ? `accessibility by ${TARGETS.lighthouseAccessibility - accessibility}` : null,
    cls > TARGETS.cls ? `CLS by ${round(cls - TARGETS.cls, 3)}` : null,
  ].filter((miss) => miss !== null);
  return missed.length > 0 ? missed.join(', ') : null;
}

/** Lighthouse on the composed site, after the other site figures so it competes with none of them. */
export const lighthouse: Measurement<LighthouseResult> = {
  key: 'lighthouse',
  needs: 'site',
  run: async () => {
    const started = performance.now();
    const [pages = []] = await auditSites([{ label: 'federated', urlOf: siteUrl }]);
    return { runs: LIGHTHOUSE_RUNS, seconds: round((performance.now() - started) / 1000), pages };
  },
  tables: ({ runs, seconds, pages }) => [
    {
      title: `Lighthouse, mobile defaults, median of ${runs} run${runs === 1 ? '' : 's'} a page`,
      columns: [
        'page', `performance (>= ${TARGETS.lighthousePerformance})`, 'runs', `accessibility (>= ${TARGETS.lighthouseAccessibility})`,
        'best practices', 'LCP ms', 'TBT ms', `CLS (<= ${TARGETS.cls})`, 'target missed',
      ],
      rows: pages.map(({ path: pagePath, median: figures, runs: each }) => [
        pagePath, figures.performance, each.map((run) => run.performance).join('/'), figures.accessibility,
        figures.bestPractices, figures.lcpMs, figures.tbtMs, figures.cls, misses(figures) ?? 'none',
      ]),
      notes: [
        ...pages.filter((page) => page.failing.length > 0).map((page) => `${page.path} fails ${page.failing.join(', ')}`),
        `Chromium ${CHROMIUM_PATH}, simulated slow 4G and 4x CPU slowdown (Lighthouse's mobile defaults); scores move a few points from run to run, more on a busy machine.`,
        `${seconds} s in all; reports in ${path.relative(REPO_ROOT, LIGHTHOUSE_REPORTS)}/.`,
      ],
    },
  ],
};
