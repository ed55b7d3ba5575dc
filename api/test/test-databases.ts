import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import { POSTGRES_TEMPLATE_SCHEMA, onPostgresServer, postgresDatabaseUrl } from './global-setup.js';

// The test databases, on PGlite or on the PostgreSQL of DATABASE_URL (helpers.ts builds the test apps over them).

/** Set by scripts/test-postgres.sh (or by hand): run every database test against that server instead of PGlite. */
export const POSTGRES_URL = process.env.DATABASE_URL;
export const DATABASE_KIND = POSTGRES_URL ? 'postgres' : 'pglite';

export interface TestDatabase {
  db: Database;
  /** Drops what the test created and closes the connections. */
  cleanup: () => Promise<void>;
}

/** A unique schema name, so test files sharing one PostgreSQL database never see each other's tables. */
export function uniqueSchema(): string {
  return `test_${randomBytes(6).toString('hex')}`;
}

/**
 * The PostgreSQL databases copied from the migrated template that are open now, each named after the schema it works
 * in: a second connection to the schema (openTestDatabase(schema), as a second replica) goes to the same copy.
 */
const copiedDatabases = new Set<string>();

const templates = new Map<'pgliteTemplate' | 'pgliteMigratedTemplate', Promise<Blob>>();

/** One of the PGlite folders the global setup dumped, read once per test file. */
function pgliteTemplate(name: 'pgliteTemplate' | 'pgliteMigratedTemplate'): Promise<Blob> {
  let template = templates.get(name);
  if (!template) {
    template = readFile(inject(name)).then((bytes) => new Blob([bytes]));
    templates.set(name, template);
  }
  return template;
}

/**
 * An empty database: a fresh PGlite in memory, or a fresh schema in the PostgreSQL of DATABASE_URL.
 * `schema` lets two connections open the same PostgreSQL schema (concurrency tests).
 */
export async function openTestDatabase(schema: string = uniqueSchema()): Promise<TestDatabase> {
  if (!POSTGRES_URL) {
    const db = await openPglite(':memory:', { loadDataDir: await pgliteTemplate('pgliteTemplate') });
    return { db, cleanup: () => db.close() };
  }
  const connectionString = copiedDatabases.has(schema) ? postgresDatabaseUrl(POSTGRES_URL, schema) : POSTGRES_URL;
  const db = await openPostgres({ connectionString, schema, max: 4 });
  return {
    db,
    cleanup: async () => {
      try {
        await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await db.close();
      }
    },
  };
}

/** A database with the tables of every migration and no rows: for the seeds' own tests, and an app without games. */
export async function openUnseededDatabase(): Promise<TestDatabase> {
  const database = await openTestDatabase();
  try {
    await migrate(database.db);
    return database;
  } catch (error) {
    await database.cleanup();
    throw error;
  }
}

/**
 * A database with the migrations applied and `api/seed/games.json` loaded: a copy of the one the global setup
 * prepared, on PGlite from its dump, on PostgreSQL a database made from the template database, whose schema is
 * renamed to the copy's own name (so its name tells which copy a second connection to the schema opens).
 */
export async function openMigratedTestDatabase(): Promise<TestDatabase> {
  if (!POSTGRES_URL) {
    const db = await openPglite(':memory:', { loadDataDir: await pgliteTemplate('pgliteMigratedTemplate') });
    return { db, cleanup: () => db.close() };
  }
  const serverUrl = POSTGRES_URL;
  const name = uniqueSchema();
  await onPostgresServer(serverUrl, [`CREATE DATABASE ${name} TEMPLATE ${inject('postgresMigratedTemplate')}`]);
  const dropCopy = async () => {
    copiedDatabases.delete(name);
    await onPostgresServer(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
  };
  try {
    const url = postgresDatabaseUrl(serverUrl, name);
    await onPostgresServer(url, [`ALTER SCHEMA ${POSTGRES_TEMPLATE_SCHEMA} RENAME TO ${name}`]);
    copiedDatabases.add(name);
    const db = await openPostgres({ connectionString: url, schema: name, max: 4 });
    return {
      db,
      cleanup: async () => {
        try {
          await db.close();
        } finally {
          await dropCopy();
        }
      },
    };
  } catch (error) {
    await dropCopy();
    throw error;
  }
}
