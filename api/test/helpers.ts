import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import { readGamesSeed, seedGames } from '../src/seed/games-seed.js';
import { inject } from 'vitest';

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

let template: Promise<Blob> | undefined;

/** The freshly initialised PGlite folder the global setup dumped, so each test database skips initdb. */
function pgliteTemplate(): Promise<Blob> {
  template ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  return template;
}

/**
 * An empty database: a fresh PGlite in memory, or a fresh schema in the PostgreSQL of DATABASE_URL.
 * `schema` lets two connections open the same PostgreSQL schema (concurrency tests).
 */
export async function openTestDatabase(schema: string = uniqueSchema()): Promise<TestDatabase> {
  if (!POSTGRES_URL) {
    const db = await openPglite(':memory:', { loadDataDir: await pgliteTemplate() });
    return { db, cleanup: () => db.close() };
  }
  const db = await openPostgres({ connectionString: POSTGRES_URL, schema, max: 4 });
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

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
}

/** A migrated database loaded with the real `api/seed/games.json`, and the app over it. */
export async function createTestApp(options: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  const { db, cleanup } = await openTestDatabase();
  try {
    await migrate(db);
    await seedGames(db, await readGamesSeed());
    const app = await buildApp({ db, ...options });
    return {
      app,
      db,
      cleanup: async () => {
        await app.close();
        await cleanup();
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

export interface JsonAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: unknown;
}

/** `inject` and parse the answer as JSON (every API answer is JSON; a parse failure fails the test). */
export async function injectJson(app: FastifyInstance, options: InjectOptions | string): Promise<JsonAnswer> {
  const response = await app.inject(options);
  let body: unknown;
  try {
    body = response.json();
  } catch {
    throw new Error(`Answer is not JSON (status ${response.statusCode}): ${response.body.slice(0, 200)}`);
  }
  return { status: response.statusCode, headers: response.headers, body };
}
