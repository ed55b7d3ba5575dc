import { expect, test, type Page } from '@playwright/test';
import { TIMINGS } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { DEMO, logIn } from '../support/accounts.js';
import { gamesSimple } from '../support/api.js';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';

/**
 * The timings of SPEC §9 on the browser's clock, each measured to within a step: the page runs on a paused fake
 * clock that the test moves forward, so a timer that fires early, late or not at all fails the test. The feedback
 * poll and the chunk timeout have theirs in feedback-dot.spec.ts and drills-faults.spec.ts.
 */

const STEP_MS = 100;

/**
 * How far ahead the clock is stopped: it runs on until the call reaches the page, which on a busy machine, while
 * the page still loads a remote, can take more than a step, and a clock cannot be stopped in its past.
 */
const PAUSE_AHEAD_MS = 1_000;

/** Stops the page's clock a moment from now; timers then fire only as the test moves the clock. */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt(await page.evaluate((ahead) => Date.now() + ahead, PAUSE_AHEAD_MS));
}

/** Moves the paused clock in steps until `changed` says so, and answers how far it moved. */
async function runUntil(page: Page, changed: () => Promise<boolean>, limitMs: number): Promise<number> {
  for (let elapsed = STEP_MS; elapsed <= limitMs; elapsed += STEP_MS) {
    await page.clock.runFor(STEP_MS);
    if (await changed()) return elapsed;
  }
  throw new Error(`nothing changed within ${limitMs} ms`);
}

test.describe('timings of SPEC §9 on the browser clock', () => {
  test('the carousel moves on every 3 seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto(`${site()}/?spec_lang=en`);
    const carousel = page.getByTestId('banner-carousel');
    // Mounted: the first view's controls are inert until the remote has taken over.
    await expect(carousel.getByRole('button').first()).toBeEnabled();
    await pauseClock(page);
    const index = () => carousel.getAttribute('data-active-index');
    // The first turn comes at some point of its interval; the time between two turns is the interval.
    const before = await index();
    await runUntil(page, async () => (await index()) !== before, TIMINGS.carouselIntervalMs + STEP_MS);
    const turned = await index();
    const interval = await runUntil(page, async () => (await index()) !== turned, TIMINGS.carouselIntervalMs * 2);
    expect(interval).toBeGreaterThan(TIMINGS.carouselIntervalMs - STEP_MS);
    expect(interval).toBeLessThanOrEqual(TIMINGS.carouselIntervalMs + STEP_MS);
  });

  test('a toast stays 2 seconds', async ({ page }) => {
    await page.clock.install();
    await logIn(page, DEMO.player1);
    await page.goto(`${site()}/?spec_lang=en`);
    await page.getByTestId('menu-button').click();
    await pauseClock(page);
    await page.getByTestId('menu-logout').click();
    const toast = page.getByTestId('toasts').getByText(t('common', 'en', 'session.loggedOut'));
    await expect(toast).toBeVisible();
    const shown = await runUntil(page, async () => (await toast.count()) === 0, TIMINGS.toastMs * 2);
    expect(shown).toBeGreaterThan(TIMINGS.toastMs - STEP_MS);
    expect(shown).toBeLessThanOrEqual(TIMINGS.toastMs + STEP_MS);
  });

  test('the help-topic search asks once, 500 ms after the last key', async ({ page }) => {
    const [game] = await gamesSimple('en');
    await page.clock.install();
    await page.goto(`${site()}/SupportCenter/game?spec_lang=en`);
    await page.getByRole('button', { name: game?.gameName }).click();
    await page.getByTestId('to-question').click();
    await expect(page.getByTestId('help-topic-list')).toBeVisible();
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith(ENDPOINTS.faqs.path) && url.searchParams.has('keyword'))
        searches.push(url.searchParams.get('keyword') ?? '');
    });
    await pauseClock(page);
    const search = page.getByLabel(t('support', 'en', 'question.search'));
    await search.pressSequentially('gem', { delay: 0 });
    // Typing on: each key starts the wait again.
    await page.clock.runFor(TIMINGS.searchDebounceMs - STEP_MS);
    await search.press('s');
    await page.clock.runFor(TIMINGS.searchDebounceMs - STEP_MS);
    expect(searches).toEqual([]);
    await page.clock.runFor(STEP_MS);
    await expect.poll(() => searches).toEqual(['gems']);
  });
});
