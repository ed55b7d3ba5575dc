import { expect, test } from '@playwright/test';
import { DEMO, logInThroughForm } from '../support/accounts.js';
import { PORTS, site } from '../support/ports.js';

/** `platform_http_requests_total` of the API's metrics port, by "METHOD route status", and `platform_live_connections` by "live channel". */
async function requestCounts(): Promise<Map<string, number>> {
  const response = await fetch(`http://127.0.0.1:${PORTS.apiMetrics}/metrics`);
  expect(response.status).toBe(200);
  const counts = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    const match = /^platform_http_requests_total\{route="([^"]*)",method="([^"]*)",status="(\d+)"\} (\d+)$/.exec(line);
    if (match) counts.set(`${match[2]} ${match[1]} ${match[3]}`, Number(match[4]));
    const live = /^platform_live_connections\{channel="([^"]*)"\} (\d+)$/.exec(line);
    if (live) counts.set(`live ${live[1]}`, Number(live[2]));
  }
  return counts;
}

test('the API metrics count the calls a browser session made, by route pattern and status', async ({ page }) => {
  const before = await requestCounts();
  // Each call the browser sent to the site's /api/ path, as the API's route: the endpoint table's routes take their
  // parameters in the query, and game artwork is the static files' wildcard. The live stream is answered (and
  // counted) only when it ends; while it is open it shows in the live-connections gauge instead.
  const calls = new Set<string>();
  let streams = 0;
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/') || response.fromServiceWorker()) return;
    if (response.headers()['content-type']?.startsWith('text/event-stream')) {
      streams += 1;
      return;
    }
    const path = url.pathname.slice('/api'.length);
    calls.add(`${response.request().method()} ${path.startsWith('/assets/') ? '/assets/*' : path} ${response.status()}`);
  });

  await page.goto(`${site()}/?spec_lang=en`);
  // Through the form: the login call is one of the browser's calls the metrics must count.
  await logInThroughForm(page, DEMO.player1);
  await page.goto(`${site()}/SupportCenter/game?spec_lang=en`);
  await expect(page.getByTestId('support-step-game').getByRole('button').first()).toBeVisible();
  await page.goto(`${site()}/SupportCenter/history?spec_lang=en`);
  await expect.poll(() => calls.has('GET /inquiries/list 200')).toBe(true);

  await expect.poll(() => streams, { message: 'a logged-in player keeps the live stream open' }).toBeGreaterThan(0);
  expect([...calls]).toEqual(expect.arrayContaining(['POST /website/login/password 200', 'GET /inquiries/list 200']));
  const after = await requestCounts();
  expect(after.get('live support') ?? 0).toBeGreaterThanOrEqual(1);
  // Other tests call the API at the same time: each call of this session is counted, maybe among others.
  const uncounted = [...calls].filter((call) => (after.get(call) ?? 0) <= (before.get(call) ?? 0));
  expect(uncounted).toEqual([]);
  // No series is named after an address a client sent: only route patterns.
  expect([...after.keys()].filter((series) => /\?|\d{3,}\/|inquiryId=/.test(series.split(' ')[1] ?? ''))).toEqual([]);
});

test('the metrics are not served through the site', async ({ request }) => {
  // The site's own host name: Node resolves plain localhost, not the brands' *.localhost names.
  expect((await request.get(`${site('localhost')}/api/metrics`)).status()).toBe(404);
});
