import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ExpiringCache, FRAGMENT_TIMEOUT_MS, resolveIncludes } from './first-view.js';

describe('resolveIncludes: the edge stitching fragments into a page', () => {
  let origin: Server;
  let originUrl = '';
  const askedEncodings: (string | undefined)[] = [];

  beforeAll(async () => {
    // A remote's origin whose fragments answer at once, too late, with an error, or with none for the route.
    origin = createServer((request, response) => {
      const path = request.url ?? '';
      askedEncodings.push(request.headers['accept-encoding']);
      if (path.startsWith('/_fragment/first-view?path=%2F&'))
        return response.writeHead(200, { 'content-type': 'text/html' }).end('<p>first view</p>');
      if (path.startsWith('/_fragment/slow')) return void setTimeout(() => response.end('<p>late</p>'), FRAGMENT_TIMEOUT_MS * 3);
      if (path.startsWith('/_fragment/broken')) return response.writeHead(500).end('<h1>Internal error</h1>');
      return response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    origin.closeAllConnections();
    await new Promise((resolve) => origin.close(resolve));
  });

  const page = (virtual: string) => `<main><div id="app"><!--# include virtual="${virtual}" --></div></main>`;
  const originOf = (app: string) => (app === 'catalog' ? originUrl : undefined);

  it("puts the remote's fragment where the include was, asked for uncompressed as nginx asks", async () => {
    askedEncodings.length = 0;
    expect(await resolveIncludes(page('/_fragment/catalog/first-view?path=%2F&lang=ko'), originOf)).toBe(
      '<main><div id="app"><p>first view</p></div></main>',
    );
    expect(askedEncodings).toEqual(['identity']);
  });

  it('leaves the place empty for a slow, failing or empty fragment and an unknown app', async () => {
    // The slow fragment does come, after the timeout: put in its place, it would fail the comparison.
    for (const virtual of [
      '/_fragment/catalog/slow',
      '/_fragment/catalog/broken',
      '/_fragment/catalog/first-view?path=%2Flogin',
      '/_fragment/unknown/first-view',
      '/elsewhere',
    ]) {
      expect(await resolveIncludes(page(virtual), originOf)).toBe('<main><div id="app"></div></main>');
    }
  });
});

describe('ExpiringCache', () => {
  it('hands entries out fresh, then stale for as long again, then forgets them; the oldest goes beyond its size', () => {
    // On the test's own clock: a busy machine must not decide when an entry goes stale.
    vi.useFakeTimers();
    try {
      const cache = new ExpiringCache<string>(50, 2);
      cache.set('a', '1');
      cache.set('b', '2');
      cache.set('c', '3');
      expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([
        undefined,
        { value: '2', stale: false },
        { value: '3', stale: false },
      ]);
      vi.advanceTimersByTime(60);
      expect(cache.get('b')).toEqual({ value: '2', stale: true });
      vi.advanceTimersByTime(50);
      expect(cache.get('b')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
