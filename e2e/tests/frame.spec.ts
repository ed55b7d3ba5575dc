import { expect, test } from '@playwright/test';
import { AREA_LANGUAGES, BRANDS, BRAND_IDS, LANGUAGE_NAMES } from 'shared-contracts';
import { DEMO, logIn } from '../support/accounts.js';
import { gamesSimple } from '../support/api.js';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';

test.describe('the shell frame (SPEC §2 "Shell on every page")', () => {
  test('a guest sees the side menu entries meant for guests, and the game list', async ({ page }) => {
    const games = await gamesSimple('ko');
    await page.goto(`${site('nova.localhost')}/`);
    await page.getByTestId('menu-button').click();
    const menu = page.getByTestId('side-menu');
    await expect(menu).toBeVisible();
    for (const entry of ['menu-home', 'menu-all-games', 'menu-support-center', 'menu-login']) {
      await expect(menu.getByTestId(entry)).toBeVisible();
    }
    for (const entry of ['menu-top-up', 'menu-logout', 'menu-user-center']) await expect(menu.getByTestId(entry)).toHaveCount(0);
    await expect(menu.getByTestId('menu-games').getByRole('link')).toHaveText(games.map((game) => game.gameName));
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByTestId('menu-button')).toBeFocused();
  });

  for (const id of BRAND_IDS) {
    test(`logged in on ${id}, the side menu has Top up and User center where the brand has them, and its close button closes it`, async ({
      page,
    }) => {
      const [first] = await gamesSimple();
      const brand = BRANDS[id];
      // A login belongs to the brand's own origin.
      await logIn(page, DEMO.player1, { host: `${id}.localhost` });
      await page.goto(`${site(`${id}.localhost`)}/`);
      await page.getByTestId('menu-button').click();
      const menu = page.getByTestId('side-menu');
      await expect(menu.getByTestId('menu-logout')).toBeVisible();
      await expect(menu.getByTestId('menu-user-center'), id).toHaveCount(brand.userCenter ? 1 : 0);
      const topUp = menu.getByTestId('menu-top-up');
      if (brand.topUp) await expect(topUp, id).toHaveAttribute('href', first?.link.payment ?? 'missing');
      else await expect(topUp, id).toHaveCount(0);
      await menu.getByTestId('menu-close').click();
      await expect(menu).toBeHidden();
      await expect(page.getByTestId('menu-button')).toBeFocused();
    });
  }

  test('menu entries navigate without reloading the page, and titles follow the route', async ({ page }) => {
    await page.goto(`${site()}/`);
    await expect(page.getByTestId('page-title')).toHaveText(t('shell', 'ko', 'titles.home'));
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-support-center').click();
    await expect(page).toHaveURL(/\/SupportCenter\/game$/);
    await expect(page.getByTestId('page-title')).toHaveText(t('shell', 'ko', 'titles.support.game'));
    await expect(page.getByTestId('support-step-game')).toBeVisible();
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-login').click();
    await expect(page.getByTestId('login-form')).toBeVisible();
    await page.goto(`${site()}/vkRedirect`);
    await expect(page.getByTestId('page-title')).toHaveText('');
    await page.getByTestId('menu-button').click();
    await page.getByTestId('side-menu').getByTestId('menu-games').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/GamesDetails\/\d+$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
  });

  test('"All games" in the side menu leads to the grid on the front page from every page', async ({ page }) => {
    for (const start of ['/', '/login', '/SupportCenter/game', '/GamesDetails/3', '/vkRedirect']) {
      await page.goto(`${site()}${start}`);
      await page.getByTestId('menu-button').click();
      await page.getByTestId('menu-all-games').click();
      await expect(page).toHaveURL(`${site()}/#all-games`);
      await expect(page.getByTestId('not-found')).toHaveCount(0);
      // On the front page, scrolled to the grid (a phone's and a desktop's viewport alike start above it).
      await expect(page.locator('#all-games li').first()).toBeInViewport();
      await expect(page.getByTestId('banner-carousel')).not.toBeInViewport();
      // The focus is at the grid too, as an anchor link leaves it: the next Tab reaches its first game.
      await expect(page.locator('#all-games')).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(page.locator('#all-games li').first().locator(':focus')).toHaveCount(1);
  });

  test('an address with a hash shows its page: the skip link and a bookmarked All games', async ({ page }) => {
    await page.goto(`${site()}/#all-games`);
    await expect(page.locator('#all-games li').first()).toBeInViewport();
    await expect(page.getByTestId('not-found')).toHaveCount(0);
    await page.goto(`${site()}/`);
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.locator('.skip-link')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${site()}/#app-region`);
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await expect(page.getByTestId('not-found')).toHaveCount(0);
  });

  test('/SupportCenter redirects to /SupportCenter/game and unknown paths get a not-found page', async ({ page }) => {
    expect((await page.goto(`${site()}/SupportCenter`))?.status()).toBe(200);
    await expect(page).toHaveURL(/\/SupportCenter\/game$/);
    expect((await page.goto(`${site()}/no/such/page`))?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toContainText(t('common', 'ko', 'notFound.title'));
  });

  test('a token in the URL leaves the address bar at once; one the API does not know logs nobody in', async ({ page }) => {
    await page.goto(`${site()}/?oauth_token=token-from-game-client-0000&spec_lang=en`);
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    // Such a page starts its scripts at once (shell/rspack.config.ts), and the start-up's first step takes the token.
    await expect.poll(() => page.url()).not.toContain('oauth_token');
    expect(page.url()).toContain('spec_lang=en');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('oauth_token'))).toBeNull();
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('menu-login')).toBeVisible();
  });
});

test.describe('languages (SPEC §4, DESIGN §8)', () => {
  test('the globe shows only for eru and sea, lists the area languages, and a choice reloads in that language', async ({ page }) => {
    await page.goto(`${site('nova.localhost')}/`);
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await expect(page.getByTestId('language-globe')).toHaveCount(0);

    await page.goto(`${site('atlas.localhost')}/`);
    await page.getByTestId('language-globe').click();
    const popup = page.getByTestId('language-popup');
    await expect(popup.getByRole('button')).toHaveText(AREA_LANGUAGES.sea.map((code) => LANGUAGE_NAMES[code]));
    await popup.getByRole('button', { name: LANGUAGE_NAMES.vi }).click();
    await expect(page).toHaveURL(/spec_lang=vi/);
    expect(page.url()).toContain('self_lang=vi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await expect(page.getByTestId('page-title')).toHaveText(t('shell', 'vi', 'titles.home'));
    await expect(page.locator('#all-games h2')).toHaveText(t('catalog', 'vi', 'home.allGames'));
  });

  test('the language list from the keyboard: Escape closes it back on the globe, and Tab past its end closes it', async ({ page }) => {
    await page.goto(`${site('atlas.localhost')}/`);
    const globe = page.getByTestId('language-globe');
    const popup = page.getByTestId('language-popup');
    // The frame's controls work once the shell has started (the HTML's are disabled until then).
    await expect(page.getByTestId('menu-button')).toBeEnabled();
    await globe.press('Enter');
    await expect(popup.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await expect(globe).toBeFocused();
    await globe.press('Enter');
    await expect(popup.locator(':focus')).toHaveCount(1);
    for (let tab = 0; tab < AREA_LANGUAGES.sea.length; tab += 1) await page.keyboard.press('Tab');
    await expect(popup).toHaveCount(0);
  });

  test('Arabic renders right to left with the menu on the left', async ({ page }) => {
    await page.goto(`${site('atlas.localhost')}/?self_area=eru&spec_lang=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('#all-games h2')).toHaveText(t('catalog', 'ar', 'home.allGames'));
    await page.getByTestId('menu-button').click();
    const box = await page.getByTestId('side-menu').boundingBox();
    expect(box?.x).toBe(0);
    await expect(page.getByTestId('menu-home')).toHaveText(t('shell', 'ar', 'menu.home'));
    // The company's Latin name is a run of its own in the Arabic sentence: its final period stays with it.
    await expect(page.locator('footer')).toContainText('\u2068Atlas Play Pte. Ltd.\u2069');
  });
});
