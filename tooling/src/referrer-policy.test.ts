import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer } from './static-server.js';

/**
 * Issue 6 "token leaks (Referer)": a game client opens the site with `?oauth_token=` in the address. The shell
 * takes it out of the address bar at once; until then (the page's own scripts, styles and first calls), and for
 * every other page, no request may carry the page's path and query in its Referer, to this origin's logs either
 * (security review #2). Production (nginx) sends the same header.
 */
const nginxTemplate = new URL('../docker/nginx-static.conf.template', import.meta.url);
let root: string;
let server: Awaited<ReturnType<typeof startStaticServer>>;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'referrer-policy-'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
  server = await startStaticServer({
    app: 'shell',
    port: 0,
    host: '127.0.0.1',
    root,
    remotes: { catalog: 'http://localhost:1', support: 'http://localhost:2', account: 'http://localhost:3' },
    apiUrl: 'http://127.0.0.1:9',
  });
});

afterAll(async () => {
  await server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('Referrer-Policy', () => {
  it('keeps the path and query (a token in the address) out of every Referer, same-origin ones included', async () => {
    const page = await server.inject({ url: '/?oauth_token=abcdefghijklmnopqrstuvwxyz' });
    expect(page.statusCode).toBe(200);
    // strict-origin: every origin, this one too, sees the origin only, and nothing over plain http.
    expect(page.headers['referrer-policy']).toBe('strict-origin');
    const asset = await server.inject({ url: '/missing.js' });
    expect(asset.headers['referrer-policy']).toBe('strict-origin');
  });

  it('is the same in production (nginx)', async () => {
    expect(await readFile(nginxTemplate, 'utf8')).toMatch(/^\s*add_header Referrer-Policy strict-origin always;$/m);
  });
});
