import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FIRST_VIEW_STYLESHEETS_PATH } from 'shared-contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestOrigin } from './test-origin.js';

/**
 * A remote's origin answers the page's head include with the links to its first view's stylesheets, as its
 * mf-manifest.json names them at the time (README "First view in the HTML"): in the head, they hold the first
 * paint until the view is styled, where a link in the region stopped the parser there.
 */
const REMOTE_ORIGIN = 'http://catalog.example:8081';
let root: string;
let server: FastifyInstance;

afterEach(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

async function writeManifest(css: string[], at: Date): Promise<void> {
  const file = path.join(root, 'mf-manifest.json');
  await writeFile(file, JSON.stringify({ exposes: [{ assets: { css: { sync: css, async: [] } } }] }));
  // A redeploy's manifest is a newer file: the server reads it again when its time changes.
  await utimes(file, at, at);
}

async function start(): Promise<string> {
  root = await mkdtemp(path.join(tmpdir(), 'stylesheets-'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>catalog</title>');
  await writeManifest(['__federation_expose_app.1111.css'], new Date(2026, 0, 1));
  server = await startTestOrigin('catalog', root, { remote: `${REMOTE_ORIGIN}/mf-manifest.json` });
  const { port } = server.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}${FIRST_VIEW_STYLESHEETS_PATH}`;
}

describe("a remote's first-view stylesheets for the page's head", () => {
  it("links its exposed module's stylesheets on its public origin, and those of the manifest deployed since", async () => {
    const url = await start();
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await first.text()).toBe(`<link rel="stylesheet" href="${REMOTE_ORIGIN}/__federation_expose_app.1111.css">`);

    await writeManifest(['__federation_expose_app.2222.css', 'extra.3333.css'], new Date(2026, 0, 2));
    expect(await (await fetch(url)).text()).toBe(
      `<link rel="stylesheet" href="${REMOTE_ORIGIN}/__federation_expose_app.2222.css">` +
        `<link rel="stylesheet" href="${REMOTE_ORIGIN}/extra.3333.css">`,
    );
  });

  it('answers 204, nothing to include, for a view without stylesheets', async () => {
    const url = await start();
    await writeManifest([], new Date(2026, 0, 2));
    const response = await fetch(url);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });
});
