import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LIVE_EVENTS_PATH, LIVE_TIMINGS } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestOrigin } from './test-origin.js';

/**
 * The live channel (issue 15) through the local site server, as `npm start` and the browser tests run it: each
 * event reaches the browser when the API writes it, not when the stream ends (no compression or buffering holds
 * it back); and the production edges' nginx files, which `nginx -t` checks elsewhere, pass it on unbuffered and wait
 * longer than a heartbeat.
 */
const NGINX_EDGES = ['../docker/nginx-edge.conf', '../../deploy/k8s/base/nginx-edge.conf'].map((file) => new URL(file, import.meta.url));
let upstream: Server;
let site: FastifyInstance;
let root: string;
const open: ServerResponse[] = [];

beforeAll(async () => {
  upstream = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
    response.write('event: ready\ndata: {"resumed":false}\n\n');
    // The stream stays open, as a live one does.
    open.push(response);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  root = await mkdtemp(path.join(tmpdir(), 'static-stream-'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
  site = await startTestOrigin('shell', root, { apiUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
});

afterAll(async () => {
  for (const response of open) response.end();
  await site?.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  await rm(root, { recursive: true, force: true });
});

describe('the local site server and the live channel', () => {
  it('passes each event on at once, uncompressed, while the stream stays open', async () => {
    const address = site.server.address() as AddressInfo;
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${address.port}/api${LIVE_EVENTS_PATH}`, {
      headers: { 'accept-encoding': 'br, gzip' },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body!.getReader();
    // The upstream never ends this stream: a server that held the event back until the end (buffering or compressing
    // the whole answer) leaves this read waiting, and the test's timeout fails it.
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(new TextDecoder().decode(first.value)).toContain('event: ready');
    controller.abort();
  });
});

describe('the edges nginx and the live channel', () => {
  it.each(NGINX_EDGES.map((url) => [url.pathname.split('/').slice(-4).join('/'), url] as const))(
    '%s streams /api/ and /api-beta/ events unbuffered, reading longer than a heartbeat',
    (_name, url) => {
      const config = readFileSync(url, 'utf8');
      for (const prefix of ['/api', '/api-beta']) {
        const block = new RegExp(`location = ${prefix}${LIVE_EVENTS_PATH} \\{([^}]*)\\}`).exec(config)?.[1] ?? '';
        expect(block).toContain('proxy_buffering off;');
        expect(block).toContain('proxy_http_version 1.1;');
        const readSeconds = Number(/proxy_read_timeout (\d+)s;/.exec(block)?.[1]);
        expect(readSeconds * 1000).toBeGreaterThan(2 * LIVE_TIMINGS.heartbeatMs);
      }
    },
  );
});
