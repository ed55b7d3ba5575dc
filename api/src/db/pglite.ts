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
 * folder, which corrupts it. A lock file next to the folder makes a second opener (a seed command while the server
 * runs, a second server) fail with a clear message instead. It names the opener by pid and, where the system tells
 * it (Linux's /proc), by when that process started: a file left by a process that died is taken over, also when its
 * pid has since gone to another process, as happens after a crash in a container, where a restarted server often
 * gets the very pid it had.
 */
function acquireFolderLock(dataDir: string): () => void {
  const lockPath = `${dataDir.replace(/[\\/]+$/, '')}.lock`;
  mkdirSync(path.dirname(lockPath), { recursive: true });
  const self: LockOwner = { pid: process.pid, started: processStart(process.pid) };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(lockPath, `${self.pid} ${self.started ?? ''}`.trim(), { flag: 'wx' });
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = lockOwner(lockPath);
    if (owner !== null && isRunning(owner)) {
      throw new Error(
        `The embedded database folder ${dataDir} is in use by process ${owner.pid}` +
          (owner.pid === process.pid ? ' (this process already opened it)' : '') +
          '. Stop that process, or point DATA_DIR at another folder.',
      );
    }
    rmSync(lockPath, { force: true });
  }
  throw new Error(`Could not lock the embedded database folder ${dataDir}`);
}

/** Who holds a lock file: a pid, and when that process started where the system tells it (else null). */
interface LockOwner {
  pid: number;
  started: string | null;
}

/** The owner a lock file names; null when it vanished meanwhile or names no pid. */
function lockOwner(lockPath: string): LockOwner | null {
  try {
    const [pidText = '', started] = readFileSync(lockPath, 'utf8').trim().split(' ');
    const pid = Number.parseInt(pidText, 10);
    return Number.isInteger(pid) && pid > 0 ? { pid, started: started ?? null } : null;
  } catch {
    return null;
  }
}

/**
 * When a process started, in clock ticks after the system booted (the 22nd field of /proc/<pid>/stat, counted after
 * the command name's closing parenthesis, as the name may hold spaces); null without /proc or without that process.
 */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the process a lock names still runs: its pid is alive and, where both are known, started when it did. */
function isRunning(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = owner.started === null ? null : processStart(owner.pid);
  return started === null || started === owner.started;
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
