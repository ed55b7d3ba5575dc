import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runToEnd } from './processes.js';

/** A PostgreSQL cluster of its own, as api/scripts/test-postgres.sh makes one: temporary folder, random port. */
export interface ThrowawayPostgres {
  url: string;
  version: string;
  /**
   * Runs SQL with the server's own psql and answers its rows, each a list of text fields (tab-separated by psql:
   * select ids, numbers and other tab-free values).
   */
  query: (sql: string) => Promise<string[][]>;
  stop: () => Promise<void>;
}

function serverBinaries(): string {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => path.join(root, version, 'bin')).find((dir) => existsSync(path.join(dir, 'initdb')));
  if (!found) throw new Error('PostgreSQL server binaries not found (Debian: apt-get install -y postgresql, or set PG_BINDIR).');
  return found;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface PostgresOptions {
  /** The database created in the cluster (default `platform`). */
  database?: string;
  /** Default: a free port the system picks. */
  port?: number;
  /** Server settings given at start (`-c name=value`), such as those that take effect only then (shared_buffers). */
  settings?: Record<string, string>;
}

export async function startPostgres(options: PostgresOptions = {}): Promise<ThrowawayPostgres> {
  const database = options.database ?? 'platform';
  const bin = serverBinaries();
  const workDir = mkdtempSync(path.join(tmpdir(), 'throwaway-pg-'));
  const dataDir = path.join(workDir, 'data');
  // initdb refuses to run as root: the cluster then belongs to the postgres system user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(workDir, uid, gid);
  }
  const asOwner = (command: string, args: string[]) =>
    asRoot ? runToEnd('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]) : runToEnd(path.join(bin, command), args);
  const port = options.port ?? (await freePort());
  let started = false;
  const stop = async () => {
    if (started) await asOwner('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
    started = false;
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    await asOwner('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
    started = true;
    // Durable writes stay on (fsync): ticket creation is measured as production would commit it.
    await asOwner('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(workDir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      [
        `-p ${port} -k ${workDir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
        ...Object.entries(options.settings ?? {}).map(([name, value]) => `-c ${name}=${value}`),
      ].join(' '),
      'start',
    ]);
    await runToEnd(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database]);
  } catch (error) {
    await stop();
    throw error;
  }
  const version = /\d+(?:\.\d+)?/.exec(execFileSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }))?.[0] ?? '?';
  const url = `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async (sql: string) => {
    const { stdout } = await promisify(execFile)(
      path.join(bin, 'psql'),
      ['-X', '-q', '-A', '-t', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', sql],
      {
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    return stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.split('\t'));
  };
  return { url, version, query, stop };
}
