import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CHANNEL_NAME, encodeParams, type Database, type QueryResult, type Queryable, type SqlValue } from './database.js';

/** `DATA_DIR` values that mean "keep nothing on disk" (tests, throwaway runs). */
export function isMemoryDataDir(dataDir: string): boolean {
  return dataDir === ':memory:' || dataDir === 'memory' || dataDir === 'memory://';
}

type PgliteRunner = Pick<PGlite | Transaction, 'query' | 'exec'>;

function queryable(runner: PgliteRunner): Queryable {
  return {
    async query<Row>(sql: string, params?: readonly SqlValue[]): Promise<QueryResult<Row>> {
      const result = await runner.query<Row>(sql, encodeParams(params));
      return { rows: result.rows, rowCount: result.rows.length > 0 ? result.rows.length : (result.affectedRows ?? 0) };
    },
    async exec(sql: string): Promise<void> {
      await runner.exec(sql);
    },
  };
}

/**
 * PGlite is one PostgreSQL backend inside this process and does not notice a second process opening the same
 * folder, which corrupts it. A pid file next to the folder makes a second opener (a seed command while the server
 * runs, a second server) fail with a clear message instead. A file left by a dead process is taken over.
 */
function acquireFolderLock(dataDir: string): () => void {
  const lockPath = `${dataDir.replace(/[\\/]+$/, '')}.lock`;
  mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = lockOwner(lockPath);
    if (owner !== null && isAlive(owner)) {
      throw new Error(
        `The embedded database folder ${dataDir} is in use by process ${owner}` +
          (owner === process.pid ? ' (this process already opened it)' : '') +
          '. Stop that process, or point DATA_DIR at another folder.',
      );
    }
    rmSync(lockPath, { force: true });
  }
  throw new Error(`Could not lock the embedded database folder ${dataDir}`);
}

/** The pid recorded in a lock file; null when it vanished meanwhile or holds no pid. */
function lockOwner(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface PgliteOptions {
  /**
   * A data folder dumped with `dumpDataDir()` to start a memory database from, skipping initdb (about 1 s instead
   * of 3-4 s) and whatever the dumped database had done: tests open many fresh databases.
   */
  loadDataDir?: Blob;
}

export interface EmbeddedDatabase extends Database {
  /** The whole data folder as a tarball, for `loadDataDir` (the tests' templates). */
  dumpDataDir: () => Promise<Blob>;
}

/** Opens embedded PostgreSQL in `dataDir` (created when missing) or in memory. */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<EmbeddedDatabase> {
  const memory = isMemoryDataDir(dataDir);
  let release = (): void => undefined;
  if (!memory) {
    mkdirSync(dataDir, { recursive: true });
    release = acquireFolderLock(dataDir);
  }
  // pg_trgm: the desk's keyword search index (migration 0016), as on PostgreSQL.
  const extensions = { pg_trgm };
  let pg: PGlite;
  try {
    pg = memory
      ? await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir, extensions } : { extensions })
      : await PGlite.create({ dataDir, extensions });
  } catch (error) {
    release();
    throw error;
  }
  const base = queryable(pg);
  let closed = false;
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return pg.transaction((tx) => fn(queryable(tx)));
    },
    // One backend in this process: its notifications are an in-process bus, delivered after each commit.
    async listen(channel: string, onNotify: () => void): Promise<() => Promise<void>> {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
      const unlisten = await pg.listen(channel, () => onNotify());
      return async () => {
        if (!closed) await unlisten();
      };
    },
    dumpDataDir: () => pg.dumpDataDir('none'),
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      try {
        await pg.close();
      } finally {
        release();
      }
    },
  };
}
