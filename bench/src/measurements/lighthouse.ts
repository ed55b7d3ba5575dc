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

/** Runs per page and site; the figures are the medians (and the worst score). LIGHTHOUSE_RUNS=1 for a quick look. */
export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
/** Runs per page of the slow pass: as many as LIGHTHOUSE_RUNS unless LIGHTHOUSE_SLOW_RUNS says otherwise. */
const LIGHTHOUSE_SLOW_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_SLOW_RUNS ?? LIGHTHOUSE_RUNS));
/** Lighthouse's mobile default slows the CPU 4x; issue 13's second pass 8x, where start-up JavaScript shows in TBT. */
const MOBILE_CPU_SLOWDOWN = 4;
const SLOW_CPU_SLOWDOWN = 8;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
/** The last run's HTML report of each page, for the detail behind a score. */
export const LIGHTHOUSE_REPORTS = path.join(REPO_ROOT, '.data', 'bench', 'lighthouse');

export interface LighthouseFigures {
  /** Category scores, 0 to 100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's benchmark of the machine's CPU during the run (higher is faster): how busy the machine was. */
  benchmarkIndex: number;
}

export interface PageLighthouse {
  path: string;
  /** The median of each figure over the runs, taken one figure at a time. */
  median: LighthouseFigures;
  /** The worst run's performance score. */
  minPerformance: number;
  runs: LighthouseFigures[];
  /** Accessibility and best-practice audits that failed in any run: what to fix for those scores. */
  failing: string[];
}

/** One Lighthouse pass over the pages, at one CPU slowdown. */
export interface LighthousePass {
  runs: number;
  cpuSlowdown: number;
  pages: PageLighthouse[];
}

export interface LighthouseResult {
  seconds: number;
  /** Lighthouse's mobile defaults. */
  mobile: LighthousePass;
  /** The same at 8x CPU slowdown. */
  slow: LighthousePass;
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
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: round(value('cumulative-layout-shift'), 3),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
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

async function auditOnce(port: number, url: string, cpuSlowdown: number): Promise<RunnerResult> {
  let lastError = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    // Only the CPU multiplier is given: Lighthouse merges it into its mobile throttling, the network's stays.
    const result = await lighthouseRun(url, {
      port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      throttling: { cpuSlowdownMultiplier: cpuSlowdown },
    });
    const applied = result?.lhr.configSettings.throttling.cpuSlowdownMultiplier;
    if (result && applied !== cpuSlowdown) throw new Error(`Lighthouse ran ${url} at ${applied}x CPU slowdown, not ${cpuSlowdown}x`);
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
      fcpMs: of('fcpMs'),
      lcpMs: of('lcpMs'),
      tbtMs: of('tbtMs'),
      cls: of('cls'),
      benchmarkIndex: of('benchmarkIndex'),
    },
    minPerformance: Math.min(...runs.map((figures) => figures.performance)),
    runs,
    failing: [...failing].sort(),
  };
}

/**
 * Lighthouse with its defaults (mobile: emulated phone, simulated slow 4G and by default 4x CPU slowdown), each run
 * on a cold cache, in Debian's Chromium with the flags the team's tests use. With several sites, the runs take turns
 * (page by page, run by run, site by site), so a busy spell of the machine weighs on every site alike and their
 * ratios hold. Returns each site's pages, in the order of `sites`.
 */
export async function auditSites(
  sites: readonly AuditedSite[],
  { runs: runCount = LIGHTHOUSE_RUNS, cpuSlowdown = MOBILE_CPU_SLOWDOWN }: { runs?: number; cpuSlowdown?: number } = {},
): Promise<PageLighthouse[][]> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  const removeCleanup = onCleanup(() => chrome.kill());
  mkdirSync(LIGHTHOUSE_REPORTS, { recursive: true });
  const suffix = cpuSlowdown === MOBILE_CPU_SLOWDOWN ? '' : `-cpu${cpuSlowdown}x`;
  try {
    const bySite: PageLighthouse[][] = sites.map(() => []);
    for (const page of PAGES) {
      const runs = sites.map((): LighthouseFigures[] => []);
      const failing = sites.map(() => new Set<string>());
      const slug = page.path === '/' ? 'home' : page.path.replace(/^\//, '').replace(/\//g, '-');
      for (let run = 1; run <= runCount; run += 1) {
        for (const [index, site] of sites.entries()) {
          const result = await auditOnce(chrome.port, site.urlOf(page.path), cpuSlowdown);
          writeFileSync(path.join(LIGHTHOUSE_REPORTS, `${site.label}${suffix}-${slug}.html`), [result.report].flat().join(''));
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

async function auditPass(runs: number, cpuSlowdown: number): Promise<LighthousePass> {
  const [pages = []] = await auditSites([{ label: 'federated', urlOf: siteUrl }], { runs, cpuSlowdown });
  return { runs, cpuSlowdown, pages };
}

/** "performance by 2": how far a figure is on the wrong side of its target, or null when it meets it. */
const below = (name: string, value: number, target: number, unit = '') =>
  value < target ? `${name} by ${round(target - value, 3)}${unit}` : null;
const above = (name: string, value: number, target: number, unit = '') =>
  value > target ? `${name} by ${round(value - target, 3)}${unit}` : null;

function missed(misses: readonly (string | null)[]): string {
  const found = misses.filter((miss) => miss !== null);
  return found.length > 0 ? found.join(', ') : 'none';
}

/** Every target of issues 5 and 13 a page missed under Lighthouse's mobile defaults, and by how much. */
function mobileMisses({ median: figures, minPerformance }: PageLighthouse): string {
  return missed([
    below('performance', figures.performance, TARGETS.lighthousePerformance),
    below('minimum', minPerformance, TARGETS.lighthouseMinPerformance),
    below('accessibility', figures.accessibility, TARGETS.lighthouseAccessibility),
    above('FCP', figures.fcpMs, TARGETS.fcpMs, ' ms'),
    above('LCP', figures.lcpMs, TARGETS.lcpMs, ' ms'),
    above('TBT', figures.tbtMs, TARGETS.tbtMs, ' ms'),
    above('CLS', figures.cls, TARGETS.cls),
  ]);
}

/** A page's performance score in a table: the median, the lowest, and every run's in the order they ran. */
const performanceCells = ({ median: figures, minPerformance, runs }: PageLighthouse) => [
  figures.performance,
  minPerformance,
  runs.map((run) => run.performance).join('/'),
];

/** A page's median FCP, LCP, TBT and CLS in a table. */
const timingCells = ({ median: figures }: PageLighthouse) => [figures.fcpMs, figures.lcpMs, figures.tbtMs, figures.cls];

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The median of every run's benchmark index in a pass (the machine, not the page). */
const benchmarkIndexOf = ({ pages }: LighthousePass) =>
  Math.round(median(pages.flatMap((page) => page.runs.map((run) => run.benchmarkIndex))));

/** Lighthouse on the composed site, after the other site figures so it competes with none of them. */
export const lighthouse: Measurement<LighthouseResult> = {
  key: 'lighthouse',
  needs: 'site',
  run: async () => {
    const started = performance.now();
    const mobile = await auditPass(LIGHTHOUSE_RUNS, MOBILE_CPU_SLOWDOWN);
    const slow = await auditPass(LIGHTHOUSE_SLOW_RUNS, SLOW_CPU_SLOWDOWN);
    return { seconds: round((performance.now() - started) / 1000), mobile, slow };
  },
  tables: ({ seconds, mobile, slow }) => [
    {
      title: `Lighthouse, mobile defaults (${mobile.cpuSlowdown}x CPU slowdown), median and minimum of ${plural(mobile.runs, 'run')} a page`,
      columns: [
        'page',
        `performance (>= ${TARGETS.lighthousePerformance})`,
        `minimum (>= ${TARGETS.lighthouseMinPerformance})`,
        'runs',
        `accessibility (>= ${TARGETS.lighthouseAccessibility})`,
        'best practices',
        `FCP ms (<= ${TARGETS.fcpMs})`,
        `LCP ms (<= ${TARGETS.lcpMs})`,
        `TBT ms (<= ${TARGETS.tbtMs})`,
        `CLS (<= ${TARGETS.cls})`,
        'target missed',
      ],
      rows: mobile.pages.map((page) => [
        page.path,
        ...performanceCells(page),
        page.median.accessibility,
        page.median.bestPractices,
        ...timingCells(page),
        mobileMisses(page),
      ]),
      notes: [
        ...mobile.pages.filter((page) => page.failing.length > 0).map((page) => `${page.path} fails ${page.failing.join(', ')}`),
        `Chromium ${CHROMIUM_PATH}, simulated slow 4G and ${mobile.cpuSlowdown}x CPU slowdown (Lighthouse's mobile defaults); scores move a few points from run to run, more on a busy machine.`,
        `benchmarkIndex ${benchmarkIndexOf(mobile)} (median of the runs): Lighthouse's measure of this machine's CPU while it ran, higher is faster; a busy machine scores lower and so do its pages.`,
      ],
    },
    {
      title: `Lighthouse at ${slow.cpuSlowdown}x CPU slowdown (otherwise mobile defaults), median of ${plural(slow.runs, 'run')} a page`,
      columns: [
        'page',
        `performance (>= ${TARGETS.lighthouseSlowPerformance})`,
        'minimum',
        'runs',
        'FCP ms',
        'LCP ms',
        'TBT ms',
        'CLS',
        'target missed',
      ],
      rows: slow.pages.map((page) => [
        page.path,
        ...performanceCells(page),
        ...timingCells(page),
        missed([below('performance', page.median.performance, TARGETS.lighthouseSlowPerformance)]),
      ]),
      notes: [
        `A slower phone: the start-up JavaScript that runs after the early paint weighs on TBT. benchmarkIndex ${benchmarkIndexOf(slow)} (median of the runs).`,
        `${seconds} s for both passes; each page's last report in ${path.relative(REPO_ROOT, LIGHTHOUSE_REPORTS)}/ (federated-<page>.html, federated-cpu${slow.cpuSlowdown}x-<page>.html).`,
      ],
    },
  ],
};
