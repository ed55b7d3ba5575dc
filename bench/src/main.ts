import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { launchChromium } from './browser.js';
import type { Measurement } from './measurement.js';
import { apiLoad } from './measurements/api-load.js';
import { buildTime } from './measurements/build-time.js';
import { deskScale } from './measurements/desk-scale.js';
import { firstLoad } from './measurements/first-load.js';
import { fragments } from './measurements/fragments.js';
import { lighthouse } from './measurements/lighthouse.js';
import { live } from './measurements/live.js';
import { monolith } from './measurements/monolith.js';
import { navigationBytes } from './measurements/navigation-bytes.js';
import { navigationTime } from './measurements/navigation-time.js';
import { sharedCopies } from './measurements/shared-copies.js';
import { runTool } from 'tooling/processes';
import { onCleanup, REPO_ROOT, stopAll } from './processes.js';
import { formatTable, round, type Table } from './report.js';
import { BENCH_PORTS, prepareDatabase, startApi, startOrigins, throwawayPglite } from './site.js';

/**
 * npm run bench (issue 5): figures, no pass or fail. The order matters: the build first (everything else measures
 * its output), then what needs the composed site, then what starts its own servers, so nothing competes for the
 * machine's two cores with what is being measured. The fragment load runs before Lighthouse and leaves `/`'s fragment
 * cached, as a live site's would be. Lighthouse and the monolith comparison come last among the site's figures: they
 * are the longest, and the comparison reuses what firstLoad found.
 */
const ALL: Measurement<unknown>[] = [
  buildTime,
  firstLoad,
  navigationBytes,
  sharedCopies,
  navigationTime,
  fragments,
  lighthouse,
  monolith,
  apiLoad,
  live,
  deskScale,
] as Measurement<unknown>[];
/** BENCH_ONLY=firstLoad,apiLoad runs just those (against the apps as last built when buildTime is not among them). */
const only = process.env.BENCH_ONLY?.split(',')
  .map((key) => key.trim())
  .filter(Boolean);
const MEASUREMENTS = only ? ALL.filter((measurement) => only.includes(measurement.key)) : ALL;

const OUTPUT = path.join(REPO_ROOT, '.data', 'bench', 'latest.json');

async function withSite<T>(run: (browser: Awaited<ReturnType<typeof launchChromium>>) => Promise<T>): Promise<T> {
  const { database, remove } = throwawayPglite();
  const removeFolder = onCleanup(remove);
  await prepareDatabase(database);
  const api = await startApi('site-api', BENCH_PORTS.api, database);
  const origins = await startOrigins();
  const browser = await launchChromium();
  try {
    return await run(browser);
  } finally {
    await browser.close();
    for (const origin of origins) await origin.stop();
    await api.stop();
    removeFolder();
    remove();
  }
}

function print(tables: readonly Table[]): void {
  for (const table of tables) process.stdout.write(`\n${formatTable(table)}\n`);
}

async function main(): Promise<void> {
  const started = performance.now();
  const results: Record<string, unknown> = {};
  // Results are stored under their measurement's key, so a key gives back its own measurement's type.
  const earlier = <Result>(measurement: Measurement<Result>) => results[measurement.key] as Result | undefined;
  // Measurements in a row that need the site share one start of it.
  for (let index = 0; index < MEASUREMENTS.length;) {
    const measurement = MEASUREMENTS[index]!;
    if (measurement.needs === 'own') {
      process.stderr.write(`bench: ${measurement.key}...\n`);
      const result = await measurement.run();
      results[measurement.key] = result;
      print(measurement.tables(result));
      index += 1;
      continue;
    }
    const group: Measurement<unknown>[] = [];
    while (MEASUREMENTS[index]?.needs === 'site') group.push(MEASUREMENTS[index++]!);
    process.stderr.write('bench: starting the site (API on PGlite, shell, catalog, support, account)...\n');
    await withSite(async (browser) => {
      for (const siteMeasurement of group) {
        if (siteMeasurement.needs !== 'site') continue;
        process.stderr.write(`bench: ${siteMeasurement.key}...\n`);
        const result = await siteMeasurement.run({ browser, earlier });
        results[siteMeasurement.key] = result;
        print(siteMeasurement.tables(result));
      }
    });
  }
  const seconds = round((performance.now() - started) / 1000);
  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  writeFileSync(OUTPUT, `${JSON.stringify({ measuredAt: new Date().toISOString(), seconds, results }, null, 2)}\n`);
  process.stdout.write(`\nbench: done in ${seconds} s; figures also in ${path.relative(REPO_ROOT, OUTPUT)}\n`);
}

await runTool('bench', main, stopAll);
