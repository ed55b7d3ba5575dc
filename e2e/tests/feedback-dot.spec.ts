import { expect, test, type Page } from '@playwright/test';
import { TIMINGS, type PlatformEvents } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { MUTABLE, logIn } from '../support/accounts.js';
import { dropLiveStream } from '../support/live-stream.js';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';
import { AGENT, agentReplies, callApi, openTicket, tokenOf } from '../support/tickets-api.js';

/** The player reads the ticket: opening its detail is what marks the replies seen. */
const playerReads = (playerToken: string, inquiryId: number) =>
  callApi('inquiryDetail', playerToken, { query: { inquiryId: String(inquiryId) } });

/**
 * What a remote does when a ticket changes: `emit('inquiry:updated')` on the window-level bus of shared-contracts
 * (event-bus.ts), which the test cannot import into the page.
 */
async function emitInquiryUpdated(page: Page, detail: PlatformEvents['inquiry:updated']): Promise<void> {
  await page.evaluate((payload) => {
    const target = (globalThis as unknown as Record<symbol, EventTarget>)[Symbol.for('publisher.platform.eventTarget')];
    target?.dispatchEvent(new CustomEvent('platform:inquiry:updated', { detail: payload }));
  }, detail);
}

/** How far right of the menu button's centre the dot is, after checking that it lies within the button. */
async function dotOffsetFromButtonCentre(page: Page): Promise<number> {
  const button = await page.getByTestId('menu-button').boundingBox();
  const dot = await page.getByTestId('menu-feedback-dot').boundingBox();
  if (!button || !dot) throw new Error('menu button or dot not laid out');
  expect(dot.x).toBeGreaterThanOrEqual(button.x);
  expect(dot.x + dot.width).toBeLessThanOrEqual(button.x + button.width);
  expect(dot.y).toBeGreaterThanOrEqual(button.y);
  expect(dot.y + dot.height).toBeLessThanOrEqual(button.y + button.height);
  return dot.x + dot.width / 2 - (button.x + button.width / 2);
}

const feedbackAnswer = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(ENDPOINTS.inquiryFeedback.path));

test.describe('feedback dot (SPEC §2)', () => {
  test('a guest gets no dot and the shell never asks for feedback', async ({ page }) => {
    await page.clock.install();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith(ENDPOINTS.inquiryFeedback.path)) asked.push(request.url());
    });
    await page.goto(`${site()}/?spec_lang=en`);
    await expect(page.getByTestId('menu-button')).toBeVisible();
    await page.clock.runFor(TIMINGS.feedbackPollMs * 2);
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('menu-support-center')).toBeVisible();
    await expect(page.getByTestId('menu-feedback-dot')).toHaveCount(0);
    await expect(page.getByTestId('support-feedback-dot')).toHaveCount(0);
    expect(asked).toEqual([]);
  });

  test('with the live channel down, an agent reply lights the dot on the next poll or update event, and reading the ticket clears it', async ({
    page,
  }) => {
    const player = MUTABLE.readsFeedback;
    // The fallback of SPEC §2 and §9 (issue 15): every stream is refused, so only the 60 s poll and the update event
    // tell the dot (support-live.spec.ts shows the live channel lighting it within a second).
    await dropLiveStream(page);
    await page.clock.install();
    await logIn(page, player);
    const playerToken = await tokenOf(player);
    const agentToken = await tokenOf(AGENT);

    let answered = feedbackAnswer(page);
    await page.goto(`${site()}/?spec_lang=en`);
    await answered;
    const menuButton = page.getByTestId('menu-button');
    await expect(menuButton).toBeVisible();
    await expect(page.getByTestId('menu-feedback-dot')).toHaveCount(0);

    const { inquiryId } = await openTicket(playerToken, { title: 'Feedback dot' });
    await agentReplies(agentToken, inquiryId, 'Thanks, we are looking into it.');
    // Nothing asked yet: the dot waits for the poll.
    await expect(page.getByTestId('menu-feedback-dot')).toHaveCount(0);

    answered = feedbackAnswer(page);
    await page.clock.runFor(TIMINGS.feedbackPollMs);
    await answered;
    const label = t('shell', 'en', 'feedback.newReplies').replace('{{number}}', '1');
    await expect(page.getByTestId('menu-feedback-dot')).toBeVisible();
    await expect(menuButton).toHaveAccessibleName(`${t('shell', 'en', 'nav.menu')} ${label}`);
    await menuButton.click();
    const supportEntry = page.getByTestId('menu-support-center');
    await expect(supportEntry.getByTestId('support-feedback-dot')).toBeVisible();
    await expect(supportEntry).toHaveAccessibleName(`${t('shell', 'en', 'menu.supportCenter')} ${label}`);

    await playerReads(playerToken, inquiryId);
    answered = feedbackAnswer(page);
    await emitInquiryUpdated(page, { inquiryId });
    await answered;
    await expect(supportEntry.getByTestId('support-feedback-dot')).toHaveCount(0);
    await expect(page.getByTestId('menu-feedback-dot')).toHaveCount(0);
    await expect(supportEntry).toHaveAccessibleName(t('shell', 'en', 'menu.supportCenter'));

    // The update event alone brings the next reply in, without waiting for the poll.
    await agentReplies(agentToken, inquiryId, 'Thanks, we are looking into it.');
    await emitInquiryUpdated(page, { inquiryId });
    await expect(supportEntry.getByTestId('support-feedback-dot')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('menu-feedback-dot')).toBeVisible();

    // On a phone, and mirrored in Arabic: the dot sits inside the button, on its outer (end) corner.
    await page.setViewportSize({ width: 360, height: 720 });
    expect(await dotOffsetFromButtonCentre(page)).toBeGreaterThan(0);
    answered = feedbackAnswer(page);
    await page.goto(`${site()}/?spec_lang=ar`);
    await answered;
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('menu-feedback-dot')).toBeVisible();
    expect(await dotOffsetFromButtonCentre(page)).toBeLessThan(0);

    await playerReads(playerToken, inquiryId);
    answered = feedbackAnswer(page);
    await page.clock.runFor(TIMINGS.feedbackPollMs);
    await answered;
    await expect(page.getByTestId('menu-feedback-dot')).toHaveCount(0);
  });
});
