import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Page, Route } from '@playwright/test';

/**
 * Holds the page's requests for `url` until the function returned is called: a script that arrives only once the
 * test has acted (typed into a first view before its remote mounts, say).
 */
export async function holdUntilReleased(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/**
 * The next request `matches` accepts reaches the API, and its answer is lost on the way back (the connection drops):
 * what a player on a bad network sees after the server has already done the work.
 */
export async function loseNextAnswer(page: Page, matches: (url: URL) => boolean): Promise<void> {
  await page.route(
    matches,
    async (route: Route) => {
      // Sent from the test runner, which does not resolve *.localhost as the browser does: the same origin by address.
      const url = new URL(route.request().url());
      url.hostname = '127.0.0.1';
      await route.fetch({ url: url.toString() });
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
}

/**
 * Uploads at 256 KB/s from now on, so an upload's progress can be watched on the page; the function returned gives the
 * page its full speed back.
 */
export async function slowUploads(page: Page): Promise<() => Promise<void>> {
  const network = await page.context().newCDPSession(page);
  const uploadAt = (uploadThroughput: number) =>
    network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput });
  await network.send('Network.enable');
  await uploadAt(256 * 1024);
  return async () => {
    await uploadAt(-1);
  };
}

/**
 * An origin on `port` standing in for the site's origin on `upstreamPort`: each request goes through to it, unless
 * `answer` takes the request itself (answers it, holds it or leaves it unanswered) and returns true. A slow, broken or
 * oddly delivering stand-in for one part of the site. Resolves once it listens; `close` ends it and its connections.
 */
export async function startStandIn(
  port: number,
  upstreamPort: number,
  answer: (incoming: IncomingMessage, outgoing: ServerResponse) => boolean,
): Promise<{ close: () => Promise<void> }> {
  const server = createServer((incoming, outgoing) => {
    if (answer(incoming, outgoing)) return;
    const upstream = forward({ port: upstreamPort, path: incoming.url, method: incoming.method, headers: incoming.headers }, (reply) => {
      outgoing.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(outgoing);
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
