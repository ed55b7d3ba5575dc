import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { LIMITS } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { DEMO, logIn } from '../support/accounts.js';
import { dropLiveStream } from '../support/live-stream.js';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';
import { loseNextAnswer } from '../support/network.js';
import { AGENT, PNG_BYTES, agentReads, callApi, openTicket, tokenOf, uploadFile } from '../support/tickets-api.js';

/** An English support message with its {{placeholders}} filled in. */
const en = (key: string, values: Record<string, string | number> = {}) => t('support', 'en', key, values);

const historyItem = (page: Page, inquiryId: number) => page.locator(`[data-testid="history-item"][data-inquiry-id="${inquiryId}"]`);
const uniqueTitle = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;

/** WCAG contrast ratio of two computed CSS colours (`rgb(r, g, b)`). */
function contrast(first: string, second: string): number {
  const luminance = (colour: string) => {
    const [red = 0, green = 0, blue = 0] = (colour.match(/\d+(\.\d+)?/g) ?? []).map((channel) => {
      const value = Number(channel) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  };
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

test.describe('support steps zero and four: history and conversation (SPEC §4, DESIGN §7)', () => {
  test('a new ticket shows as no reply, its conversation and files open, added information survives a lost answer once, then end, rate low and concluded', async ({
    page,
  }) => {
    const playerToken = await tokenOf(DEMO.player1);
    const image = await uploadFile(playerToken, 'screenshot.png', PNG_BYTES, 'image/png');
    const notes = await uploadFile(playerToken, 'notes.txt', Buffer.from('Steps to reproduce: open the mailbox.\n'), 'text/plain');
    const title = uniqueTitle('Missing reward');
    const ticket = await openTicket(playerToken, { title, attachments: [image, notes] });

    await logIn(page, DEMO.player1);
    await page.goto(`${site()}/SupportCenter/history?spec_lang=en`);
    const item = historyItem(page, ticket.inquiryId);
    await expect(item).toContainText(title);
    await expect(item).toContainText(ticket.gameName);
    await expect(item).toContainText(ticket.categoryName);
    await expect(item.getByTestId('history-label')).toHaveText(en('listStatus.noReply'));
    // Newest first (ids grow with every ticket; other tests open tickets of this player at the same time).
    const ids = await page
      .getByTestId('history-item')
      .evaluateAll((links) => links.map((link) => Number(link.getAttribute('data-inquiry-id'))));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    await item.click();
    await expect(page).toHaveURL(new RegExp(`/SupportCenter/feedback\\?inquiryId=${ticket.inquiryId}$`));
    const step = page.getByTestId('support-step-feedback');
    await expect(step.getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(step.getByTestId('ticket-status')).toContainText(en('status.processing'));
    const question = step.getByTestId('conversation-question');
    await expect(question).toContainText(ticket.content);
    const thumbnail = question.getByRole('img', { name: 'screenshot.png' });
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    // Each name is a run of its own direction, apart from the size after it: in Arabic a Latin name and a number mix.
    await expect(question.getByTestId('attachment-image').locator('figcaption bdi')).toHaveText('screenshot.png');
    await expect(question.getByTestId('attachment-download').filter({ hasText: 'notes.txt' })).toContainText('\u2068notes.txt\u2069');
    const downloading = page.waitForEvent('download');
    await question.getByTestId('attachment-download').filter({ hasText: 'notes.txt' }).click();
    expect((await downloading).suggestedFilename()).toBe('notes.txt');

    // The add-information dialog: focus goes in, Escape closes it, focus comes back to what opened it.
    const addInformation = step.getByTestId('add-information');
    await addInformation.click();
    const dialog = page.getByTestId('add-information-dialog');
    const textarea = dialog.getByLabel(en('conversation.message'));
    await expect(textarea).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(addInformation).toBeFocused();

    // Added information takes images or one video (SPEC §5): no document, not even when dropped or picked anyway.
    await addInformation.click();
    const picker = dialog.getByTestId('attachment-input');
    expect((await picker.getAttribute('accept'))?.split(',')).toEqual(expect.arrayContaining(['.png', '.mp4']));
    expect(await picker.getAttribute('accept')).not.toContain('.pdf');
    await expect(dialog.getByTestId('attachment-uploader')).toContainText(
      en('attachments.supplementHint', { max: LIMITS.attachmentsMax }).split(',')[0]!,
    );
    await picker.setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await expect(dialog.getByTestId('attachment-refused')).toContainText(
      en('errors.supplementImagesOrVideo', { max: LIMITS.attachmentsMax }),
    );
    await expect(dialog.getByTestId('attachment-uploading')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The first send reaches the API but its answer is lost: the text stays, and sending again adds it once.
    const extra = `It happened again at ${randomUUID().slice(0, 8)}.`;
    await addInformation.click();
    await textarea.fill(extra);
    await expect(dialog).toContainText(en('form.counter', { length: extra.length, max: LIMITS.replyMax }));
    await loseNextAnswer(page, (url) => url.pathname.endsWith(ENDPOINTS.inquiryReply.path));
    await dialog.getByTestId('reply-send').click();
    await expect(dialog.getByTestId('reply-failure')).toHaveText(t('common', 'en', 'errors.network'));
    await expect(textarea).toHaveValue(extra);
    expect((await agentReads(await tokenOf(AGENT), ticket.inquiryId)).messages.map((message) => message.content)).toEqual([extra]);
    await dialog.getByTestId('reply-send').click();
    await expect(dialog).toBeHidden();
    await expect(step.getByTestId('feedback-notice')).toHaveText(en('conversation.added'));
    await expect(step.getByTestId('conversation-message-player')).toHaveCount(1);
    await expect(step.getByTestId('conversation-message-player')).toContainText(extra);

    // End the chat, then rate it two stars from the keyboard with a reason.
    await step.getByTestId('end-chat').click();
    const endDialog = page.getByTestId('end-chat-dialog');
    await expect(endDialog).toContainText(en('conversation.endBody'));
    await endDialog.getByTestId('end-chat-confirm').click();
    const rating = page.getByTestId('rating-dialog');
    await expect(rating).toBeVisible();
    await expect(rating.getByRole('radio', { name: en('rating.star', { score: 1, max: 5 }) })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(rating.getByRole('radio', { name: en('rating.star', { score: 2, max: 5 }) })).toBeChecked();
    // A chosen star stands out from the dialog by 3:1 at least (WCAG 1.4.11), and is filled where the others are not.
    const stars = rating.getByTestId('rating-star');
    await expect(stars).toHaveText(
      ['★', '★', '☆', '☆', '☆'].map((star, index) => `${star}${en('rating.star', { score: index + 1, max: 5 })}`),
    );
    const starColour = await stars.first().evaluate((star) => getComputedStyle(star).color);
    const dialogColour = await rating.evaluate((dialog) => getComputedStyle(dialog).backgroundColor);
    expect(contrast(starColour, dialogColour)).toBeGreaterThanOrEqual(3);
    await rating.getByLabel(en('rating.reason.unsolved')).check();
    await rating.getByLabel(en('rating.comment')).fill('Still waiting for the reward.');
    await rating.getByTestId('rating-submit').click();
    await expect(rating).toBeHidden();
    await expect(step.getByTestId('feedback-notice')).toHaveText(en('rating.thanks'));
    await expect(step.getByTestId('ticket-status')).toContainText(en('status.ended'));
    await expect(step.getByTestId('ended-notice')).toContainText(en('conversation.endedByPlayer'));
    await expect(step.getByTestId('rating-given')).toContainText(en('rating.given', { score: 2, max: 5 }));
    await expect(step.getByTestId('rating-given')).toContainText(en('rating.reason.unsolved'));
    await expect(step.getByTestId('add-information')).toHaveCount(0);

    await page.goto(`${site()}/SupportCenter/history?spec_lang=en`);
    await expect(historyItem(page, ticket.inquiryId).getByTestId('history-label')).toHaveText(en('listStatus.concluded'));
  });

  test('a chat ended and rated in another tab: ending it again asks for no rating, a rating sent after another is taken as done, and "choose a star" goes once one is chosen', async ({
    page,
  }) => {
    // The page must not hear of the other tab: with the live channel up it would show the change within a second
    // (support-live.spec.ts); this is what the player meets while it is down.
    await dropLiveStream(page);
    const playerToken = await tokenOf(DEMO.player1);
    const rated = await openTicket(playerToken, { title: uniqueTitle('Rated elsewhere') });
    await logIn(page, DEMO.player1);
    await page.goto(`${site()}/SupportCenter/feedback?inquiryId=${rated.inquiryId}&spec_lang=en`);
    const step = page.getByTestId('support-step-feedback');
    await expect(step.getByTestId('end-chat')).toBeVisible();
    // Meanwhile, in another tab: ended and rated.
    await callApi('inquiryEnd', playerToken, { body: { inquiryId: rated.inquiryId } });
    await callApi('inquiryScore', playerToken, { body: { inquiryId: rated.inquiryId, score: 4, reasons: [], comment: '' } });
    await step.getByTestId('end-chat').click();
    await page.getByTestId('end-chat-dialog').getByTestId('end-chat-confirm').click();
    await expect(page.getByTestId('end-chat-dialog')).toBeHidden();
    await expect(page.getByTestId('rating-dialog')).toBeHidden();
    await expect(step.getByTestId('rating-given')).toContainText(en('rating.given', { score: 4, max: 5 }));
    await expect(step.getByTestId('ended-notice')).toBeFocused();

    const waiting = await openTicket(playerToken, { title: uniqueTitle('Rated twice') });
    await callApi('inquiryEnd', playerToken, { body: { inquiryId: waiting.inquiryId } });
    await page.goto(`${site()}/SupportCenter/feedback?inquiryId=${waiting.inquiryId}&spec_lang=en`);
    await step.getByTestId('rate-open').click();
    const rating = page.getByTestId('rating-dialog');
    // Sent with no star: asked to choose one; the message goes once a star is chosen.
    await rating.getByTestId('rating-submit').click();
    await expect(rating.getByTestId('rating-failure')).toBeVisible();
    await rating.getByRole('radio', { name: en('rating.star', { score: 5, max: 5 }) }).check();
    await expect(rating.getByTestId('rating-failure')).toHaveCount(0);
    await callApi('inquiryScore', playerToken, { body: { inquiryId: waiting.inquiryId, score: 3, reasons: [], comment: '' } });
    await rating.getByTestId('rating-submit').click();
    await expect(rating).toBeHidden();
    await expect(step.getByTestId('rating-given')).toContainText(en('rating.given', { score: 3, max: 5 }));
    await expect(step.getByTestId('rating-failure')).toHaveCount(0);
  });

  test("another player's ticket, and one that does not exist, show as not found", async ({ page }) => {
    const { inquiryId } = await openTicket(await tokenOf(DEMO.player1), { title: uniqueTitle('Private') });
    await logIn(page, DEMO.player2);
    for (const id of [inquiryId, 2_000_000_000]) {
      await page.goto(`${site()}/SupportCenter/feedback?inquiryId=${id}&spec_lang=en`);
      const notFound = page.getByTestId('inquiry-not-found');
      await expect(notFound).toContainText(en('conversation.notFound'));
      await expect(page.getByTestId('conversation-thread')).toHaveCount(0);
    }
    await page.getByRole('link', { name: en('conversation.backToHistory') }).click();
    await expect(page).toHaveURL(/\/SupportCenter\/history/);
    await expect(historyItem(page, inquiryId)).toHaveCount(0);
  });

  test('a guest is asked to log in first, and comes back to the history afterwards', async ({ page }) => {
    await page.goto(`${site()}/SupportCenter/history?spec_lang=en`);
    const prompt = page.getByTestId('login-prompt');
    await expect(prompt).toContainText(t('common', 'en', 'errors.loginFirst'));
    await prompt.getByRole('link', { name: en('loginPrompt.action') }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2FSupportCenter%2Fhistory/);
  });

  test('on a phone in Arabic the history and the conversation fit the screen and read right to left', async ({ page }) => {
    const playerToken = await tokenOf(DEMO.player1);
    const { inquiryId } = await openTicket(playerToken, { title: uniqueTitle('Phone') });
    await page.setViewportSize({ width: 360, height: 740 });
    await logIn(page, DEMO.player1);
    await page.goto(`${site()}/SupportCenter/history?spec_lang=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(historyItem(page, inquiryId)).toBeVisible();
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await historyItem(page, inquiryId).click();
    const question = page.getByTestId('conversation-question');
    await expect(question).toBeVisible();
    expect(await fits()).toBe(true);
    // The player's own message sits on the end side: the left in a right-to-left page.
    const box = await question.boundingBox();
    const thread = await page.getByTestId('conversation-thread').boundingBox();
    expect(box && thread && Math.abs(box.x - thread.x)).toBeLessThan(2);
  });
});
