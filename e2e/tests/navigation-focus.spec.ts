import { expect, test, type Page } from '@playwright/test';
import { BRANDS } from 'shared-contracts';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';

/** Where the keyboard's focus is: inside the page's main region (the view), or elsewhere (frame, body). */
const focusIsInMain = (page: Page) => page.evaluate(() => document.activeElement?.closest('main') !== null);

/** Waits until the view's remote has taken over its first view and the frame works. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('menu-button')).toBeEnabled();
  await expect(page.locator('main [id^="single-spa-application:"]').first()).not.toBeEmpty();
}

test.describe('the keyboard after an in-site navigation (WCAG 2.4.3)', () => {
  test('Enter on a link of a view, of the top bar or of the side menu leaves Tab at the new view’s first control', async ({ page }) => {
    // The first load keeps the browser's starting focus, through the redirect to the support centre's first step too.
    await page.goto(`${site()}/SupportCenter?spec_lang=en`);
    await expect(page).toHaveURL(/\/SupportCenter\/game/);
    await settled(page);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    // The top bar's logo, which stays where it is.
    await page.getByRole('link', { name: t('shell', 'en', 'nav.home', { brand: BRANDS.nova.name }) }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await page.keyboard.press('Tab');
    expect(await focusIsInMain(page)).toBe(true);

    // A link of the catalogue's view, which goes with it; the page does not jump for the focus.
    await page.getByRole('link', { name: t('catalog', 'en', 'home.supportCenter'), exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/SupportCenter\/game/);
    await expect(page.locator('main h2').first()).toBeVisible();
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Tab');
    expect(await focusIsInMain(page)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    // A link of the side menu, which closes and hands the focus back to its button in the frame: the focus moves on
    // to the new view (the region), so a screen reader starts there rather than at the button.
    await page.getByTestId('menu-button').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('menu-home').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await focusIsInMain(page)).toBe(true);
  });
});
