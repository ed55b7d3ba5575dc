import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_ROOT } from '../config.js';
import type { Database } from './database.js';

/**
 * `api/migrations/`: `NNNN_name.sql`, applied in version order, each exactly once. From API_ROOT, not this file's
 * place, which the production bundle (api/dist) does not keep.
 */
export const MIGRATIONS_DIR = path.join(API_ROOT, 'migrations');

/**
 * One arbitrary 64-bit key shared by every replica. The advisory lock is per database, so replicas starting
 * together queue behind it and each finds the work already done when its turn comes.
 */
export const MIGRATION_LOCK_KEY = '7305221001842';

const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrateResult {
  /** `NNNN_name` of each migration this call applied, in order (empty when the database was up to date). */
  applied: string[];
  /** Versions recorded in the database that this code does not know (a newer replica ran first). */
  unknown: number[];
}

function checksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_NAME.exec(file);
    if (!match) throw new Error(`Migration file name must look like 0001_name.sql: ${file}`);
    const sql = await readFile(`${dir.replace(/\/?$/, '/')}${file}`, 'utf8');
    const version = Number(match[1]);
    if (migrations.some((migration) => migration.version === version)) {
      throw new Error(`Two migrations share version ${match[1]}`);
    }
    migrations.push({ version, name: match[2] ?? '', sql, checksum: checksum(sql) });
  }
  return migrations;
}

const CREATE_LEDGER = `
CREATE TABLE IF NOT EXISTS schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  checksum text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/**
 * Brings the schema up to date. Each migration runs in its own transaction together with its ledger row, under a
 * transaction-scoped advisory lock taken before the ledger is read, so concurrent callers never apply one twice and
 * a failing migration leaves nothing half-done. A recorded migration whose file changed is an error: edit history by
 * adding a migration, never by rewriting one.
 */
export async function migrate(db: Database, migrations?: readonly Migration[]): Promise<MigrateResult> {
  const all = [...(migrations ?? (await loadMigrations()))].sort((a, b) => a.version - b.version);
  const known = new Map(all.map((migration) => [migration.version, migration]));
  const applied: string[] = [];
  let unknown: number[] = [];
  for (;;) {
    const step = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
      await tx.exec(CREATE_LEDGER);
      const { rows } = await tx.query<{ version: number; checksum: string }>(
        'SELECT version, checksum FROM schema_migrations ORDER BY version',
      );
      const done = new Set<number>();
      unknown = [];
      for (const row of rows) {
        done.add(row.version);
        const migration = known.get(row.version);
        if (!migration) unknown.push(row.version);
        else if (migration.checksum !== row.checksum) {
          throw new Error(`Migration ${String(row.version).padStart(4, '0')}_${migration.name} was changed after it was applied`);
        }
      }
      const next = all.find((migration) => !done.has(migration.version));
      if (!next) return null;
      await tx.exec(next.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        next.version,
        next.name,
        next.checksum,
      ]);
      return `${String(next.version).padStart(4, '0')}_${next.name}`;
    });
    if (step === null) return { applied, unknown };
    applied.push(step);
  }
}
