import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate.js';
import { openPglite, type EmbeddedDatabase } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import { readGamesSeed, seedGames } from '../src/seed/games-seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dumped, freshly initialised PGlite data folder (empty when tests run on PostgreSQL). */
    pgliteTemplate: string;
    /** The same with the migrations applied and the games seeded, as every test app starts (empty on PostgreSQL). */
    pgliteMigratedTemplate: string;
    /**
     * On PostgreSQL, the name of a database of the server of DATABASE_URL with the migrations applied and the games
     * seeded in its schema POSTGRES_TEMPLATE_SCHEMA, which every test app's database is a copy of (empty on PGlite).
     */
    postgresMigratedTemplate: string;
  }
}

/** The schema the migrated PostgreSQL template keeps its tables in; each copy renames it to a name of its own. */
export const POSTGRES_TEMPLATE_SCHEMA = 'migrated';

/** The connection string of DATABASE_URL with another database of the same server. */
export function postgresDatabaseUrl(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs statements on the database of DATABASE_URL itself (CREATE and DROP DATABASE cannot run in a transaction). */
export async function onPostgresServer(databaseUrl: string, statements: readonly string[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Migrates and seeds one database for the whole PostgreSQL run: a copy of it (CREATE DATABASE ... TEMPLATE) takes a
 * fraction of the time the 23 migrations and the seed take in a fresh schema, which each test app would otherwise run.
 */
async function preparePostgresTemplate(databaseUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `migrated_${randomBytes(6).toString('hex')}`;
  await onPostgresServer(databaseUrl, [`CREATE DATABASE ${name}`]);
  const drop = () => onPostgresServer(databaseUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
  try {
    const db = await openPostgres({ connectionString: postgresDatabaseUrl(databaseUrl, name), schema: POSTGRES_TEMPLATE_SCHEMA, max: 1 });
    try {
      await migrate(db);
      await seedGames(db, await readGamesSeed());
    } finally {
      await db.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}

async function dump(db: EmbeddedDatabase, file: string): Promise<void> {
  // Everything on the data files, so a copy starts without replaying the log.
  await db.exec('CHECKPOINT');
  writeFileSync(file, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
}

/**
 * Runs initdb once for the whole run, then the migrations and the games' seed once on top of it: every test database
 * starts from a copy of one of the two dumps (the empty one for the tests of the migrations and seeds themselves)
 * instead of running initdb, the migrations and the seed itself, seconds each time on a busy machine. On PostgreSQL
 * the same for the migrated database (preparePostgresTemplate).
 */
export default async function setup(project: TestProject): Promise<() => void | Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = await preparePostgresTemplate(databaseUrl);
    project.provide('pgliteTemplate', '');
    project.provide('pgliteMigratedTemplate', '');
    project.provide('postgresMigratedTemplate', template.name);
    return template.drop;
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
  project.provide('postgresMigratedTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
