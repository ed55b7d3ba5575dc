import { expect, test, type Page } from '@playwright/test';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';

/**
 * Unknown addresses under a prefix a remote owns (SPEC §2): single-spa-layout mounts that remote for them, not the
 * shell's default route, so the remote itself must say "Page not found".
 */
const OWNED_UNKNOWN = ['/GamesDetails', '/GamesDetails/1/extra', '/login/xyz', '/UserCenter/xyz', '/vkRedirect/xyz'];

/** Records on `window.notFoundSeen` whether the not-found view was ever added to the page, even for a moment. */
async function recordNotFound(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = window as unknown as { notFoundSeen: boolean };
    seen.notFoundSeen = false;
    const selector = '[data-testid="not-found"]';
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element && (node.matches(selector) || node.querySelector(selector))) seen.notFoundSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

const notFoundSeen = (page: Page) => page.evaluate(() => (window as unknown as { notFoundSeen: boolean }).notFoundSeen);

test.describe('an unknown address under a remote’s prefix', () => {
  // Every address in English; one of each remote's in Arabic, for the texts and the direction of another language.
  const cases = [
    ...OWNED_UNKNOWN.map((address) => ({ address, language: 'en' as const })),
    ...['/GamesDetails', '/login/xyz'].map((address) => ({ address, language: 'ar' as const })),
  ];
  for (const { address, language } of cases) {
    test(`${address} in ${language} says "Page not found" in the main region, and its link leads to the front page`, async ({ page }) => {
      const response = await page.goto(`${site('atlas.localhost')}${address}?self_area=eru&spec_lang=${language}`);
      // The page still comes, with its frame, but says to crawlers and monitoring what it says to the player.
      expect(response?.status()).toBe(404);
      const notFound = page.locator('#app-region').getByTestId('not-found');
      await expect(notFound.getByRole('heading', { level: 2 })).toHaveText(t('common', language, 'notFound.title'));
      await expect(notFound).toContainText(t('common', language, 'notFound.body'));
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByTestId('page-title')).toHaveText(t('shell', language, 'titles.notFound'));
      await expect(page.getByTestId('not-found')).toHaveCount(1);
      const home = notFound.getByRole('link', { name: t('common', language, 'notFound.home') });
      await expect(home).toHaveAttribute('href', '/');
      await home.click();
      await expect(page).toHaveURL(`${site('atlas.localhost')}/`);
      await expect(page.getByTestId('banner-carousel')).toBeVisible();
      await expect(page.getByTestId('not-found')).toHaveCount(0);
    });
  }

  test('a game the catalogue lacks answers 404, with the frame and the catalogue’s "game not found", as does a malformed id', async ({
    page,
  }) => {
    for (const address of ['/GamesDetails/999', '/GamesDetails/abc']) {
      const response = await page.goto(`${site()}${address}?spec_lang=en`);
      expect(response?.status(), address).toBe(404);
      await expect(page.getByTestId('game-not-found')).toBeVisible();
      await expect(page.getByTestId('menu-button')).toBeEnabled();
    }
    const known = await page.goto(`${site()}/GamesDetails/3/?spec_lang=en`);
    expect(known?.status(), 'a known game, with a slash at the end').toBe(200);
    await expect(page.locator('#game-title')).toBeVisible();
  });

  test('an address no app owns says "Page not found" in its HTML, before any script, and the page takes it over', async ({ browser }) => {
    const address = `${site('atlas.localhost')}/no/such/page?self_area=eru&spec_lang=ar`;
    const html = await browser.newPage({ javaScriptEnabled: false });
    expect((await html.goto(address))?.status()).toBe(404);
    const carried = html.locator('#app-region').getByTestId('not-found');
    await expect(carried.getByRole('heading', { level: 2 })).toHaveText(t('common', 'ar', 'notFound.title'));
    await expect(carried.getByRole('link', { name: t('common', 'ar', 'notFound.home') })).toHaveAttribute('href', '/');
    await html.close();

    const page = await browser.newPage();
    await page.goto(address);
    await expect(page.getByTestId('menu-button')).toBeEnabled();
    await expect(page.getByTestId('not-found')).toHaveCount(1);
    // Its link goes home within the page, as the one built in the browser does.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByTestId('not-found').getByRole('link').click();
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await page.close();
  });

  test('a navigation between apps never shows the not-found view, not even for a moment', async ({ page }) => {
    await recordNotFound(page);
    await page.goto(`${site()}/?spec_lang=en`);
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-login').click();
    await expect(page.getByTestId('login-form')).toBeVisible();
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-home').click();
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await page.getByTestId('menu-button').click();
    await page.getByTestId('side-menu').getByTestId('menu-games').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/GamesDetails\/\d+$/);
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-login').click();
    await expect(page.getByTestId('login-form')).toBeVisible();
    expect(await notFoundSeen(page)).toBe(false);
    // The recorder does see the view when it is shown: the shell's page for an address no app owns.
    await page.goto(`${site()}/nothing-here`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    expect(await notFoundSeen(page)).toBe(true);
  });
});
