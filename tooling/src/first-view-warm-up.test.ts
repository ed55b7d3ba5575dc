import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_VIEW_PATH, SERVER_BUNDLE_FILE } from './first-view.js';
import type { AppName } from './static-server.js';
import { startTestOrigin } from './test-origin.js';

/**
 * A starting first-view server (README "First view in the HTML") listens only once its server bundle is warm, so
 * that what waits for it to answer (the browser tests, the topology, a readiness probe) sends the first page to a
 * warm one, whose fragment meets the edge's timeout. The bundles here stand in for an app's built one and tell the
 * test, through `globalThis`, what the server asked of them.
 */
interface WarmUpProbe {
  release: () => void;
  warmUps: { apiUrl: string }[];
  pages: { path: string; host: string }[];
}

const probe = globalThis as typeof globalThis & { warmUpProbe?: WarmUpProbe };

const REMOTE_BUNDLE = `
const probe = globalThis.warmUpProbe;
const released = new Promise((resolve) => { probe.release = resolve; });
let warm = false;
exports.renderer = {
  prepare: async () => {},
  async warmUp(environment) {
    probe.warmUps.push({ apiUrl: environment.apiUrl });
    await released;
    // The first WARM_UP_FAILURES attempts find no API, as when the API starts after this server.
    if (probe.warmUps.length <= Number(process.env.WARM_UP_FAILURES ?? 0)) throw new Error('the API does not answer');
    warm = true;
  },
  render: async (query) => '<p>' + (warm ? 'warm' : 'cold') + ' for ' + query.host + '</p>',
};`;

const SHELL_BUNDLE = `
exports.document = {
  prepare: async () => {},
  async render(input) {
    globalThis.warmUpProbe.pages.push({ path: input.path, host: input.host });
    return { status: 200, html: input.template, inlineStyles: [] };
  },
};`;

const logLevel = process.env.LOG_LEVEL;
let roots: string[] = [];
let servers: FastifyInstance[] = [];

afterEach(async () => {
  for (const server of servers) await server.close();
  for (const root of roots) await rm(root, { recursive: true, force: true });
  servers = [];
  roots = [];
  delete process.env.WARM_UP_FAILURES;
  if (logLevel === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = logLevel;
  delete probe.warmUpProbe;
});

async function builtApp(bundle: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'warm-up-'));
  roots.push(root);
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
  await mkdir(path.join(root, path.dirname(SERVER_BUNDLE_FILE)));
  await writeFile(path.join(root, SERVER_BUNDLE_FILE), bundle);
  return root;
}

function start(app: AppName, root: string, warmUpDeadlineMs?: number): Promise<FastifyInstance> {
  return startTestOrigin(app, root, warmUpDeadlineMs === undefined ? {} : { warmUpDeadlineMs }).then((server) => {
    servers.push(server);
    return server;
  });
}

async function firstFragment(server: FastifyInstance): Promise<string> {
  const { port } = server.server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}${FIRST_VIEW_PATH}?path=%2F&host=hikari.localhost&area=jp&lang=ja`);
  return response.text();
}

describe("a fragment server's start", () => {
  it("listens only once the remote's first views are warm, and its first fragment comes from the warm renderer", async () => {
    probe.warmUpProbe = { release: () => undefined, warmUps: [], pages: [] };
    const root = await builtApp(REMOTE_BUNDLE);
    let listening = false;
    const starting = start('catalog', root).then((server) => {
      listening = true;
      return server;
    });
    await expect.poll(() => probe.warmUpProbe?.warmUps).toEqual([{ apiUrl: 'http://api.invalid' }]);
    expect(listening).toBe(false);

    probe.warmUpProbe.release();
    expect(await firstFragment(await starting)).toBe('<p>warm for hikari.localhost</p>');
  });

  it('warms up again while the API does not answer yet', async () => {
    probe.warmUpProbe = { release: () => undefined, warmUps: [], pages: [] };
    process.env.WARM_UP_FAILURES = '2';
    const root = await builtApp(REMOTE_BUNDLE);
    const starting = start('catalog', root);
    await expect.poll(() => probe.warmUpProbe?.warmUps.length).toBe(1);
    probe.warmUpProbe.release();
    expect(await firstFragment(await starting)).toBe('<p>warm for hikari.localhost</p>');
    expect(probe.warmUpProbe.warmUps).toHaveLength(3);
  });

  it('starts all the same when the API never answers within the deadline, and renders on request', async () => {
    probe.warmUpProbe = { release: () => undefined, warmUps: [], pages: [] };
    process.env.WARM_UP_FAILURES = 'Infinity';
    // The server warns of the failed warm-up, as it should; the test's output need not show it.
    process.env.LOG_LEVEL = 'error';
    const root = await builtApp(REMOTE_BUNDLE);
    const starting = start('catalog', root, 1_000);
    await expect.poll(() => probe.warmUpProbe?.warmUps.length).toBe(1);
    probe.warmUpProbe.release();
    expect(await firstFragment(await starting)).toBe('<p>cold for hikari.localhost</p>');
    expect(probe.warmUpProbe.warmUps.length).toBeGreaterThan(1);
  });
});

describe("the shell's page server's start", () => {
  it('renders the front page once before it listens', async () => {
    probe.warmUpProbe = { release: () => undefined, warmUps: [], pages: [] };
    const root = await builtApp(SHELL_BUNDLE);
    await start('shell', root);
    expect(probe.warmUpProbe.pages).toEqual([{ path: '/', host: 'localhost' }]);
  });
});
