import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { DEMO, logIn } from '../support/accounts.js';
import { PORTS, site } from '../support/ports.js';

/**
 * No player data in what is shared (README "First view in the HTML"): first views are rendered without a session,
 * so what a logged-in player's pages made and cached is what any guest is sent.
 */
test('after a player has browsed logged in, pages and fragments sent to a guest carry nothing of theirs', async ({ page, request }) => {
  await logIn(page, DEMO.player1);
  const token = await page.evaluate(() => sessionStorage.getItem('oauth_token'));
  expect(token).not.toBeNull();
  const paths = ['/', '/GamesDetails/3', '/SupportCenter/game', '/login', '/UserCenter', '/SupportCenter/history'];
  for (const path of paths) await page.goto(`${site()}${path}`);

  // A guest on the same brand, area and language: the same cache keys.
  const personal = [DEMO.player1.account, DEMO.player1.email, token!];
  for (const path of paths) {
    const html = await (await request.get(`http://localhost:${PORTS.shell}${path}`)).text();
    for (const value of personal) expect(html, `${path} sent to a guest`).not.toContain(value);
  }
  for (const [port, path] of [
    [PORTS.catalog, '/'],
    [PORTS.account, '/login'],
    [PORTS.support, '/SupportCenter/game'],
  ] as const) {
    const fragment = await request.get(`http://localhost:${port}/_fragment/first-view`, {
      params: { path, host: 'localhost', area: 'kr', lang: 'ko' },
    });
    expect(fragment.status()).toBe(200);
    const html = await fragment.text();
    for (const value of personal) expect(html).not.toContain(value);
  }
});

test("an app's server bundle is not served to browsers", async ({ request }) => {
  for (const port of [PORTS.shell, PORTS.catalog, PORTS.support, PORTS.account]) {
    expect((await request.get(`http://localhost:${port}/server/first-view.cjs`)).status()).toBe(404);
  }
});

/** The page's HTML for a Host header a browser would not send (fetch and Playwright set their own). */
function pageWithHost(host: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const asked = httpRequest({ host: '127.0.0.1', port: PORTS.shell, path, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(body));
    });
    asked.on('error', reject);
    asked.end();
  });
}

const precheckIsland = (html: string) => /<script[^>]*id="platform-precheck"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];

test("a Host the API refuses does not make the page server keep the default brand's answers as another brand's", async () => {
  // verda serves sea; the default brand does not, and its game-info check answers another area for it.
  const path = '/?self_area=sea&spec_lang=en';
  await pageWithHost(`a_b.verda.localhost:${PORTS.shell}`, path);
  const guest = precheckIsland(await pageWithHost(`verda.localhost:${PORTS.shell}`, path));
  expect(guest, "verda's page carries the game-info check").toBeDefined();
  expect(JSON.parse(guest!)).toMatchObject({ area: 'sea', askedAbout: 'sea' });
});
