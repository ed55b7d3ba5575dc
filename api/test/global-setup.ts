import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate.js';
import { openPglite, type EmbeddedDatabase } from '../src/db/pglite.js';
import { readGamesSeed, seedGames } from '../src/seed/games-seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dumped, freshly initialised PGlite data folder (empty when tests run on PostgreSQL). */
    pgliteTemplate: string;
    /** The same with the migrations applied and the games seeded, as every test app starts (empty on PostgreSQL). */
    pgliteMigratedTemplate: string;
  }
}

async function dump(db: EmbeddedDatabase, file: string): Promise<void> {
  // Everything on the data files, so a copy starts without replaying the log.
  await db.exec('CHECKPOINT');
  writeFileSync(file, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
}

/**
 * Runs initdb once for the whole run, then the migrations and the games' seed once on top of it: every test database
 * starts from a copy of one of the two dumps (the empty one for the tests of the migrations and seeds themselves)
 * instead of running initdb, the migrations and the seed itself, seconds each time on a busy machine.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    project.provide('pgliteMigratedTemplate', '');
    return () => undefined;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'api-pglite-template-'));
  const empty = path.join(dir, 'empty.tar');
  const migrated = path.join(dir, 'migrated.tar');
  const db = await openPglite(':memory:');
  try {
    await dump(db, empty);
    await migrate(db);
    await seedGames(db, await readGamesSeed());
    await dump(db, migrated);
  } finally {
    await db.close();
  }
  project.provide('pgliteTemplate', empty);
  project.provide('pgliteMigratedTemplate', migrated);
  return () => rmSync(dir, { recursive: true, force: true });
}
