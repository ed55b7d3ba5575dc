import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { runTool } from 'tooling/processes';
import { formatTable, type Table } from 'tooling/report-table';
import { stopEverything, type Drill, type DrillFigures } from './drill.js';
import { abuse } from './drills/abuse.js';
import { authorization } from './drills/authorization.js';
import { fuzz } from './drills/fuzz.js';
import { kill } from './drills/kill.js';
import { live } from './drills/live.js';
import { soak } from './drills/soak.js';
import { uploads } from './drills/uploads.js';
import { failureCount, summaryTable } from './summary.js';

/**
 * npm run drills (issue 6): the full variants of the resilience and security drills, one module each in
 * src/drills/, run in this order. Each prints its tables; a summary closes the run and it ends non-zero when any
 * drill reports a failure (a leak, a 5xx, a lost ticket...). DRILLS_ONLY=key1,key2 runs just those.
 */
const ALL: Drill<unknown>[] = [authorization, live, fuzz, abuse, uploads, kill, soak] as Drill<unknown>[];

const only = process.env.DRILLS_ONLY?.split(',')
  .map((key) => key.trim())
  .filter(Boolean);
const unknown = only?.filter((key) => !ALL.some((drill) => drill.key === key)) ?? [];
const DRILLS = only ? ALL.filter((drill) => only.includes(drill.key)) : ALL;

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUTPUT = path.join(REPO_ROOT, '.data', 'drills', 'latest.json');

function print(tables: readonly Table[]): void {
  for (const table of tables) process.stdout.write(`\n${formatTable(table)}\n`);
}

async function main(): Promise<void> {
  if (unknown.length > 0)
    throw new Error(`DRILLS_ONLY names no drill ${unknown.join(', ')} (drills: ${ALL.map((drill) => drill.key).join(', ')})`);
  const started = performance.now();
  const results: Record<string, unknown> = {};
  const figures: { key: string; figures: DrillFigures }[] = [];
  for (const drill of DRILLS) {
    process.stderr.write(`drills: ${drill.key} (${drill.title})...\n`);
    const drillStarted = performance.now();
    const result = await drill.run();
    results[drill.key] = result;
    print(drill.tables(result));
    figures.push({ key: drill.key, figures: drill.figures(result) });
    process.stderr.write(`drills: ${drill.key} took ${Math.round((performance.now() - drillStarted) / 1000)} s\n`);
  }
  print([summaryTable(figures)]);
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  writeFileSync(OUTPUT, `${JSON.stringify({ ranAt: new Date().toISOString(), seconds, figures, results }, null, 2)}\n`);
  process.stdout.write(`\ndrills: done in ${seconds} s; results also in ${path.relative(REPO_ROOT, OUTPUT)}\n`);
  if (failureCount(figures) > 0) process.exitCode = 1;
}

await runTool('drills', main, stopEverything);
