import { randomUUID } from 'node:crypto';
import { expect, test, type Locator } from '@playwright/test';
import { DEMO, logIn } from '../support/accounts.js';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';
import { AGENT, PNG_BYTES, agentReplies, callApi, openTicket, tokenOf } from '../support/tickets-api.js';

/** An English support message with its {{placeholders}} filled in. */
const en = (key: string, values: Record<string, string | number> = {}) => t('support', 'en', key, values);

const deskUrl = (query = '') => `${site()}/SupportCenter/agent?spec_lang=en${query}`;

test.describe("the customer-service agents' desk (DESIGN §5)", () => {
  test('an agent finds a ticket by keyword and replies with an attachment; the player reads the reply', async ({ page, browser }) => {
    const marker = randomUUID().slice(0, 8);
    const title = `Desk ${marker}`;
    const ticket = await openTicket(await tokenOf(DEMO.player1), { title });

    await logIn(page, AGENT);
    await page.goto(deskUrl());
    const desk = page.getByTestId('agent-desk');
    await expect(desk.getByRole('heading', { level: 2 })).toHaveText(en('agent.title'));
    // The desk is not one of the player's steps.
    await expect(page.getByRole('navigation', { name: en('steps.label') })).toHaveCount(0);

    await desk.getByTestId('agent-keyword').fill(marker);
    const items = desk.getByTestId('agent-queue-item');
    await expect(items).toHaveCount(1);
    await expect(items).toContainText(title);
    await expect(items).toContainText(DEMO.player1.account);
    await expect(items).toContainText(en('status.processing'));
    await expect(page).toHaveURL(new RegExp(`keyword=${marker}`));

    await items.click();
    const view = page.getByTestId('agent-ticket');
    await expect(view.getByRole('heading', { level: 3 })).toHaveText(title);
    // Focus follows the chosen ticket to its title, which names what the agent now reads.
    await expect(view.getByRole('heading', { level: 3 })).toBeFocused();
    await expect(view.getByTestId('ticket-details')).toContainText(DEMO.player1.account);
    await expect(view.getByTestId('conversation-question')).toContainText(ticket.content);

    const reply = `We found it, ${marker}: the reward is back in your mailbox.`;
    const form = view.getByTestId('reply-form');
    await form.getByLabel(en('agent.reply')).fill(reply);
    await form.getByTestId('attachment-input').setInputFiles({ name: 'mailbox.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await expect(form.getByTestId('attachment-uploaded')).toHaveCount(1);
    await form.getByTestId('reply-send').click();
    await expect(view.getByTestId('agent-notice')).toHaveText(en('agent.replied'));
    // Busy while sending, the button kept the focus (a disabled one would have dropped it to the page).
    await expect(form.getByTestId('reply-send')).toBeFocused();
    const answer = view.getByTestId('conversation-message-agent');
    await expect(answer).toContainText(reply);
    await expect(answer.getByRole('img', { name: 'mailbox.png' })).toBeVisible();
    await expect(form.getByLabel(en('agent.reply'))).toHaveValue('');

    const playerContext = await browser.newContext();
    try {
      const playerPage = await playerContext.newPage();
      await logIn(playerPage, DEMO.player1);
      await playerPage.goto(`${site()}/SupportCenter/feedback?inquiryId=${ticket.inquiryId}&spec_lang=en`);
      const seen = playerPage.getByTestId('conversation-message-agent');
      await expect(seen).toContainText(reply);
      await expect(seen).toContainText(en('conversation.agent'));
      const image = seen.getByRole('img', { name: 'mailbox.png' });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    } finally {
      await playerContext.close();
    }
  });

  test('an agent ends a chat; the status filter then finds it waiting for rating and no longer without a reply', async ({ page }) => {
    const marker = randomUUID().slice(0, 8);
    const { inquiryId } = await openTicket(await tokenOf(DEMO.player1), { title: `End ${marker}` });
    await logIn(page, AGENT);
    await page.goto(deskUrl(`&inquiryId=${inquiryId}`));
    const view = page.getByTestId('agent-ticket');
    const endButton = view.getByTestId('end-chat');
    // Opened from an address, not chosen from the list: the page keeps its usual starting focus.
    await expect(view.getByRole('heading', { level: 3 })).toBeVisible();
    await expect(view.getByRole('heading', { level: 3 })).not.toBeFocused();
    await endButton.click();
    const dialog = page.getByTestId('end-chat-dialog');
    await expect(dialog).toContainText(en('agent.endBody'));
    // Focus starts on Cancel; Escape closes without ending and gives focus back.
    await expect(dialog.getByRole('button', { name: en('conversation.cancel') })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(endButton).toBeFocused();
    await endButton.click();
    await dialog.getByTestId('end-chat-confirm').click();
    await expect(view.getByTestId('ended-notice')).toContainText(en('conversation.endedByAgent'));
    await expect(view.getByTestId('ended-notice')).toBeFocused();
    await expect(view.getByTestId('ticket-status')).toContainText(en('status.waiting_rating'));
    await expect(view.getByTestId('reply-form')).toHaveCount(0);

    const desk = page.getByTestId('agent-desk');
    await desk.getByTestId('agent-keyword').fill(marker);
    await desk.getByTestId('agent-status').selectOption('waiting_rating');
    await expect(desk.getByTestId('agent-queue-item')).toHaveCount(1);
    await desk.getByTestId('agent-status').selectOption('processing');
    await expect(desk.getByTestId('agent-queue-item')).toHaveCount(0);
    await expect(desk).toContainText(t('common', 'en', 'state.noData'));
  });

  test('a chat the player ended reads "The player ended this chat." on the desk, not the player\'s "You ended this chat."', async ({
    page,
  }) => {
    const marker = randomUUID().slice(0, 8);
    const playerToken = await tokenOf(DEMO.player1);
    const { inquiryId } = await openTicket(playerToken, { title: `Player ends ${marker}` });
    await agentReplies(await tokenOf(AGENT), inquiryId, 'Could you tell us when it happened?');
    await callApi('inquiryEnd', playerToken, { body: { inquiryId } });

    await logIn(page, AGENT);
    await page.goto(deskUrl(`&inquiryId=${inquiryId}`));
    const ended = page.getByTestId('agent-ticket').getByTestId('ended-notice');
    await expect(ended).toHaveAttribute('data-ended-by', 'player');
    await expect(ended).toContainText(en('agent.endedByPlayer'));
    await expect(ended).not.toContainText(en('conversation.endedByPlayer'));
    // The player is not asked to rate on the agent's screen.
    await expect(ended.getByTestId('rate-open')).toHaveCount(0);
  });

  test('on a phone the desk shows the list, then the chosen ticket with a way back', async ({ page }) => {
    const marker = randomUUID().slice(0, 8);
    await openTicket(await tokenOf(DEMO.player1), { title: `Phone ${marker}` });
    await page.setViewportSize({ width: 360, height: 740 });
    await logIn(page, AGENT);
    await page.goto(deskUrl(`&keyword=${marker}`));
    const desk = page.getByTestId('agent-desk');
    await desk.getByTestId('agent-queue-item').click();
    await expect(page.getByTestId('agent-ticket')).toBeVisible();
    await expect(desk.getByTestId('agent-queue')).toBeHidden();
    await desk.getByRole('link', { name: en('agent.backToQueue') }).click();
    await expect(desk.getByTestId('agent-queue')).toBeVisible();
    await expect(desk.getByTestId('agent-queue-item')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('on the Arabic desk dates read as one piece beside Latin names, and a player’s English writing keeps its direction', async ({
    page,
  }) => {
    const marker = randomUUID().slice(0, 8);
    const player = await tokenOf(DEMO.player1);
    const { inquiryId } = await openTicket(player, { title: `Bidi ${marker}`, content: 'It started yesterday. Please help.' });
    await logIn(page, AGENT);
    await page.goto(`${site()}/SupportCenter/agent?self_area=eru&spec_lang=ar&keyword=${marker}`);
    const item = page.getByTestId('agent-queue-item');
    await expect(item).toHaveCount(1);
    // A date the text's direction splits shows in pieces with a name between them ("27 · 2026/11/player1"): nothing
    // else of its line may stand within the span of the date's own boxes.
    const splitByOthers = (time: Locator) =>
      time.evaluate((element) => {
        const boxes = [...element.getClientRects()].filter((box) => box.width > 0);
        const line = boxes[0]!.top;
        const left = Math.min(...boxes.map((box) => box.left));
        const right = Math.max(...boxes.map((box) => box.right));
        return [...element.parentElement!.childNodes]
          .filter((node) => node !== element)
          .some((node) => {
            const range = document.createRange();
            range.selectNodeContents(node);
            return [...range.getClientRects()].some(
              (box) => box.width > 0 && Math.abs(box.top - line) < 2 && box.left < right - 0.5 && box.right > left + 0.5,
            );
          });
      });
    expect(await splitByOthers(item.locator('time'))).toBe(false);
    await item.click();
    const question = page.getByTestId('conversation-question');
    expect(await splitByOthers(question.locator('time'))).toBe(false);
    // Each paragraph a player wrote runs in its own direction: the full stop ends the English sentence, on its right.
    const paragraph = question.getByText('It started yesterday. Please help.');
    expect(await paragraph.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
    // Not left open: a player may have only so many open tickets, and other tests open theirs.
    await callApi('inquiryEnd', player, { body: { inquiryId } });
  });

  test('a rated chat shows the agent the player’s rating in the agent’s words, not the player’s “Your rating”', async ({ page }) => {
    const marker = randomUUID().slice(0, 8);
    const player = await tokenOf(DEMO.player1);
    const { inquiryId } = await openTicket(player, { title: `Rated ${marker}` });
    await agentReplies(await tokenOf(AGENT), inquiryId, 'Sent again: check your mailbox.');
    await callApi('inquiryEnd', player, { body: { inquiryId } });
    await callApi('inquiryScore', player, { body: { inquiryId, score: 2, reasons: ['slow'] } });
    await logIn(page, AGENT);
    await page.goto(deskUrl(`&keyword=${marker}`));
    await page.getByTestId('agent-desk').getByTestId('agent-queue-item').click();
    const rating = page.getByTestId('agent-ticket').getByTestId('rating-given');
    await expect(rating).toContainText(en('agent.ratingGiven', { score: 2, max: 5 }));
    await expect(rating).toContainText(en('rating.reason.slow'));
    await expect(rating).not.toContainText(en('rating.given', { score: 2, max: 5 }));
  });

  test("an agent who opens a player's pages is pointed to the desk, without a call the API would refuse", async ({ page }) => {
    await logIn(page, AGENT);
    const refusedCalls: string[] = [];
    const consoleErrors: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refusedCalls.push(response.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const { inquiryId } = await openTicket(await tokenOf(DEMO.player2), { title: `Agent on player pages ${randomUUID()}` });
    for (const path of ['/SupportCenter/history', '/SupportCenter/inquiry', `/SupportCenter/feedback?inquiryId=${inquiryId}`]) {
      await page.goto(`${site()}${path}${path.includes('?') ? '&' : '?'}spec_lang=en`);
      const told = page.getByTestId('players-only');
      await expect(told, path).toContainText(en('errors.playersOnly'));
      await expect(page.getByTestId('support-step-history')).toHaveCount(0);
    }
    await page
      .getByTestId('players-only')
      .getByRole('link', { name: en('agent.title') })
      .click();
    await expect(page.getByTestId('agent-queue')).toBeVisible();
    expect(refusedCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('a player who opens the desk is told it is for customer service only; a guest is asked to log in', async ({ page }) => {
    await page.goto(deskUrl());
    await expect(page.getByTestId('login-prompt')).toContainText(t('common', 'en', 'errors.loginFirst'));

    await logIn(page, DEMO.player2);
    // The session knows it is a player's: the desk's pages tell so without asking the API what it would refuse.
    const refusedCalls: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refusedCalls.push(response.url());
    });
    await page.goto(deskUrl());
    await expect(page.getByTestId('agent-refused')).toContainText(en('agent.agentsOnly'));
    await expect(page.getByTestId('agent-queue')).toHaveCount(0);
    await page.goto(`${site()}/SupportCenter/agent/canned-replies?spec_lang=en`);
    await expect(page.getByTestId('canned-replies-refused')).toContainText(en('agent.agentsOnly'));
    await page.goto(`${site()}/SupportCenter/agent/dashboard?spec_lang=en`);
    await expect(page.getByTestId('lead-refused')).toHaveText(en('errors.leadsOnly'));
    await expect(page.getByTestId('lead-show')).toHaveCount(0);
    expect(refusedCalls).toEqual([]);
  });
});
