import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monolithDist, type MonolithVariant } from '../monolith/variants.js';
import { REPO_ROOT, runLogged, startProcess, waitUntilUp, type Started } from './processes.js';

/** Ports apart from npm start (8080-8090) and the browser tests (18xxx), so all three can run at once. */
export const BENCH_PORTS = {
  shell: 19080,
  catalog: 19081,
  support: 19082,
  account: 19083,
  monolithBundle: 19084,
  monolithRoutes: 19085,
  api: 19090,
  loadApi: 19091,
} as const;

export type Origin = 'shell' | 'catalog' | 'support' | 'account' | 'monolith' | 'api';
export const ORIGINS: readonly Origin[] = ['shell', 'catalog', 'support', 'account', 'monolith', 'api'];

const APP_FOLDERS = { shell: 'shell', catalog: 'mfe-catalog', support: 'mfe-support', account: 'mfe-account' } as const;
const API_DIR = path.join(REPO_ROOT, 'api');

export const siteUrl = (pathname = '/') => `http://localhost:${BENCH_PORTS.shell}${pathname}`;

/** Which app served a URL: by port, with the shell's `/api/` forwarding counted as the API's. */
export function originOf(url: string): Origin | null {
  const parsed = new URL(url);
  const port = Number(parsed.port);
  if (port === BENCH_PORTS.shell) return parsed.pathname.startsWith('/api') ? 'api' : 'shell';
  if (port === BENCH_PORTS.catalog) return 'catalog';
  if (port === BENCH_PORTS.support) return 'support';
  if (port === BENCH_PORTS.account) return 'account';
  if (port === BENCH_PORTS.monolithBundle || port === BENCH_PORTS.monolithRoutes)
    return parsed.pathname.startsWith('/api') ? 'api' : 'monolith';
  if (port === BENCH_PORTS.api || port === BENCH_PORTS.loadApi) return 'api';
  return null;
}

export type ApiDatabase = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** A throwaway embedded database folder, removed by the returned function. */
export function throwawayPglite(): { database: ApiDatabase; remove: () => void } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
  return { database: { kind: 'pglite', dataDir }, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Production requires the key that seals agents' authenticator secrets; the bench enrols none, so one per run. */
const BENCH_TOTP_SECRET_KEY = randomBytes(32).toString('base64');

/** The database, and the key every operator command and API of the run shares with it. */
function databaseEnv(database: ApiDatabase): Record<string, string> {
  const totp = { TOTP_SECRET_KEY: BENCH_TOTP_SECRET_KEY };
  return database.kind === 'pglite' ? { DATA_DIR: database.dataDir, ...totp } : { DATABASE_URL: database.url, ...totp };
}

/** The player whose password hash the API load's players share (bench/src/measurements/api-load.ts). */
export const TEMPLATE_PLAYER = 'bench-template';

/**
 * Prepares a new database as an operator prepares production's, which loads no demo data (a production API refuses
 * SEED_DEMO: the demo accounts' passwords are published): the API's operator commands create TEMPLATE_PLAYER with a
 * password made for the run (nobody logs in with it) and load the catalogue (games, help topics, servers, regions).
 * Before any API holds the database (an embedded one takes one process at a time).
 */
export async function prepareDatabase(database: ApiDatabase): Promise<void> {
  const env = { NODE_ENV: 'production', ...databaseEnv(database) };
  const password = randomBytes(18).toString('base64url');
  await runLogged(
    'create-account',
    'node',
    ['--import', 'tsx', 'src/identity/create-account-cli.ts', '--account', TEMPLATE_PLAYER],
    { ...env, ACCOUNT_PASSWORD: password },
    API_DIR,
  );
  await runLogged('seed', 'node', ['--import', 'tsx', 'src/seed/cli.ts'], env, API_DIR);
}

/** The API as production runs it, on a database of its own (prepareDatabase first). */
export async function startApi(name: string, port: number, database: ApiDatabase, extraEnv: Record<string, string> = {}): Promise<Started> {
  const api = startProcess(
    name,
    'node',
    ['--import', 'tsx', 'src/main.ts'],
    {
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      OUTBOX_DIR: path.join(tmpdir(), 'bench-outbox'),
      FILES_DIR: path.join(tmpdir(), 'bench-files'),
      ...databaseEnv(database),
      ...extraEnv,
    },
    API_DIR,
  );
  await waitUntilUp(`http://127.0.0.1:${port}/health`, api);
  return api;
}

const ORIGIN_ENV = {
  CATALOG_URL: `http://localhost:${BENCH_PORTS.catalog}`,
  SUPPORT_URL: `http://localhost:${BENCH_PORTS.support}`,
  ACCOUNT_URL: `http://localhost:${BENCH_PORTS.account}`,
  API_URL: `http://127.0.0.1:${BENCH_PORTS.api}`,
};

/** One built app on a port, as production serves it (tooling/src/static-server.ts). */
async function startOrigin(name: string, app: keyof typeof APP_FOLDERS, port: number, dir: string): Promise<Started> {
  const origin = startProcess(name, 'node', ['tooling/bin/serve-app.js', '--app', app, '--port', String(port), '--dir', dir], ORIGIN_ENV);
  await waitUntilUp(`http://127.0.0.1:${port}/index.html`, origin);
  return origin;
}

/** The shell and the three remotes, each on its own origin. */
export function startOrigins(): Promise<Started[]> {
  const apps = Object.keys(APP_FOLDERS) as (keyof typeof APP_FOLDERS)[];
  return Promise.all(apps.map((app) => startOrigin(`origin-${app}`, app, BENCH_PORTS[app], `${APP_FOLDERS[app]}/dist`)));
}

/**
 * A monolith build of bench/monolith on one origin, served as the shell is (same headers, compression and `/api/`
 * forwarding to the site's API); the remotes' origins it would list in remotes.json are never asked.
 */
export function startMonolithOrigin(variant: MonolithVariant): Promise<Started> {
  return startOrigin(
    `origin-monolith-${variant}`,
    'shell',
    variant === 'bundle' ? BENCH_PORTS.monolithBundle : BENCH_PORTS.monolithRoutes,
    monolithDist(variant),
  );
}

export const monolithUrl = (variant: MonolithVariant, pathname = '/') =>
  `http://localhost:${variant === 'bundle' ? BENCH_PORTS.monolithBundle : BENCH_PORTS.monolithRoutes}${pathname}`;
