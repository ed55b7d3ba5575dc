import { expect, test } from '@playwright/test';
import { sharedLibraryCopies } from 'tooling/share-scope';
import { DEMO } from '../support/accounts.js';
import { gamesAll } from '../support/api.js';
import { t } from '../support/locales.js';
import { PORTS, site } from '../support/ports.js';
import { serveApp } from '../support/servers.js';

test.describe('runtime composition (DESIGN §3)', () => {
  test('a remote that is down shows a translated notice in its region; the frame and other remotes work', async ({ page }) => {
    const broken = site('nova.localhost', PORTS.shellWithSupportDown);
    await page.goto(`${broken}/SupportCenter/game`);
    const notice = page.getByTestId('remote-notice');
    await expect(notice).toHaveAttribute('data-remote', 'support');
    await expect(notice).toContainText(t('common', 'ko', 'remote.unavailable'));
    await expect(notice.getByRole('button', { name: t('common', 'ko', 'remote.retry') })).toBeEnabled();
    await expect(page.getByTestId('footer')).toBeVisible();

    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-home').click();
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await expect(page.getByTestId('remote-notice')).toHaveCount(0);
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-login').click();
    await expect(page.getByTestId('login-form')).toBeVisible();
  });

  test('a remote whose code does not arrive leaves the first view the HTML brought, under its notice; the retry brings the working page', async ({
    page,
  }) => {
    // The catalogue's origin is unreachable from the browser (its fragment came through the edge).
    let failing = true;
    await page.route(`http://localhost:${PORTS.catalog}/**`, (route) => (failing ? route.abort() : route.continue()));
    await page.goto(`${site()}/?spec_lang=en`);
    const notice = page.getByTestId('remote-notice');
    await expect(notice).toHaveAttribute('data-remote', 'catalog');
    await expect(notice).toContainText(t('common', 'en', 'remote.unavailable'));
    // The games and their links are still there to read and follow.
    const [game] = await gamesAll('en');
    const grid = page.locator('#all-games');
    await expect(grid.getByRole('link', { name: game?.title ?? 'missing' })).toHaveAttribute('href', `/GamesDetails/${game?.id}`);
    await expect(page.getByTestId('banner-carousel')).toContainText(game?.title ?? 'missing');

    failing = false;
    await notice.getByRole('button', { name: t('common', 'en', 'remote.retry') }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId('banner-carousel').getByRole('button', { name: t('catalog', 'en', 'carousel.next') })).toBeEnabled();
  });

  test("a remote that failed to load is loaded again on the player's next visit to its pages, and when the browser is back online", async ({
    page,
    context,
  }) => {
    let failing = true;
    await page.route(`http://localhost:${PORTS.catalog}/**`, (route) => (failing ? route.abort() : route.continue()));
    await page.goto(`${site()}/?spec_lang=en`);
    const notice = page.getByTestId('remote-notice');
    await expect(notice).toHaveAttribute('data-remote', 'catalog');
    failing = false;
    // Away and back, as a player does, with no retry pressed.
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-login').click();
    await expect(page.getByTestId('login-form')).toBeVisible();
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-home').click();
    await expect(page.getByTestId('banner-carousel').getByRole('button', { name: t('catalog', 'en', 'carousel.next') })).toBeEnabled();
    await expect(notice).toHaveCount(0);

    // A connection lost on the way to the support centre: it loads by itself once the browser is back online.
    await context.setOffline(true);
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-support-center').click();
    await expect(notice).toHaveAttribute('data-remote', 'support');
    await context.setOffline(false);
    await expect(page.getByTestId('support-step-game')).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test("while a navigation waits for a remote's code, the loading bar shows; it goes once the page is there", async ({ page }) => {
    await page.goto(`${site()}/?spec_lang=en`);
    await expect(page.getByTestId('menu-button')).toBeEnabled();
    await expect(page.getByTestId('loading-bar')).toHaveCount(0);
    // The support remote's files arrive only when the test lets them.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`http://localhost:${PORTS.support}/**`, async (route) => {
      await released;
      await route.continue();
    });
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-support-center').click();
    await expect(page.getByTestId('loading-bar')).toBeVisible();
    await expect(page.getByTestId('support-step-game')).toHaveCount(0);
    release();
    await expect(page.getByTestId('support-step-game')).toBeVisible();
    await expect(page.getByTestId('loading-bar')).toHaveCount(0);
  });

  test('a remote whose manifest and entry load but whose screen chunk does not comes back through the retry', async ({ page }) => {
    // The page preloads the first remote's chunk: a failed preload must not be what the retry gets again.
    let failing = true;
    const chunkRequests: string[] = [];
    await page.route(`http://localhost:${PORTS.catalog}/__federation_expose_*.js*`, (route) => {
      chunkRequests.push(route.request().url());
      return failing ? route.abort() : route.continue();
    });
    await page.goto(`${site()}/?spec_lang=en`);
    const notice = page.getByTestId('remote-notice');
    await expect(notice).toHaveAttribute('data-remote', 'catalog');
    const failedRequests = chunkRequests.length;
    expect(failedRequests).toBeGreaterThan(0);

    failing = false;
    await notice.getByRole('button', { name: t('common', 'en', 'remote.retry') }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId('banner-carousel').getByRole('button', { name: t('catalog', 'en', 'carousel.next') })).toBeEnabled();
    expect(chunkRequests.length).toBeGreaterThan(failedRequests);
  });

  test('a stylesheet the page links that did not load is fetched again, and the view it styles gets its styles', async ({ page }) => {
    const requests: string[] = [];
    await page.route(`http://localhost:${PORTS.catalog}/**/*.css`, (route) => {
      requests.push(route.request().url());
      // The first request for each of the catalogue's stylesheets fails, as on a dropped connection.
      return requests.filter((url) => url === route.request().url()).length === 1 ? route.abort() : route.continue();
    });
    await page.goto(`${site()}/?spec_lang=en`);
    const grid = page.locator('#all-games ul');
    await expect.poll(() => grid.evaluate((list) => getComputedStyle(list).display)).toBe('grid');
    expect(requests.length).toBeGreaterThan(new Set(requests).size);
    await expect(page.getByTestId('remote-notice')).toHaveCount(0);
    await expect(page.getByTestId('banner-carousel').getByRole('button', { name: t('catalog', 'en', 'carousel.next') })).toBeEnabled();
  });

  test('retry loads a remote that came back, without reloading the page', async ({ page }) => {
    // Starts two origins of its own (a shell and, later, the support remote): allow for a busy machine.
    test.setTimeout(90_000);
    const shellPort = 18070;
    const supportPort = 18071;
    const shell = await serveApp('shell', 'shell', shellPort, {
      CATALOG_URL: `http://localhost:${PORTS.catalog}`,
      SUPPORT_URL: `http://localhost:${supportPort}`,
      ACCOUNT_URL: `http://localhost:${PORTS.account}`,
    });
    let support: Awaited<ReturnType<typeof serveApp>> | null = null;
    try {
      await page.goto(`${site('nova.localhost', shellPort)}/SupportCenter/game`);
      const notice = page.getByTestId('remote-notice');
      await expect(notice).toBeVisible();
      await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
      support = await serveApp('support', 'mfe-support', supportPort);
      await notice.getByRole('button').click();
      await expect(page.getByTestId('support-step-game')).toBeVisible();
      await expect(page.getByTestId('remote-notice')).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    } finally {
      await support?.stop();
      await shell.stop();
    }
  });

  test('React, the router and the contracts are loaded once across the shell and the three remotes', async ({ page }) => {
    await page.goto(`${site()}/`);
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    for (const entry of ['menu-support-center', 'menu-login']) {
      await page.getByTestId('menu-button').click();
      await page.getByTestId(entry).click();
    }
    // The schemas (and zod) load only when a form checks with them, and are shared too: the login form checks an
    // empty submit, then support's inquiry step uses the same copy.
    const loginForm = page.getByTestId('login-form');
    await loginForm.getByTestId('login-submit').click();
    await expect(loginForm.getByText(t('account', 'ko', 'errors.passwordRequired'))).toBeVisible();
    await page.goBack();
    await page
      .getByRole('navigation', { name: t('support', 'ko', 'steps.label') })
      .getByRole('link', { name: t('support', 'ko', 'steps.inquiry') })
      .click();
    await expect(page.getByTestId('inquiry-form')).toBeVisible();
    // Every app's share scope points at the same entries: count distinct providers of each library.
    const shared = await page.evaluate(sharedLibraryCopies);
    const libraries = [
      'react',
      'react-dom/client',
      'react/jsx-runtime',
      'react-router',
      'jotai',
      'i18next',
      'react-i18next',
      'shared-contracts',
      'shared-contracts/schemas',
    ];
    for (const library of libraries) {
      expect(shared[library]?.copies, `${library} copies`).toHaveLength(1);
    }
    expect(shared.react?.users.sort()).toEqual(['account', 'catalog', 'shell', 'support']);
  });
});

test.describe('standalone mode (DESIGN §3)', () => {
  test('the catalogue runs alone, deep links included', async ({ page }) => {
    await page.goto(`${site('nova.localhost', PORTS.catalog)}/`);
    await expect(page.getByTestId('standalone-harness')).toBeVisible();
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await page.goto(`${site('nova.localhost', PORTS.catalog)}/GamesDetails/2#features`);
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  });

  test('the support centre runs alone and opens at its first step', async ({ page }) => {
    await page.goto(`${site('nova.localhost', PORTS.support)}/`);
    await expect(page).toHaveURL(/\/SupportCenter\/game$/);
    await expect(page.getByTestId('support-step-game')).toBeVisible();
  });

  test('the harness logs a player in and out, so QA can try a remote both ways', async ({ page }) => {
    await page.goto(`${site('nova.localhost', PORTS.support)}/?spec_lang=en`);
    const session = page.getByTestId('harness-session');
    await session.getByLabel(t('common', 'en', 'harness.account')).fill(DEMO.player2.account);
    await session.getByLabel(t('common', 'en', 'harness.password')).fill(DEMO.player2.password);
    await session.getByRole('button', { name: t('common', 'en', 'harness.login') }).click();
    await expect(session).toContainText(DEMO.player2.account);
    expect(await page.evaluate(() => sessionStorage.getItem('oauth_token'))).not.toBeNull();
    await session.getByRole('button', { name: t('common', 'en', 'harness.logout') }).click();
    await expect(session.getByRole('button', { name: t('common', 'en', 'harness.login') })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('oauth_token'))).toBeNull();
  });

  test('the harness says a refused login in the site’s words with the refusal’s key, and a start-up without the API offers a reload', async ({
    page,
  }) => {
    await page.goto(`${site('nova.localhost', PORTS.support)}/?spec_lang=en`);
    const session = page.getByTestId('harness-session');
    await session.getByLabel(t('common', 'en', 'harness.account')).fill(DEMO.player2.account);
    await session.getByLabel(t('common', 'en', 'harness.password')).fill('not-the-password-1');
    await session.getByRole('button', { name: t('common', 'en', 'harness.login') }).click();
    await expect(session).toContainText(`${t('common', 'en', 'errors.submitFailed')} (invalidCredentials)`);

    let apiDown = true;
    await page.route('**/api/**', (route) => (apiDown ? route.abort() : route.continue()));
    await page.goto(`${site('nova.localhost', PORTS.support)}/SupportCenter/game?spec_lang=en&self_area=kr`);
    const notice = page.getByTestId('startup-failed');
    await expect(notice).toContainText(t('common', 'en', 'errors.network'));
    apiDown = false;
    await notice.getByRole('button', { name: t('common', 'en', 'remote.reload') }).click();
    await expect(page.getByTestId('support-step-game')).toBeVisible();
  });

  test('the account remote runs alone', async ({ page }) => {
    await page.goto(`${site('hikari.localhost', PORTS.account)}/login`);
    await expect(page.getByTestId('standalone-harness')).toBeVisible();
    await expect(page.getByTestId('login-form')).toContainText(t('account', 'ja', 'login.title'));
  });
});
