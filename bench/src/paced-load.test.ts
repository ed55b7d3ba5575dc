import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pacedLoad } from './paced-load.js';

let server: http.Server | undefined;

/** A server answering every request after `delayMs`, recording when each arrived. */
async function slowServer(delayMs: number, status = 200): Promise<{ origin: string; arrivals: number[]; paths: string[] }> {
  const arrivals: number[] = [];
  const paths: string[] = [];
  server = http.createServer((request, response) => {
    arrivals.push(performance.now());
    paths.push(request.url ?? '');
    setTimeout(() => response.writeHead(status).end('ok'), delayMs);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, arrivals, paths };
}

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

describe('requests at an even pace', () => {
  it('sends rate x seconds requests spread over the run, not in a burst, on the paths given', async () => {
    const { origin, arrivals, paths } = await slowServer(1);
    const startedAt = performance.now();
    const result = await pacedLoad({ origin, pathOf: (n) => `/item/${n}`, perSecond: 50, seconds: 1, connections: 8 });
    expect(result.requests).toBe(50);
    expect(result.answers).toEqual({ '200': 50 });
    // Each on the path of its number (the connections may deliver two close requests in either order).
    expect([...paths].sort()).toEqual(Array.from({ length: 50 }, (_, n) => `/item/${n}`).sort());
    // 50 a second is one every 20 ms: the 25th is not sent before 480 ms, the 50th not before 980 ms (a busy machine
    // only makes them later), where a burst would send them all at once.
    expect(arrivals[24]! - startedAt).toBeGreaterThan(470);
    expect(arrivals[49]! - startedAt).toBeGreaterThan(970);
  });

  it('counts the wait for a free connection in the latency, from when each request was due', async () => {
    // One connection, a 30 ms answer and a request due every 10 ms: requests queue, and the queue grows.
    const { origin } = await slowServer(30);
    const result = await pacedLoad({ origin, pathOf: () => '/', perSecond: 100, seconds: 0.5, connections: 1 });
    expect(result.requests).toBe(50);
    expect(result.p50Ms).toBeGreaterThan(30);
    expect(result.p99Ms).toBeGreaterThan(500);
  });

  it('counts answers that are not 2xx', async () => {
    const { origin } = await slowServer(1, 503);
    const result = await pacedLoad({ origin, pathOf: () => '/', perSecond: 20, seconds: 0.5, connections: 2 });
    expect(result.non2xx).toBe(10);
    expect(result.answers).toEqual({ '503': 10 });
  });
});
