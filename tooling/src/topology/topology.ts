import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPostgres, type ThrowawayPostgres } from '../postgres.js';
import { REPO_ROOT, runToEnd, startProcess, waitUntilUp, type Started } from '../processes.js';
import { REMOTE_NAMES, type AppName } from '../static-server.js';
import { http2Fetch, writeSelfSignedPair } from '../tls.js';
import { apiReplica, type ApiReplica } from './api-replica.js';
import { renderEdge, renderStaticOrigin, startNginx } from './nginx.js';

/**
 * Ports of the local production topology: apart from npm start (8080-8090), the browser tests (18xxx) and the
 * bench (19xxx), so all four can run at once.
 */
export const TOPOLOGY_PORTS = {
  edge: 20080,
  catalog: 20081,
  support: 20082,
  account: 20083,
  shell: 20084,
  shellPages: 20085,
  catalogFragments: 20086,
  supportFragments: 20087,
  accountFragments: 20088,
  edgeInternalApi: 20089,
  /** The edge's plain HTTP, which only redirects to its TLS port (`edge`). */
  edgeHttp: 20090,
  api1: 20091,
  api2: 20092,
  postgres: 20095,
} as const;
export type TopologyPorts = { [Key in keyof typeof TOPOLOGY_PORTS]: number };

export const APP_FOLDERS: Record<AppName, string> = {
  shell: 'shell',
  catalog: 'mfe-catalog',
  support: 'mfe-support',
  account: 'mfe-account',
};
const APPS = Object.keys(APP_FOLDERS) as AppName[];

export const DEFAULT_LOG_DIR = path.join(REPO_ROOT, '.data', 'topology', 'logs');

/** The accounts the topology creates for its users (drills, browser tests, someone trying it by hand). */
export const TOPOLOGY_ACCOUNTS = [
  { account: 'player1', email: 'player1@topology.example', role: 'player' },
  { account: 'player2', email: 'player2@topology.example', role: 'player' },
  { account: 'agent1', email: null, role: 'agent' },
] as const;
export type TopologyAccountName = (typeof TOPOLOGY_ACCOUNTS)[number]['account'];
export interface TopologyAccount {
  account: TopologyAccountName;
  /** Made for this run: the replicas run as production does, which has no accounts with known passwords. */
  password: string;
  email: string | null;
  role: 'player' | 'agent';
}

export interface TopologyOptions {
  ports?: Partial<TopologyPorts>;
  /** The folder an origin serves instead of `<app>/dist` (a redeploy test serves a copy it can replace). */
  roots?: Partial<Record<AppName, string>>;
  /** More environment for both API replicas (abuse limits for a load drill, S3_* for object storage...). */
  apiEnv?: Record<string, string>;
  /**
   * The edge's per-address request limits lifted for this machine's loopback (a load drill's virtual players all come
   * from it, where real players come from as many addresses); kept as production has them by default.
   */
  liftEdgeLimits?: boolean;
  logDir?: string;
}

export type { ApiReplica };

export interface Topology {
  urls: {
    /** The edge, over TLS 1.3 and HTTP/2: the shell and `/api/` for every brand host (`https://hikari.localhost:<edge port>/`). */
    site: string;
    /** The API through the edge, as the site calls it. */
    api: string;
    origins: Record<AppName, string>;
  };
  /** The folder each origin serves: replacing files in a remote's folder redeploys that remote. */
  roots: Record<AppName, string>;
  apis: ApiReplica[];
  postgres: Pick<ThrowawayPostgres, 'url' | 'version' | 'query'>;
  /** player1 (who has the catalogue seed's characters), player2 and agent1, created by the operator command. */
  accounts: Record<TopologyAccountName, TopologyAccount>;
  /** Attachments on disk, shared by both replicas as a volume would be. */
  filesDir: string;
  logDir: string;
  /** The edge's self-signed certificate (this run's own): what a browser or client must trust to reach the site. */
  certificate: string;
  /** fetch that trusts the edge's certificate and speaks HTTP/2 to it, as browsers do. */
  fetch: typeof globalThis.fetch;
  stop: () => Promise<void>;
}

/** An origin's URL as the browser uses it (`localhost`, so brand hosts `*.localhost` work on the edge too). */
const originUrl = (port: number) => `http://localhost:${port}`;

/**
 * docker-compose.yml as local processes (issue 5): an nginx edge (TLS 1.3 and HTTP/2 with a self-signed pair made
 * for the run) in front of two API replicas built and started as the API image does (NODE_ENV=production) on a
 * throwaway PostgreSQL, and one nginx static origin per app with the production headers
 * (tooling/docker/nginx-static.conf.template). Attachments go to a folder on disk (or S3 with `S3_*` in apiEnv) and
 * mail to an outbox folder (or SMTP with SMTP_URL). Serves the apps as last built: run `pnpm run build` first.
 */
export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  const ports: TopologyPorts = { ...TOPOLOGY_PORTS, ...options.ports };
  const logDir = options.logDir ?? DEFAULT_LOG_DIR;
  const roots = Object.fromEntries(
    APPS.map((app) => [app, path.resolve(options.roots?.[app] ?? path.join(REPO_ROOT, APP_FOLDERS[app], 'dist'))]),
  ) as Record<AppName, string>;
  for (const app of APPS) {
    if (!existsSync(path.join(roots[app], 'index.html')))
      throw new Error(`${roots[app]} has no index.html: build the apps first (pnpm run build).`);
  }

  const workDir = mkdtempSync(path.join(tmpdir(), 'topology-'));
  const filesDir = path.join(workDir, 'files');
  mkdirSync(filesDir, { mode: 0o700 });
  const tls = writeSelfSignedPair(path.join(workDir, 'tls'));
  const fetchFromSite = http2Fetch(tls.certificate);

  const servers: Started[] = [];
  let postgres: ThrowawayPostgres | undefined;
  const apis: ApiReplica[] = [];
  const stop = async () => {
    for (const server of servers.reverse()) await server.stop();
    servers.length = 0;
    await Promise.all(apis.map((api) => api.stop()));
    await postgres?.stop();
    rmSync(workDir, { recursive: true, force: true });
  };

  try {
    // The API image's build (tooling/docker/api.Dockerfile): the replicas run what it compiles.
    await runToEnd('pnpm', ['--filter', 'api', 'run', 'build']);
    postgres = await startPostgres({ port: ports.postgres });
    // A production API loads no demo data (SEED_DEMO is refused there: the demo accounts' passwords are published),
    // so the database is prepared as an operator prepares compose's: the image's operator commands, before the
    // replicas start. The accounts first, with passwords made for this run, then the catalogue (games, help topics,
    // servers, regions; player1's characters, which is why the accounts come first).
    // A key made for the run seals agents' authenticator secrets, as production's must; the agent logs in with a
    // password alone (the drills and browser tests do), so REQUIRE_AGENT_TOTP, on in production, is off here.
    const totpEnv = { TOTP_SECRET_KEY: randomBytes(32).toString('base64'), REQUIRE_AGENT_TOTP: '0' };
    const operatorEnv = { NODE_ENV: 'production', DATABASE_URL: postgres.url, SEED_DEMO: '', API_TEST_CLOCK: '', ...totpEnv };
    const accounts = {} as Record<TopologyAccountName, TopologyAccount>;
    for (const { account, email, role } of TOPOLOGY_ACCOUNTS) {
      const password = randomBytes(18).toString('base64url');
      const args = ['api/dist/create-account.js', '--account', account, '--role', role, ...(email ? ['--email', email] : [])];
      await runToEnd('node', args, { ...operatorEnv, ACCOUNT_PASSWORD: password });
      accounts[account] = { account, password, email, role };
    }
    await runToEnd('node', ['api/dist/seed.js'], operatorEnv);
    const apiEnv = {
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATABASE_URL: postgres.url,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      TRUST_PROXY: 'loopback',
      FILES_DIR: filesDir,
      OUTBOX_DIR: path.join(workDir, 'outbox'),
      // A test clock or demo seeding inherited from the caller's environment would stop a production API from starting.
      API_TEST_CLOCK: '',
      SEED_DEMO: '',
      ...totpEnv,
      ...options.apiEnv,
    };
    apis.push(apiReplica('api-1', ports.api1, apiEnv, logDir), apiReplica('api-2', ports.api2, apiEnv, logDir));
    // Both at once, as compose starts them: migrations are safe for concurrent replicas.
    await Promise.all(apis.map((api) => api.restart()));

    const remoteOrigins = REMOTE_NAMES.map((name) => originUrl(ports[name]));
    const origins = Object.fromEntries(APPS.map((app) => [app, originUrl(ports[app])])) as Record<AppName, string>;
    for (const app of APPS) {
      const nginx = startNginx(
        `origin-${app}`,
        path.join(workDir, `nginx-${app}`),
        renderStaticOrigin({ port: ports[app], root: roots[app], remoteOrigins }),
        logDir,
      );
      servers.push(nginx.started);
    }
    const remotesJson = path.join(workDir, 'remotes.json');
    writeFileSync(
      remotesJson,
      JSON.stringify(Object.fromEntries(REMOTE_NAMES.map((name) => [name, `${origins[name]}/mf-manifest.json`])), null, 2),
    );
    // The shell's page server and each remote's fragment server, as compose runs them (README "First view in the
    // HTML"): the production start command on the app's files, the API through the edge's internal port.
    const firstViewServers = {
      shell: ports.shellPages,
      catalog: ports.catalogFragments,
      support: ports.supportFragments,
      account: ports.accountFragments,
    };
    const renderServers = APPS.map((app) =>
      startProcess(
        `${app === 'shell' ? 'shell-pages' : `${app}-fragments`}`,
        'node',
        ['tooling/bin/serve-app.js', '--app', app, '--port', String(firstViewServers[app]), '--dir', roots[app]],
        {
          env: {
            NODE_ENV: 'production',
            API_URL: `http://127.0.0.1:${ports.edgeInternalApi}`,
            REMOTES_JSON: remotesJson,
            FIRST_VIEW_INCLUDES: 'edge',
          },
          logDir,
        },
      ),
    );
    const edge = startNginx(
      'edge',
      path.join(workDir, 'nginx-edge'),
      renderEdge({
        port: ports.edge,
        httpPort: ports.edgeHttp,
        internalApiPort: ports.edgeInternalApi,
        shellOrigin: `http://127.0.0.1:${ports.shell}`,
        shellPages: `127.0.0.1:${ports.shellPages}`,
        fragmentServers: {
          catalog: `127.0.0.1:${ports.catalogFragments}`,
          support: `127.0.0.1:${ports.supportFragments}`,
          account: `127.0.0.1:${ports.accountFragments}`,
        },
        staticOrigins: {
          catalog: `127.0.0.1:${ports.catalog}`,
          support: `127.0.0.1:${ports.support}`,
          account: `127.0.0.1:${ports.account}`,
        },
        apiReplicas: apis.map((api) => new URL(api.url).host),
        remotesJson,
        cacheDir: path.join(workDir, 'fragment-cache'),
        tls,
        ...(options.liftEdgeLimits ? { limitsExempt: ['127.0.0.0/8', '::1/128'] } : {}),
      }),
      logDir,
    );
    servers.push(...renderServers, edge.started);
    await Promise.all([
      ...servers
        .slice(0, APPS.length)
        .map((server, index) => waitUntilUp(`http://127.0.0.1:${ports[APPS[index]!]}/index.html`, server, 30_000)),
      ...renderServers.map((server, index) => waitUntilUp(`http://127.0.0.1:${firstViewServers[APPS[index]!]}/index.html`, server, 30_000)),
      waitUntilUp(`https://localhost:${ports.edge}/api/health`, edge.started, 30_000, fetchFromSite),
    ]);
    const site = `https://localhost:${ports.edge}`;
    return {
      urls: { site, api: `${site}/api`, origins },
      roots,
      apis,
      postgres: { url: postgres.url, version: postgres.version, query: postgres.query },
      accounts,
      filesDir,
      logDir,
      certificate: tls.certificate,
      fetch: fetchFromSite,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
