import { expect, test, type Page } from '@playwright/test';
import { ALL_GAMES_ANCHOR, BRAND_IDS, SIMPLE_GAMES_ISLAND_ID, artworkCopyUrl, resolveBrand } from 'shared-contracts';
import { DEMO, MUTABLE, logIn } from '../support/accounts.js';
import { faqs, gamesAll, gamesSimple } from '../support/api.js';
import { t } from '../support/locales.js';
import { holdUntilReleased, startStandIn } from '../support/network.js';
import { PORTS, site } from '../support/ports.js';
import { serveApp } from '../support/servers.js';

/**
 * Asks for a page until its HTML carries the routed remote's first view, as a warm site serves it: the very first
 * render of a fragment (a cold fragment server reading the API for the first time) may miss the edge's timeout, and
 * that page then renders in the browser. A first view that never comes fails here.
 */
async function visitWarm(page: Page, url: string): Promise<void> {
  await expect
    .poll(async () => /id="single-spa-application:[a-z]+"><(?!\/div>)/.test((await (await page.goto(url))?.text()) ?? ''), {
      message: `${url} carries its first view`,
      timeout: 15_000,
    })
    .toBe(true);
}

test.describe('first view in the HTML, scripts disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the front page shows the frame, the first banner with its image and the All games grid', async ({ page }) => {
    const games = await gamesAll('ko');
    // Asset URLs come through the site's API prefix, which a call straight to the API leaves out.
    const banner = `${resolveBrand('nova.localhost').apiBase}${games[0]!.imageConfig.banner}`;
    // The copy the browser picks (shared-contracts/src/artwork-copies.ts): AVIF here, as on players' browsers.
    const bannerCopies = new Set([banner, artworkCopyUrl(banner, 'original', 'avif'), artworkCopyUrl(banner, 'phone', 'avif')]);
    const bannerLoads: number[] = [];
    page.on('response', (response) => {
      if (bannerCopies.has(new URL(response.url()).pathname)) bannerLoads.push(response.status());
    });
    await visitWarm(page, `${site()}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByTestId('page-title')).toHaveText(t('shell', 'ko', 'titles.home'));
    await expect(page.getByTestId('footer')).toBeVisible();
    const current = page.locator('[data-testid="banner-carousel"] [data-position="current"]');
    await expect(current.getByRole('heading')).toHaveText(games[0]!.title);
    await expect(current.locator('img')).toHaveAttribute('src', banner);
    expect(bannerLoads).toContain(200);
    await expect(page.locator('#all-games li')).toHaveCount(games.length);
    await expect(page.locator('#all-games li').first()).toContainText(games[0]!.title);
  });

  test("each first view's stylesheets come in the head, where the first paint waits for them, and none in its region", async ({ page }) => {
    // A stylesheet linked in the region stops the parser there: the frame was painted alone, the view after it.
    const views = [
      ['/', 'catalog'],
      ['/GamesDetails/3', 'catalog'],
      ['/SupportCenter/game', 'support'],
      ['/login', 'account'],
    ] as const;
    for (const [path, remote] of views) {
      await visitWarm(page, `${site()}${path}?spec_lang=en`);
      const hrefs = await Promise.all((await page.locator('head link[rel="stylesheet"]').all()).map((link) => link.getAttribute('href')));
      const remoteOrigin = `http://localhost:${PORTS[remote]}`;
      expect(
        hrefs.filter((href) => href?.startsWith(`${remoteOrigin}/`) && href.endsWith('.css')),
        `${path}: the head links ${remote}'s stylesheet`,
      ).toHaveLength(1);
      await expect(
        page.locator(`[id="single-spa-application:${remote}"] link[rel="stylesheet"]`),
        `${path}: the region links none`,
      ).toHaveCount(0);
    }
    // And the view is styled by it: the All games section's margin comes from the catalogue's stylesheet.
    await visitWarm(page, `${site()}/?spec_lang=en`);
    await expect(page.locator('#all-games')).toHaveCSS('margin-top', '32px');
  });

  test("a game's details and the login page show their first view", async ({ page }) => {
    const games = await gamesAll('en');
    const game = games.find((candidate) => candidate.id === 3)!;
    await visitWarm(page, `${site('atlas.localhost')}/GamesDetails/3?spec_lang=en`);
    await expect(page.getByRole('heading', { level: 2, name: game.title })).toBeVisible();
    await visitWarm(page, `${site('atlas.localhost')}/login?spec_lang=en`);
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.getByRole('textbox').first()).toBeVisible();
  });

  test("support's first step lists the games", async ({ page }) => {
    await visitWarm(page, `${site()}/SupportCenter/game?spec_lang=en`);
    await expect(page.getByTestId('support-step-game').getByRole('button')).toHaveCount((await gamesSimple('en')).length);
  });

  test("support's help topics step shows the topics and question categories of the game its address names", async ({ page }) => {
    const topics = await faqs(3);
    await visitWarm(page, `${site()}/SupportCenter/question?game=3&spec_lang=en`);
    const game = (await gamesSimple('en')).find((candidate) => candidate.id === 3)!;
    await expect(page.getByRole('heading', { level: 2 })).toContainText(game.gameName);
    await expect(page.getByTestId('help-topic-list').getByRole('listitem')).toHaveCount(topics.length);
    await expect(page.getByTestId('help-topic-list')).toContainText(topics[0]!.title);
    await expect(page.getByTestId('question-categories').getByRole('button').first()).toBeVisible();
    // Another game's address is another view, not the cached one.
    const other = (await gamesSimple('en')).find((candidate) => candidate.id === 1)!;
    await visitWarm(page, `${site()}/SupportCenter/question?game=1&spec_lang=en`);
    await expect(page.getByRole('heading', { level: 2 })).toContainText(other.gameName);
  });

  test('Arabic arrives right to left, in Arabic', async ({ page }) => {
    await visitWarm(page, `${site('atlas.localhost')}/?self_area=eru&spec_lang=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('page-title')).toHaveText(t('shell', 'ar', 'titles.home'));
  });
});

test.describe('a page that arrives in two parts', () => {
  /** How long the rest of the page is held back, once its frame has gone out. */
  const PAUSE_MS = 1_500;
  /** The front page's HTML as the site serves it. */
  let frontPage = '';
  let splitting: Awaited<ReturnType<typeof startStandIn>>;
  const splittingPort = PORTS.shell + 32;
  test.use({ javaScriptEnabled: false });

  test.beforeAll(async () => {
    // The site, except that the front page goes out in two parts with a pause between them, cut right inside the
    // region the view fills: as an edge streams the frame before its include is in, or a slow network delivers it.
    splitting = await startStandIn(splittingPort, PORTS.shell, (incoming, outgoing) => {
      if (incoming.url !== '/') return false;
      const cut = frontPage.indexOf('>', frontPage.indexOf('<main id="app-region"')) + 1;
      outgoing.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      outgoing.write(frontPage.slice(0, cut));
      setTimeout(() => outgoing.end(frontPage.slice(cut)), PAUSE_MS);
      return true;
    });
  });

  test.afterAll(async () => {
    await splitting.close();
  });

  test('the first paint waits for the whole first view, not only the frame that came first', async ({ page }) => {
    // Painted with the frame alone, the view would be laid out after that paint, in a long task of its own.
    await visitWarm(page, `${site()}/?spec_lang=en`);
    frontPage = (await (await page.goto(`${site()}/?spec_lang=en`))?.text()) ?? '';
    await page.goto(`http://localhost:${splittingPort}/`, { waitUntil: 'load' });
    await expect(page.locator('#all-games li').first()).toBeVisible();
    const firstPaint = await page.evaluate(
      () => performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')?.startTime ?? -1,
    );
    expect(firstPaint, 'the first contentful paint, in ms after the navigation started').toBeGreaterThanOrEqual(PAUSE_MS);
  });
});

/**
 * The errors a page reports from now on: on its console, and thrown, and the warnings, among them the note that a
 * part of a first view was rendered afresh rather than hydrated (inside a Suspense boundary the root's
 * data-first-view does not show it).
 */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** Loads a page with its first view and waits until its remote has taken the view over (its data island goes then). */
async function loadAndMount(page: Page, url: string, island: string): Promise<string[]> {
  const problems = watchProblems(page);
  await visitWarm(page, url);
  await expect(page.locator(`#${island}`)).toHaveCount(0);
  return problems;
}

test.describe('the browser takes over the first view', () => {
  for (const host of [...BRAND_IDS.map((id) => `${id}.localhost`), 'atlas.localhost/?self_area=eru&spec_lang=ar&']) {
    test(`${host}: front page, details, support and login hydrate their first view with no error`, async ({ page }) => {
      const [hostName = '', query = ''] = host.split('/?');
      const pages = [
        ['/', 'catalog-games'],
        ['/GamesDetails/3', 'catalog-games'],
        ['/SupportCenter/game', SIMPLE_GAMES_ISLAND_ID],
        ['/SupportCenter/question?game=3', 'support-calls'],
        ['/login', 'account-login-config'],
      ] as const;
      for (const [path, island] of pages) {
        const url = new URL(path, site(hostName));
        for (const [name, value] of new URLSearchParams(query)) url.searchParams.set(name, value);
        const problems = await loadAndMount(page, url.toString(), island);
        expect(problems, `${path}`).toEqual([]);
        // The remote's root kept the elements the HTML brought (README "First view in the HTML"): a guest's page is
        // the same render in the browser, so nothing is rendered twice.
        for (const part of ['[id^="single-spa-application:"]', '#frame-top', '#frame-bottom']) {
          await expect(page.locator(part), `${path} ${part}`).toHaveAttribute('data-first-view', 'hydrated');
        }
        await expect(page.locator('[data-inert-until-mount]'), path).toHaveCount(0);
      }
    });
  }

  test("a logged-in player's login and support pages hydrate the guest's first view, then show the player's own, with no warning", async ({
    page,
  }) => {
    await logIn(page, DEMO.player1);
    for (const [path, island, region] of [
      ['/login', 'account-login-config', 'account'],
      ['/SupportCenter/game', SIMPLE_GAMES_ISLAND_ID, 'support'],
    ] as const) {
      const problems = await loadAndMount(page, `${site()}${path}`, island);
      await expect(page.locator(`[id="single-spa-application:${region}"]`), path).toHaveAttribute('data-first-view', 'hydrated');
      // What taking the first view over reports; not the player's own calls, whose answers depend on what the tests
      // running beside this one do with the account.
      expect(
        problems.filter((problem) => !problem.startsWith('Failed to load resource')),
        path,
      ).toEqual([]);
    }
    // The login page the player then sees is theirs: they are logged in already.
    await page.goto(`${site()}/login`);
    await expect(page.getByTestId('account-logged-in')).toContainText(DEMO.player1.account);
    await expect(page.getByTestId('login-form')).toHaveCount(0);
  });

  test("a game client's pages hydrate every visitor's first view, then put the client's game first, with no warning", async ({ page }) => {
    // The client's game is the last of every visitor's lists: first only once the page has the client's own.
    const everyVisitor = await gamesSimple('en');
    const client = everyVisitor.at(-1);
    expect(everyVisitor[0]?.id).not.toBe(client?.id);
    const clientId = String(client?.id);
    const firstGameLink = page.locator(`#${ALL_GAMES_ANCHOR} a`).first();
    const firstGameOption = page.getByTestId('support-step-game').getByRole('button').first();
    for (const [path, island, region] of [
      [`/?clientId=${clientId}&spec_lang=en`, 'catalog-games', 'catalog'],
      // Reloaded, the page knows its client from this tab's storage only.
      ['/?spec_lang=en', 'catalog-games', 'catalog'],
      ['/GamesDetails/3?spec_lang=en', 'catalog-games', 'catalog'],
      ['/SupportCenter/game?spec_lang=en', SIMPLE_GAMES_ISLAND_ID, 'support'],
    ] as const) {
      const problems = await loadAndMount(page, `${site()}${path}`, island);
      for (const part of [`[id="single-spa-application:${region}"]`, '#frame-top', '#frame-bottom']) {
        await expect(page.locator(part), `${path} ${part}`).toHaveAttribute('data-first-view', 'hydrated');
      }
      if (region === 'support') await expect(firstGameOption).toHaveText(client?.gameName ?? 'missing');
      else if (path.startsWith('/?')) await expect(firstGameLink).toHaveAttribute('href', `/GamesDetails/${clientId}`);
      // Top up goes to the client's game's payment page (SPEC §7: the first game's payment link).
      await expect(page.getByTestId('top-up-button'), path).toHaveAttribute('href', client?.link.payment ?? 'missing');
      expect(problems, path).toEqual([]);
    }
  });

  test('the help topics step does not ask for the topics its HTML carries, and asks once the player filters them', async ({
    page,
    context,
  }) => {
    await visitWarm(page, `${site()}/SupportCenter/question?game=3&spec_lang=en`);
    const tab = await context.newPage();
    const asked: string[] = [];
    tab.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\/api\/(faqs|faqs\/types|inquiries\/types)$/.test(pathname)) asked.push(pathname);
    });
    const response = await tab.goto(`${site()}/SupportCenter/question?game=3&spec_lang=en`);
    expect(await response?.text()).toContain('id="support-calls"');
    await expect(tab.locator('#support-calls')).toHaveCount(0);
    const list = tab.getByTestId('help-topic-list');
    await expect(list.getByRole('listitem')).toHaveCount((await faqs(3)).length);
    expect(asked).toEqual([]);
    // The draft takes the game the address names, as choosing it in step one would.
    expect(await tab.evaluate(() => JSON.parse(sessionStorage.getItem('cs_form') ?? 'null')?.gameId)).toBe(3);
    await tab.getByTestId('help-topics').getByRole('group').getByRole('button').nth(1).click();
    await expect.poll(() => asked).toContain('/api/faqs');
  });

  test("a guest's front page asks the API for nothing its HTML carries: the games, the menu's list, the game-info check; its closed menu comes empty", async ({
    page,
    context,
  }) => {
    await visitWarm(page, `${site()}/`);
    // In a tab of its own: a warm-up visit that rendered in the browser may still be asking.
    const tab = await context.newPage();
    const asked: string[] = [];
    tab.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') && !pathname.startsWith('/api/assets/')) asked.push(pathname);
    });
    const response = await tab.goto(`${site()}/`);
    const html = (await response?.text()) ?? '';
    for (const island of ['catalog-games', 'platform-simple-games', 'platform-precheck']) expect(html).toContain(`id="${island}"`);
    // The side menu's entries are rendered as it first opens: the HTML has the closed dialog alone.
    expect(html).toMatch(/<dialog id="side-menu"[^>]*><\/dialog>/);
    await expect(tab.locator('#catalog-games')).toHaveCount(0);
    await tab.getByTestId('banner-carousel').getByRole('button').first().click();
    // The side menu's game list is there: the start-up took it, and the Top up link, from the page.
    await tab.getByTestId('menu-button').click();
    await expect(tab.getByTestId('side-menu').getByRole('link').first()).toBeVisible();
    expect(asked).toEqual([]);
  });

  test('text typed into the login form before the account remote mounts stays there', async ({ page }) => {
    // A cold fragment server may leave the first page without its first view, and the held entry without a form.
    await visitWarm(page, `${site()}/login?spec_lang=en`);
    // The account remote's entry waits until the player has typed into the page's own form.
    const release = await holdUntilReleased(page, `http://localhost:${PORTS.account}/remoteEntry.js`);
    // Not until "load": the held remote entry is one of the page's scripts.
    await page.goto(`${site()}/login?spec_lang=en`, { waitUntil: 'domcontentloaded' });
    const account = page.locator('input[name="account"]');
    await account.fill('early-typist');
    release();
    await expect(page.locator('#account-login-config')).toHaveCount(0);
    await expect(account).toHaveValue('early-typist');
    await expect(account).toBeFocused();
  });

  test('a player typing on without a pause while the account remote takes the login form over loses no character, and logs in', async ({
    page,
  }) => {
    const { account: name, password } = MUTABLE.typesThroughTakeOver;
    await visitWarm(page, `${site()}/login?spec_lang=en`);
    // The remote's own module (its ./app) arrives only once the player has begun typing.
    const release = await holdUntilReleased(page, `http://localhost:${PORTS.account}/__federation_expose_*.js`);
    // A slow processor, as at the start of a clean run: the root hydrates for longer, so keys land while it does.
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${site()}/login?spec_lang=en`, { waitUntil: 'domcontentloaded' });
    const region = page.locator('[id="single-spa-application:account"]');
    const account = region.locator('input[name="account"]');
    await account.click();
    // Key after key through the module's arrival, the root's creation, its first commit and its effects; the last few
    // keys wait for the take-over if it comes late, so that some always go to the live form.
    for (const [index, character] of [...name].entries()) {
      if (index === 4) release();
      if (index === name.length - 4) await expect(region).toHaveAttribute('data-first-view', 'hydrated');
      await page.keyboard.press(character);
    }
    await expect(account).toHaveValue(name);
    await region.locator('input[name="password"]').fill(password);
    await region.getByTestId('login-submit').click();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('oauth_token'))).not.toBeNull();
  });

  test('a keyword typed into the help topics search before the support remote mounts stays there and searches', async ({ page }) => {
    const keyword = (await faqs(3))[0]!.title.split(/\s+/)[0]!;
    await visitWarm(page, `${site()}/SupportCenter/question?game=3&spec_lang=en`);
    const release = await holdUntilReleased(page, `http://localhost:${PORTS.support}/__federation_expose_*.js`);
    const searched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/faqs') searched.push(url.searchParams.get('keyword') ?? '');
    });
    await page.goto(`${site()}/SupportCenter/question?game=3&spec_lang=en`, { waitUntil: 'domcontentloaded' });
    const search = page.getByTestId('help-topics').getByRole('searchbox');
    await search.fill(keyword);
    release();
    await expect(page.locator('#support-calls')).toHaveCount(0);
    await expect.poll(() => searched).toContain(keyword);
    await expect(search).toHaveValue(keyword);
  });
});

test.describe('a fragment that fails', () => {
  let slowCatalog: Awaited<ReturnType<typeof startStandIn>>;
  const slowPort = PORTS.shell + 30;
  const shellPort = PORTS.shell + 31;

  test.beforeAll(async () => {
    // The catalog's origin, except that its first views never come back: the edge's timeout must let the page go.
    slowCatalog = await startStandIn(slowPort, PORTS.catalog, (incoming) => incoming.url?.startsWith('/_fragment/') ?? false);
  });

  test.afterAll(async () => {
    await slowCatalog.close();
  });

  test('a slow catalog fragment leaves the page to the client render, which works', async ({ page }) => {
    const shell = await serveApp('shell', 'shell', shellPort, { CATALOG_URL: `http://localhost:${slowPort}` });
    try {
      const problems = watchProblems(page);
      // A navigation has no timeout of its own here: an edge that waited for the fragment would hang the test.
      const response = await page.goto(`${site('nova.localhost', shellPort)}/`);
      expect(await response?.text()).not.toContain('id="catalog-games"');
      await expect(page.getByTestId('banner-carousel')).toBeVisible();
      await expect(page.getByTestId('page-title')).toBeVisible();
      expect(problems).toEqual([]);
    } finally {
      await shell.stop();
    }
  });
});
