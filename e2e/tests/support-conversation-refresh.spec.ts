import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { MUTABLE, logIn } from '../support/accounts.js';
import { liveStreamOpen } from '../support/live-stream.js';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';
import { AGENT, agentReplies, openTicket, tokenOf } from '../support/tickets-api.js';

const en = (key: string) => t('support', 'en', key);

test.describe('a conversation whose refresh fails (SPEC §8)', () => {
  test("stays on screen with what the player was writing; the browser back online, or the retry, brings the agent's reply", async ({
    page,
  }) => {
    const marker = randomUUID().slice(0, 8);
    const player = MUTABLE.refreshesConversation;
    const { inquiryId } = await openTicket(await tokenOf(player), { title: `Refresh ${marker}` });
    await logIn(page, player);
    const streamOpen = liveStreamOpen(page);
    await page.goto(`${site()}/SupportCenter/feedback?inquiryId=${inquiryId}&spec_lang=en`);
    await expect(page.getByTestId('ticket-status')).toContainText(en('status.processing'));
    await streamOpen;
    await page.getByTestId('add-information').click();
    const dialog = page.getByTestId('add-information-dialog');
    const typed = `More details ${marker}`;
    await dialog.getByLabel(en('conversation.message')).fill(typed);

    // The agent answers; the refresh that follows fails.
    const detail = (url: URL) => url.pathname.endsWith('/inquiries/detail');
    const agentToken = await tokenOf(AGENT);
    const failure = page.getByTestId('support-step-feedback').getByRole('button', { name: t('common', 'en', 'remote.retry') });
    const field = dialog.getByLabel(en('conversation.message'));
    const answerWhileRefreshFails = async (answer: string) => {
      const failedRefresh = page.waitForResponse((response) => detail(new URL(response.url())) && response.status() === 500);
      await page.route(detail, (route) => route.fulfill({ status: 500, body: 'down' }));
      await agentReplies(agentToken, inquiryId, answer);
      await failedRefresh;
      await expect(failure).toBeVisible();
      await expect(page.getByTestId('ticket-status')).toBeVisible();
      await expect(field).toHaveValue(typed);
      await page.unroute(detail);
    };

    // The browser's connection comes back: the conversation catches up by itself.
    await answerWhileRefreshFails(`First answer ${marker}`);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByTestId('conversation-message-agent')).toContainText(`First answer ${marker}`);
    await expect(failure).toHaveCount(0);
    await expect(field).toHaveValue(typed);

    // Or the player asks again, from the conversation (the dialog above it closed; it keeps what they wrote).
    await answerWhileRefreshFails(`Second answer ${marker}`);
    await page.keyboard.press('Escape');
    await failure.click();
    await expect(page.getByTestId('conversation-message-agent').last()).toContainText(`Second answer ${marker}`);
    await expect(failure).toHaveCount(0);
    await page.getByTestId('add-information').click();
    await expect(field).toHaveValue(typed);
  });
});
