import { expect, test, type Page } from '@playwright/test';
import { site } from '../support/ports.js';

/** A phone held upright, touched by a finger. */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

type Point = { x: number; y: number };

/** One finger from `from` to `to` (window coordinates), in steps as a real one moves (as catalog.spec.ts's swipe). */
async function swipe(page: Page, from: Point, to: Point): Promise<void> {
  const touch = await page.context().newCDPSession(page);
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let step = 1; step <= 6; step += 1) {
    const at = { x: from.x + ((to.x - from.x) * step) / 6, y: from.y + ((to.y - from.y) * step) / 6 };
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at] });
  }
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await touch.detach();
}

/** Two frames: whatever the last gesture moved has been drawn. */
function nextFrames(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/**
 * A finger's tap on what `testId` names, where it is on the screen: a locator's tap first scrolls the page to bring
 * the element into view, which moved the page of these tests from where they had put it.
 */
async function tapInPlace(page: Page, testId: string): Promise<void> {
  const box = (await page.getByTestId(testId).boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** Swipes up and down and turns the wheel at `x` (over the backdrop or the dialog), each of which scrolled the page behind. */
async function tryToScrollThePage(page: Page, x: number): Promise<void> {
  await swipe(page, { x, y: 600 }, { x, y: 150 });
  await swipe(page, { x, y: 150 }, { x, y: 600 });
  await page.mouse.move(x, 400);
  await page.mouse.wheel(0, 800);
  await nextFrames(page);
}

test.describe('the side menu and the other modal dialogs on a phone', () => {
  test('the page behind the menu holds still under a finger and the wheel, and is where it was when the menu closes', async ({ page }) => {
    await page.goto(`${site()}/`);
    await expect(page.getByTestId('menu-button')).toBeEnabled();
    await expect(page.locator('#all-games li').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => scrollY(page)).toBe(600);

    const menu = page.getByTestId('side-menu');
    await tapInPlace(page, 'menu-button');
    await expect(menu).toBeVisible();
    expect(await scrollY(page)).toBe(600);
    const box = (await menu.boundingBox())!;
    // On the dimmed page beside the menu, and inside the menu, whose entries have nothing to scroll upright.
    await tryToScrollThePage(page, box.x / 2);
    await tryToScrollThePage(page, box.x + box.width / 2);
    expect(await scrollY(page)).toBe(600);
    await expect(menu).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    expect(await scrollY(page)).toBe(600);
    // Closed, the same finger scrolls the page again.
    await swipe(page, { x: 180, y: 600 }, { x: 180, y: 150 });
    await expect.poll(() => scrollY(page)).toBeGreaterThan(600);
  });

  for (const [language, host, query, edge] of [
    ['ko', 'nova.localhost', '', 'right'],
    ['ar', 'atlas.localhost', '?self_area=eru&spec_lang=ar', 'left'],
  ] as const) {
    test(`${language}: a swipe toward the menu's edge (${edge}) closes it, one the other way does not`, async ({ page }) => {
      await page.goto(`${site(host)}/${query}`);
      await expect(page.getByTestId('menu-button')).toBeEnabled();
      const menu = page.getByTestId('side-menu');
      await page.getByTestId('menu-button').tap();
      await expect(menu).toBeVisible();
      const box = (await menu.boundingBox())!;
      if (edge === 'left') expect(box.x).toBe(0);
      else expect(box.x + box.width).toBeCloseTo(360, 0);
      const y = box.y + box.height / 2;
      const left = { x: box.x + box.width * 0.2, y };
      const right = { x: box.x + box.width * 0.8, y };
      // A swipe toward the edge goes from `from` to `to`; away from it, back.
      const [from, to] = edge === 'right' ? [left, right] : [right, left];

      await swipe(page, to, from);
      await nextFrames(page);
      await expect(menu).toBeVisible();
      await swipe(page, from, to);
      await expect(menu).toBeHidden();
      await expect(page.getByTestId('menu-button')).toBeFocused();
      // The swipe crossed the menu's links and followed none.
      expect(new URL(page.url()).pathname).toBe('/');

      // From the dimmed page beside it too. (Opened by the key: a tap just after a swipe only stops what it set moving.)
      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      const opened = (await menu.boundingBox())!;
      const beside = edge === 'right' ? { x: 10, y } : { x: opened.width + 10, y };
      await swipe(page, beside, { x: edge === 'right' ? beside.x + 200 : beside.x - 200, y });
      await expect(menu).toBeHidden();
    });
  }

  test("the page behind the Japanese footer's contact details holds still too, and is where it was when they close", async ({ page }) => {
    await page.goto(`${site('hikari.localhost')}/`);
    await expect(page.getByTestId('menu-button')).toBeEnabled();
    const contact = page.getByTestId('footer').getByTestId('footer-contact');
    await contact.scrollIntoViewIfNeeded();
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(0);
    await tapInPlace(page, 'footer-contact');
    const dialog = page.getByTestId('contact-dialog');
    await expect(dialog).toBeVisible();
    // Across the dialog and the dimmed page above and below it.
    await tryToScrollThePage(page, 180);
    expect(await scrollY(page)).toBe(before);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await scrollY(page)).toBe(before);
  });
});
