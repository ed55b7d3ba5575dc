import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENDPOINT_ROUTES, ERROR_CODES, LIVE_EVENTS_PATH, isMessageKey, type EndpointName } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './processes.js';
import { writeSelfSignedPair } from './tls.js';
import { EDGE_CONFIG, renderEdge, startNginx, type NginxServer } from './topology/nginx.js';

/**
 * The edge's request limits per client address (security review #12, docs/operations.md "Request limits at the
 * edge"), on a real nginx (/usr/sbin/nginx, a child process on free ports, stopped by its id) in front of a stub of
 * the API and the page server in this process. Each edge file runs whole, as it is deployed, rather than its limit
 * lines alone: the limits depend on where the file puts them (which locations, the 429's named location, the
 * maps on the path nginx normalised, real_ip before the key), and a copy of those lines would test the copy. The
 * compose edge is rendered for loopback by renderEdge, as the local topology runs it (TLS and all); the Kubernetes
 * one with its Service names and ports moved to loopback, as k8s/manifests.test.ts does for nginx -t. Each test
 * sends from a loopback address of its own (127.0.0.x), so the zones it fills are its own. The numbers (bursts, the
 * live channel's connections) are read from the file, so tuning them keeps the tests meaningful.
 */
const K8S_EDGE_CONFIG = path.join(REPO_ROOT, 'deploy', 'k8s', 'base', 'nginx-edge.conf');
const EDGE_FILES = [
  ['compose edge (tooling/docker/nginx-edge.conf)', EDGE_CONFIG],
  ['Kubernetes edge (deploy/k8s/base/nginx-edge.conf)', K8S_EDGE_CONFIG],
] as const;

/** The one address each running edge is told to exempt from its limits (as the load drills' topology does loopback). */
const EXEMPT = '127.0.0.41/32';

/** What the edge answers past a limit: the API's envelope with the message key of its own login and code limits. */
const TOO_MANY = { code: ERROR_CODES.tooManyRequests, msg: 'tooManyAttempts', data: null };

/** The calls the stricter zones are for: each zone's map must name exactly these of the endpoint table. */
const STRICTER_ZONES: Record<string, { map: string; calls: readonly EndpointName[] }> = {
  edge_logins: {
    map: '$edge_login_client',
    calls: [
      'loginPassword',
      'resetPassword',
      'changePassword',
      'bindEmail',
      'socialStart',
      'twitterRedirect',
      'vkGenPkce',
      'googleAuth',
      'appleAuth',
      'facebookAuth',
      'twitterAuth',
      'vkAuth',
    ],
  },
  edge_codes: { map: '$edge_code_client', calls: ['forgotPassword', 'sendVerifyCode'] },
  edge_uploads: { map: '$edge_upload_client', calls: ['uploadFile'] },
};

/** The burst a `limit_req` line of the file gives a zone (the same in every location that names it). */
function burstOf(config: string, zone: string): number {
  const bursts = [...config.matchAll(new RegExp(`^ +limit_req zone=${zone} burst=(\\d+) nodelay;$`, 'gm'))].map((match) =>
    Number(match[1]),
  );
  expect(bursts.length, zone).toBeGreaterThan(0);
  expect(new Set(bursts).size, zone).toBe(1);
  return bursts[0]!;
}

/** The path regex of one of the file's `map $uri <variable>` blocks. */
function mapPattern(config: string, variable: string): RegExp {
  const block = new RegExp(`^map \\$uri \\${variable} \\{\\n {2}"~([^"]+)" \\$edge_client;\\n {2}default "";\\n\\}$`, 'm').exec(config);
  expect(block, variable).not.toBeNull();
  return new RegExp(block![1]!);
}

/** Every line that limits, outside comments: the http-level zones and maps, and each location's own lines. */
function limitLines(config: string): string[] {
  const http = /^geo \$edge_limits_exempt \{$[\s\S]*?^limit_conn_log_level info;$/m.exec(config)?.[0] ?? '';
  const inLocations = config
    .split(/^ {2}location /m)
    .slice(1)
    .map((block) => {
      const header = block.slice(0, block.indexOf('{')).trim();
      const limits = block.split('\n').filter((line) => /^ {4}(limit_|error_page 429|return 429|default_type)/.test(line));
      return limits.length > 0 ? [`location ${header}`, ...limits] : [];
    });
  return [...http.split('\n'), ...inLocations.flat()].filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
}

describe('the edge limits per client address: what the files say', () => {
  it.each(EDGE_FILES)('%s: the stricter zones name exactly the calls they are for, under /api/ and /api-beta/', (_name, file) => {
    const config = readFileSync(file, 'utf8');
    for (const [zone, { map, calls }] of Object.entries(STRICTER_ZONES)) {
      expect(config).toContain(`limit_req_zone ${map} zone=${zone}:`);
      const pattern = mapPattern(config, map);
      for (const prefix of ['/api', '/api-beta']) {
        const matched = (Object.entries(ENDPOINT_ROUTES) as [EndpointName, { path: string }][])
          .filter(([, route]) => pattern.test(`${prefix}${route.path}`))
          .map(([name]) => name);
        expect(matched.sort(), `${zone} ${prefix}`).toEqual([...calls].sort());
        // The page server's and other paths stay out of it, and so does the live channel.
        expect(pattern.test(`${prefix}${LIVE_EVENTS_PATH}`)).toBe(false);
      }
      expect(pattern.test('/website/login/password')).toBe(false);
    }
  });

  it.each(EDGE_FILES)(
    "%s: a refusal says what the API's own login and code limits say, which the account app translates",
    (_name, file) => {
      const returned = /^ {4}return 429 '(.*)';$/m.exec(readFileSync(file, 'utf8'))?.[1];
      expect(JSON.parse(returned ?? 'null')).toEqual(TOO_MANY);
      expect(isMessageKey(TOO_MANY.msg)).toBe(true);
      const english = JSON.parse(readFileSync(path.join(REPO_ROOT, 'mfe-account', 'locales', 'en', 'account.json'), 'utf8')) as {
        errors: Record<string, string>;
      };
      expect(english.errors[TOO_MANY.msg]).toMatch(/^Too many attempts/);
    },
  );

  it('the Kubernetes edge limits as the compose edge does, line for line', () => {
    const compose = limitLines(readFileSync(EDGE_CONFIG, 'utf8'));
    const k8s = limitLines(readFileSync(K8S_EDGE_CONFIG, 'utf8'));
    expect(compose.length).toBeGreaterThan(30);
    expect(k8s).toEqual(compose);
  });
});

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

interface RunningEdge {
  nginx: NginxServer;
  /** Opens a request from a loopback address of the test's own; resolves with the response's head. */
  open: (from: string, method: string, url: string, body?: string) => Promise<IncomingMessage>;
}

async function bodyOf(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The whole answer of a request (see RunningEdge.open). */
async function answer(edge: RunningEdge, from: string, method: string, url: string, body?: string): Promise<Answer> {
  const response = await edge.open(from, method, url, body);
  return { status: response.statusCode ?? 0, headers: response.headers, body: await bodyOf(response) };
}

function expectTooMany(refused: Answer): void {
  expect(refused.status).toBe(429);
  expect(refused.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(refused.headers['cache-control']).toBe('no-store');
  expect(JSON.parse(refused.body)).toEqual(TOO_MANY);
}

describe.each(EDGE_FILES)('%s on a real nginx', (_name, file) => {
  const config = readFileSync(file, 'utf8');
  /** Requests the stub answered, by path: what reached the API or the page server. */
  const reached = new Map<string, number>();
  const streams: ServerResponse[] = [];
  let stub: Server;
  let workDir: string;
  let edge: RunningEdge;

  beforeAll(async () => {
    stub = createServer((request, response) => {
      const pathname = new URL(request.url ?? '/', 'http://stub').pathname;
      reached.set(pathname, (reached.get(pathname) ?? 0) + 1);
      request.resume();
      if (pathname === LIVE_EVENTS_PATH) {
        response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
        response.write('event: ready\ndata: {"resumed":false}\n\n');
        streams.push(response);
      } else if (request.headers['x-forwarded-prefix']) {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end('{"code":1,"msg":"success","data":null}');
      } else {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<!doctype html><title>page</title>');
      }
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    const upstream = `127.0.0.1:${(stub.address() as AddressInfo).port}`;
    workDir = await mkdtemp(path.join(tmpdir(), 'edge-limits-'));
    const [port, internalPort, httpPort] = (await freePorts(3)) as [number, number, number];
    let render: string;
    let secure: boolean;
    if (file === EDGE_CONFIG) {
      secure = true;
      render = renderEdge({
        port,
        httpPort,
        internalApiPort: internalPort,
        shellOrigin: `http://${upstream}`,
        shellPages: upstream,
        fragmentServers: { catalog: upstream, support: upstream, account: upstream },
        staticOrigins: { catalog: upstream, support: upstream, account: upstream },
        apiReplicas: [upstream],
        remotesJson: path.join(workDir, 'remotes.json'),
        cacheDir: path.join(workDir, 'fragment-cache'),
        tls: writeSelfSignedPair(path.join(workDir, 'tls')),
        limitsExempt: [EXEMPT],
      });
    } else {
      secure = false;
      render = renderK8sEdge(config, { port, internalPort, upstream, cacheDir: path.join(workDir, 'fragment-cache'), exempt: EXEMPT });
    }
    const nginx = startNginx('edge', path.join(workDir, 'nginx'), render, workDir);
    edge = {
      nginx,
      open: (from, method, url, body) =>
        new Promise((resolve, reject) => {
          const options = {
            host: '127.0.0.1',
            port,
            path: url,
            method,
            localAddress: from,
            agent: false as const,
            headers: { host: 'nova.example.com', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          };
          const sent = secure ? httpsRequest({ ...options, rejectUnauthorized: false }, resolve) : httpRequest(options, resolve);
          sent.on('error', reject);
          sent.end(body);
        }),
    };
    // Up once it answers anything: /remotes.json (no file here, so 404) counts in no zone.
    for (let tries = 0; ; tries += 1) {
      const up = await answer(edge, '127.0.0.1', 'GET', '/remotes.json').then(
        () => true,
        () => false,
      );
      if (up) break;
      if (tries > 100) throw new Error(`the edge did not start: see ${nginx.started.logFile}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    await edge?.nginx.started.stop();
    for (const response of streams) response.end();
    stub?.closeAllConnections();
    await new Promise((resolve) => stub?.close(resolve));
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  /** One page as a player's browser loads it: the page, then every call a page may make, at once. */
  async function loadPage(from: string): Promise<number[]> {
    const page = await answer(edge, from, 'GET', '/SupportCenter?spec_lang=en');
    const calls = await Promise.all(PAGE_CALLS.map((route) => answer(edge, from, 'GET', `/api${route.path}?spec_lang=en&domain_area=kr`)));
    return [page.status, ...calls.map((call) => call.status)];
  }

  it.each([
    ['password logins', 'edge_logins', ENDPOINT_ROUTES.loginPassword.path, '127.0.0.11'],
    ['code sendings', 'edge_codes', ENDPOINT_ROUTES.forgotPassword.path, '127.0.0.12'],
    ['uploads', 'edge_uploads', ENDPOINT_ROUTES.uploadFile.path, '127.0.0.13'],
  ])(
    'a burst of %s from one address is answered 429 in the API envelope past its burst, none reaching the API; that address still loads pages',
    async (_what, zone, apiPath, from) => {
      const burst = burstOf(config, zone);
      const before = reached.get(apiPath) ?? 0;
      // One after another, as fast as they go: the burst and the one request the rate allows at once pass; the rate
      // (a request every 2 or 6 s) cannot let ten more through in the moment these take.
      const answers: Answer[] = [];
      for (let sent = 0; sent < burst + 1 + 10; sent += 1) {
        answers.push(await answer(edge, from, 'POST', `/api${apiPath}?spec_lang=en`, '{"account":"player1","password":"wrong-password"}'));
      }
      const statuses = answers.map((each) => each.status);
      expect(statuses.slice(0, burst + 1)).toEqual(Array.from({ length: burst + 1 }, () => 200));
      const refused = answers.filter((each) => each.status !== 200);
      expect(refused.length).toBeGreaterThan(0);
      for (const each of refused) expectTooMany(each);
      // Refused at the edge: only what passed reached the API.
      expect((reached.get(apiPath) ?? 0) - before).toBe(answers.length - refused.length);
      // The same address's next page and all its calls are another zone's.
      expect(new Set(await loadPage(from))).toEqual(new Set([200]));
    },
    30_000,
  );

  it('a player who logs in and loads page after page, each with every call a page may make and a live stream, meets no limit', async () => {
    const from = '127.0.0.21';
    const statuses: number[] = [];
    const held: IncomingMessage[] = [];
    try {
      // Two mistyped passwords, then the right one (the stub answers every call alike).
      for (let attempt = 0; attempt < 3; attempt += 1) {
        statuses.push((await answer(edge, from, 'POST', `/api${ENDPOINT_ROUTES.loginPassword.path}`, '{"account":"player1"}')).status);
      }
      for (let page = 0; page < 5; page += 1) {
        statuses.push(...(await loadPage(from)));
        const stream = await edge.open(from, 'GET', `/api${LIVE_EVENTS_PATH}?spec_lang=en`);
        held.push(stream);
        statuses.push(stream.statusCode ?? 0);
      }
    } finally {
      for (const stream of held) stream.destroy();
    }
    expect(statuses.length).toBeGreaterThan(5 * (PAGE_CALLS.length + 2));
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  }, 30_000);

  it('an address in the exempt list (geo $edge_limits_exempt) meets no limit', async () => {
    const burst = burstOf(config, 'edge_logins');
    const login = `/api${ENDPOINT_ROUTES.loginPassword.path}`;
    const statuses: number[] = [];
    for (let sent = 0; sent < burst + 1 + 10; sent += 1)
      statuses.push((await answer(edge, EXEMPT.split('/')[0]!, 'POST', login, '{}')).status);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  }, 30_000);

  it('an address holds as many live streams open as its limit allows, and the next is answered 429 in the API envelope', async () => {
    const from = '127.0.0.31';
    const allowed = Number(/^ {4}limit_conn edge_live (\d+);$/m.exec(config)?.[1]);
    expect(allowed).toBeGreaterThan(1);
    const held: IncomingMessage[] = [];
    try {
      const opened = await Promise.all(Array.from({ length: allowed }, () => edge.open(from, 'GET', `/api-beta${LIVE_EVENTS_PATH}`)));
      held.push(...opened);
      expect(new Set(opened.map((stream) => stream.statusCode))).toEqual(new Set([200]));
      const next = await edge.open(from, 'GET', `/api${LIVE_EVENTS_PATH}`);
      held.push(next);
      expect(next.statusCode).toBe(429);
      expectTooMany({ status: 429, headers: next.headers, body: await bodyOf(next) });
      // Another address's stream is its own.
      const other = await edge.open('127.0.0.32', 'GET', `/api${LIVE_EVENTS_PATH}`);
      held.push(other);
      expect(other.statusCode).toBe(200);
    } finally {
      for (const stream of held) stream.destroy();
    }
  }, 30_000);
});

/**
 * Every read a player's page may ask the API for (the endpoint table's GET calls for guests and players, not a
 * download or a login step): more than any one page asks.
 */
const PAGE_CALLS = Object.values(ENDPOINT_ROUTES).filter(
  (route) =>
    route.method === 'GET' &&
    ['none', 'required', 'player'].includes(route.auth) &&
    route.transport !== 'download' &&
    !/^\/website\/login\/(?!auth$|login_config$)/.test(route.path),
);

/**
 * The Kubernetes edge file on loopback: its upstreams (the Services) all the stub, its ports free ones, its cache in
 * the test's folder. Each replacement must find its line, so the file cannot drift from what this expects.
 */
function renderK8sEdge(
  config: string,
  options: { port: number; internalPort: number; upstream: string; cacheDir: string; exempt: string },
): string {
  const replacing = (text: string, find: RegExp | string, replacement: string) => {
    const found = typeof find === 'string' ? text.includes(find) : text.search(find) !== -1;
    if (!found) throw new Error(`deploy/k8s/base/nginx-edge.conf no longer contains ${String(find)}`);
    return text.replace(find, replacement);
  };
  let rendered = replacing(config, /^( {2}server )[a-z-]+:\d+;$/gm, `$1${options.upstream};`);
  rendered = replacing(rendered, /^ {2}listen 8080 default_server;$/m, `  listen 127.0.0.1:${options.port} default_server;`);
  rendered = replacing(rendered, /^ {2}listen 8090;$/m, `  listen 127.0.0.1:${options.internalPort};`);
  rendered = replacing(
    rendered,
    'geo $edge_limits_exempt {\n  default 0;\n',
    `geo $edge_limits_exempt {\n  default 0;\n  ${options.exempt} 1;\n`,
  );
  return replacing(rendered, 'proxy_cache_path /var/cache/nginx/fragments ', `proxy_cache_path "${options.cacheDir}" `);
}

/** Ports free on loopback now, each different. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve) => {
          const server = createServer();
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
