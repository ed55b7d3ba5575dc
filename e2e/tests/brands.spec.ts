import { expect, test } from '@playwright/test';
import { BRAND_IDS, resolveBrand } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { site } from '../support/ports.js';
import { gamesSimple } from '../support/api.js';
import { t } from '../support/locales.js';

const HOSTS = [...BRAND_IDS.map((id) => `${id}.localhost`), 'jp.aurum.localhost'];

test.describe('the front page on every brand host (DESIGN §6)', () => {
  for (const host of HOSTS) {
    test(`${host}: logo, title, theme colour and footer`, async ({ page }) => {
      const brand = resolveBrand(host);
      await page.goto(`${site(host)}/`);
      await expect(page.getByTestId('banner-carousel')).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`${brand.name}$`));
      await expect(page.getByRole('banner').getByRole('img', { name: brand.name })).toBeVisible();
      const colours = await page.evaluate(() => ({
        primary: document.documentElement.style.getPropertyValue('--color-primary'),
        meta: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
        icon: document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '',
      }));
      expect(colours.primary).toBe(brand.colors.primary);
      expect(colours.meta).toBe(brand.colors.primary);
      // Fetched by the page: *.localhost resolves in Chromium, not in Node.
      const iconType = await page.evaluate(async (href) => (await fetch(href)).headers.get('content-type'), colours.icon);
      expect(iconType).toContain('image/svg+xml');

      const footer = page.getByTestId('footer');
      await expect(footer).toHaveAttribute('data-footer', brand.footerKind);
      await expect(footer).toContainText(brand.company);
      const language = await page.evaluate(() => document.documentElement.lang);
      const legal = footer.getByRole('link');
      switch (brand.footerKind) {
        case 'japanese':
          await expect(legal).toHaveText([
            t('shell', language as 'ja', 'footer.privacy'),
            t('shell', language as 'ja', 'footer.userAgreement'),
            t('shell', language as 'ja', 'footer.commerceLaw'),
          ]);
          await footer.getByTestId('footer-contact').click();
          await expect(page.getByTestId('contact-dialog')).toContainText(brand.contactEmail);
          await expect(page.getByTestId('contact-dialog')).toContainText('10:00');
          break;
        case 'taiwan':
          await expect(legal).toHaveCount(2);
          await expect(footer.getByRole('img', { name: brand.name })).toBeVisible();
          break;
        case 'japanese-settlement':
          await expect(footer.getByTestId('footer-fund-settlement')).toBeVisible();
          await expect(footer.getByTestId('footer-commerce-law')).toBeVisible();
          break;
        case 'standard':
          await expect(legal).toHaveCount(0);
          break;
      }
    });
  }

  test('each brand has its own favicon', async ({ browser }) => {
    const icons = new Set<string>();
    for (const id of BRAND_IDS) {
      const page = await browser.newPage();
      await page.goto(`${site(`${id}.localhost`)}/`);
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /\.svg$/);
      icons.add(await page.locator('link[rel="icon"]').getAttribute('href') ?? '');
      await page.close();
    }
    expect(icons.size).toBe(BRAND_IDS.length);
  });

  test('the area reload rule: a brand that does not serve the URL area reloads with its own (SPEC §4)', async ({ page }) => {
    await page.goto(`${site('hikari.localhost')}/?self_area=kr`);
    await expect(page).toHaveURL(/self_area=jp/);
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await page.goto(`${site('atlas.localhost')}/?self_area=eru`);
    await expect(page.getByTestId('language-globe')).toBeVisible();
    expect(page.url()).toContain('self_area=eru');
  });

  test('a failed game-info check is logged, reported with 1106 and shown with a reload, never passed over (SPEC §8)', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));
    const reports: unknown[] = [];
    await page.route('**/api/client-errors', async (route) => {
      reports.push(route.request().postDataJSON());
      await route.continue();
    });
    await page.route('**/api/games/precheck**', (route) => route.abort('connectionreset'));
    await page.goto(`${site('nova.localhost')}/?spec_lang=en`);
    const notice = page.getByTestId('startup-failed');
    await expect(notice).toContainText(t('common', 'en', 'errors.network'));
    expect(logged.some((text) => text.includes('games/precheck failed'))).toBe(true);
    await expect.poll(() => reports).toContainEqual(expect.objectContaining({ code: 1106, url: ENDPOINTS.gamesPrecheck.path }));
    // The frame still works: the menu opens.
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await page.keyboard.press('Escape');

    // An answer that says the check failed is no better than none.
    await page.unroute('**/api/games/precheck**');
    await page.route('**/api/games/precheck**', (route) => route.fulfill({ json: { code: 1, msg: 'success', data: { result: false, area: 'kr' } } }));
    await page.reload();
    await expect(page.getByTestId('startup-failed')).toBeVisible();

    await page.unroute('**/api/games/precheck**');
    await page.getByTestId('startup-failed').getByRole('button', { name: t('common', 'en', 'remote.reload') }).click();
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await expect(page.getByTestId('startup-failed')).toHaveCount(0);
  });

  test('the Top up button shows the first game\'s payment link and is hidden for verda', async ({ page }) => {
    const [first] = await gamesSimple();
    await page.goto(`${site('nova.localhost')}/`);
    await expect(page.getByTestId('top-up-button')).toHaveAttribute('href', first?.link.payment ?? 'missing');
    await page.goto(`${site('verda.localhost')}/`);
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await expect(page.getByTestId('top-up-button')).toHaveCount(0);
  });
});
