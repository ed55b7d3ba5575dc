import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './processes.js';
import { writeSelfSignedPair } from './tls.js';
import { loopbackEdgeOptions } from './topology/edge-test-options.js';
import { EDGE_CONFIG, STATIC_TEMPLATE, renderEdge, renderStaticOrigin, startNginx, type NginxServer } from './topology/nginx.js';

/**
 * Security review #2: a game client opens the site with the 30-day session token in `?oauth_token=`, and social
 * logins come back with `?code=&state=`. The nginx access logs (edge and static origins, read by whoever reads the
 * container logs) must hold the path of such a request but never its query string or its Referer.
 */
const TOKEN = 'tok3nThatMustNeverBeLogged_abcdefghijklmnop';
const K8S_EDGE_CONFIG = path.join(REPO_ROOT, 'deploy', 'k8s', 'base', 'nginx-edge.conf');
let workDir: string;
let nginx: NginxServer | undefined;
let port: number;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: found } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return found;
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'access-log-'));
  const root = path.join(workDir, 'html');
  await mkdir(root);
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
  port = await freePort();
  nginx = startNginx('static-origin', path.join(workDir, 'nginx'), renderStaticOrigin({ port, root, remoteOrigins: [] }), workDir);
  for (let tries = 0; tries < 100; tries += 1) {
    if (
      await fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

afterAll(async () => {
  await nginx?.started.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** The log_format a server block's access_log names, with its definition. */
function accessLogFormats(config: string): { blocks: number; logged: string[]; formats: Map<string, string> } {
  const formats = new Map([...config.matchAll(/^log_format (\S+) '([^;]*)';$/gm)].map((match) => [match[1]!, match[2]!]));
  const blocks = [...config.matchAll(/^server \{$/gm)].length;
  const logged = [...config.matchAll(/^ {2}access_log \/var\/log\/nginx\/access\.log (\S+);$/gm)].map((match) => match[1]!);
  return { blocks, logged, formats };
}

describe('nginx access logs', () => {
  it('log the path of a request with a token in its query and Referer, never the token (a real static origin)', async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/SupportCenter/inquiry?gameId=3&oauth_token=${TOKEN}`, {
      headers: { referer: `http://127.0.0.1:${port}/?oauth_token=${TOKEN}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin');
    let log = '';
    for (let tries = 0; tries < 50 && !log.includes('/SupportCenter/inquiry'); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      log = await readFile(path.join(workDir, 'static-origin-access.log'), 'utf8').catch(() => '');
    }
    expect(log).toContain('"GET /SupportCenter/inquiry HTTP/1.1" 200');
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain('oauth_token');
  });

  it.each([
    ['edge', EDGE_CONFIG],
    ['edge on Kubernetes', K8S_EDGE_CONFIG],
    ['static origin', STATIC_TEMPLATE],
  ])('%s: every server block logs with a format of the path alone', async (_name, file) => {
    const { blocks, logged, formats } = accessLogFormats(await readFile(file, 'utf8'));
    expect(logged).toHaveLength(blocks);
    for (const format of logged) {
      const definition = formats.get(format);
      expect(definition, format).toBeDefined();
      expect(definition).toMatch(/\$(edge|static)_request_path\b/);
      expect(definition).not.toMatch(/\$(request|request_uri|uri|args|query_string|is_args|http_referer|arg_\w+)\b/);
    }
  });
});

/** The status of a GET over the edge's TLS (its certificate is the test's own). */
function edgeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const asked = httpsRequest(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    asked.on('error', reject);
    asked.end();
  });
}

describe('nginx error log of the edge', () => {
  it("a page whose page server is down is logged without its query: nginx's error line would carry the token", async () => {
    // The edge alone, at ports of its own: no page or fragment server behind it, so every page is a failed upstream.
    const dir = await mkdtemp(path.join(tmpdir(), 'edge-error-log-'));
    const options = loopbackEdgeOptions(400, {
      remotesJson: path.join(dir, 'remotes.json'),
      cacheDir: path.join(dir, 'fragment-cache'),
      tls: writeSelfSignedPair(path.join(dir, 'tls')),
    });
    const edge = startNginx('edge', path.join(dir, 'nginx'), renderEdge(options), dir);
    try {
      let status = 0;
      for (let tries = 0; tries < 100 && status === 0; tries += 1) {
        status = await edgeStatus(`https://127.0.0.1:${options.port}/SupportCenter?oauth_token=${TOKEN}`).catch(() => 0);
        if (status === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(502);
      let access = '';
      for (let tries = 0; tries < 50 && !access.includes('/SupportCenter'); tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        access = await readFile(path.join(dir, 'edge-access.log'), 'utf8').catch(() => '');
      }
      expect(access).toContain('"GET /SupportCenter HTTP/1.1" 502');
      const output = await readFile(edge.started.logFile, 'utf8');
      expect(output).not.toContain(TOKEN);
    } finally {
      await edge.started.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['edge', EDGE_CONFIG],
    ['edge on Kubernetes', K8S_EDGE_CONFIG],
  ])('%s: the locations of pages and fragments log errors at crit only', async (_name, file) => {
    const locations = (await readFile(file, 'utf8')).split(/^ {2}location /m);
    const proxying = locations.filter((block) => /proxy_pass http:\/\/(shell-pages|\$1-fragments)/.test(block));
    expect(proxying).toHaveLength(2);
    for (const block of proxying) expect(block).toMatch(/^ {4}error_log stderr crit;$/m);
  });
});
