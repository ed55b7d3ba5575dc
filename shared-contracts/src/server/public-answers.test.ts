import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { firstViewApi } from './first-view.js';
import { PublicAnswers } from './public-answers.js';

describe('PublicAnswers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks once for every caller, reuses the answer while fresh, then hands it out while one call revalidates it', async () => {
    // On the test's own clock: a busy machine must not decide when an answer goes stale.
    vi.useFakeTimers();
    const answers = new PublicAnswers(1_000, 10);
    let asked = 0;
    const ask = () => Promise.resolve(`answer ${++asked}`);
    expect(await Promise.all([answers.answer('games', ask), answers.answer('games', ask)])).toEqual(['answer 1', 'answer 1']);
    vi.advanceTimersByTime(999);
    expect(await answers.answer('games', ask)).toBe('answer 1');
    expect(asked).toBe(1);

    vi.advanceTimersByTime(1);
    expect(await answers.answer('games', ask)).toBe('answer 1');
    expect(asked).toBe(2);
    expect(await answers.answer('games', ask)).toBe('answer 2');

    vi.advanceTimersByTime(2_000);
    expect(await answers.answer('games', ask)).toBe('answer 3');
  });

  it('keeps no failure: the next caller asks again, and a failed revalidation leaves the answer it had', async () => {
    vi.useFakeTimers();
    const answers = new PublicAnswers(1_000, 10);
    const failing = () => Promise.reject(new Error('API down'));
    await expect(answers.answer('games', failing)).rejects.toThrow('API down');
    expect(await answers.answer('games', () => Promise.resolve('listed'))).toBe('listed');

    vi.advanceTimersByTime(1_500);
    expect(await answers.answer('games', failing)).toBe('listed');
    await Promise.resolve();
    expect(await answers.answer('games', failing)).toBe('listed');
  });

  it('forgets the oldest answer beyond its bound', async () => {
    const answers = new PublicAnswers(60_000, 2);
    let asked = 0;
    const ask = () => Promise.resolve(++asked);
    for (const key of ['a', 'b', 'c']) await answers.answer(key, ask);
    expect([await answers.answer('c', ask), await answers.answer('b', ask), await answers.answer('a', ask)]).toEqual([3, 2, 4]);
  });
});

describe('firstViewApi', () => {
  /** Stands in for the API: counts the game lists asked for and answers each with the host it was asked for. */
  let api: Server;
  let apiUrl = '';
  const asked: IncomingMessage[] = [];

  beforeAll(async () => {
    api = createServer((request, response) => {
      asked.push(request);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 1, msg: 'success', data: [{ askedFor: request.headers['x-forwarded-host'] }] }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
  });

  const gamesFor = (host: string, language: 'ko' | 'ja' = 'ko') =>
    firstViewApi({ host, area: 'kr', language }, { apiUrl }).call('gamesSimple', { query: { platform: 'web' } });

  it("shares a brand's public answers across its hosts, and asks again for another brand, language or query", async () => {
    const first = await gamesFor('nova.localhost');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.headers['x-forwarded-host']).toBe('nova.localhost');
    // A host no brand names is the default brand's (resolveBrand), as nova's own hosts are.
    expect(await gamesFor('www.nova.example.com')).toBe(first);
    expect(await gamesFor('miss-1.localhost')).toBe(first);
    expect(asked).toHaveLength(1);

    await gamesFor('hikari.localhost');
    await gamesFor('nova.localhost', 'ja');
    await firstViewApi({ host: 'nova.localhost', area: 'kr', language: 'ko' }, { apiUrl }).call('gamesSimple', {
      query: { platform: 'android' },
    });
    expect(asked.map((request) => request.url)).toEqual([
      '/games/simple?spec_lang=ko&domain_area=kr&platform=web',
      '/games/simple?spec_lang=ko&domain_area=kr&platform=web',
      '/games/simple?spec_lang=ja&domain_area=kr&platform=web',
      '/games/simple?spec_lang=ko&domain_area=kr&platform=android',
    ]);
    expect(asked[1]?.headers['x-forwarded-prefix']).toBe('/api');
  });
});
