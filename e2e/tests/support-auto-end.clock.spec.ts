import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { LIMITS } from 'shared-contracts';
import { logIn } from '../support/accounts.js';
import { INQUIRY_ACCOUNTS } from '../support/inquiry-accounts.js';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';
import { AGENT, advanceApiClock, agentReplies, openTicket, tokenOf } from '../support/tickets-api.js';

/**
 * Runs in the "moved clock" project, after every other browser test: moving the API's clock a day forward also
 * expires uploads, codes and throttles other tests rely on.
 */

/** An English support message with its {{placeholders}} filled in. */
const en = (key: string, values: Record<string, string | number> = {}) => t('support', 'en', key, values);

const historyItem = (page: Page, inquiryId: number) => page.locator(`[data-testid="history-item"][data-inquiry-id="${inquiryId}"]`);

test.describe('the 24-hour auto-end (SPEC §4)', () => {
  test(`a chat left unanswered ${LIMITS.autoEndHours} hours after the agent's reply ends by itself and invites a rating`, async ({
    page,
    browser,
  }) => {
    const playerToken = await tokenOf(INQUIRY_ACCOUNTS.autoEnded);
    const title = `Auto-end ${randomUUID().slice(0, 8)}`;
    const { inquiryId } = await openTicket(playerToken, { title });
    await agentReplies(await tokenOf(AGENT), inquiryId, 'We restored your reward. Does it show now?');
    const { autoEnded } = await advanceApiClock((LIMITS.autoEndHours + 1) * 60 * 60 * 1000);
    expect(autoEnded).toBeGreaterThanOrEqual(1);

    await logIn(page, INQUIRY_ACCOUNTS.autoEnded);
    await page.goto(`${site()}/SupportCenter/history?spec_lang=en`);
    const item = historyItem(page, inquiryId);
    await expect(item.getByTestId('history-label')).toHaveText(en('listStatus.awaitingEvaluation'));
    await expect(item.getByTestId('history-unread')).toBeVisible();

    await item.click();
    const step = page.getByTestId('support-step-feedback');
    await expect(step.getByTestId('ticket-status')).toContainText(en('status.waiting_rating'));
    await expect(step.getByTestId('conversation-message-agent')).toContainText('We restored your reward.');
    const ended = step.getByTestId('ended-notice');
    await expect(ended).toContainText(en('conversation.autoEnded', { hours: LIMITS.autoEndHours }));
    await expect(ended).toContainText(en('conversation.rateInvite'));
    await expect(step.getByTestId('add-information')).toHaveCount(0);

    // Opening it marked the reply read: back in the history, the marker is gone.
    await page.goto(`${site()}/SupportCenter/history?spec_lang=en`);
    await expect(historyItem(page, inquiryId).getByTestId('history-label')).toHaveText(en('listStatus.awaitingEvaluation'));
    await expect(historyItem(page, inquiryId).getByTestId('history-unread')).toHaveCount(0);

    // The invitation opens the rating; a high score asks for no reasons.
    await page.goto(`${site()}/SupportCenter/feedback?inquiryId=${inquiryId}&spec_lang=en`);
    await page.getByTestId('rate-open').click();
    const rating = page.getByTestId('rating-dialog');
    await rating.getByRole('radio', { name: en('rating.star', { score: 5, max: 5 }) }).check();
    await expect(rating.getByLabel(en('rating.reason.slow'))).toHaveCount(0);
    await rating.getByTestId('rating-submit').click();
    await expect(page.getByTestId('rating-given')).toContainText(en('rating.given', { score: 5, max: 5 }));

    // On the agents' desk the same end is told in the third person.
    const agentContext = await browser.newContext();
    try {
      const agentPage = await agentContext.newPage();
      await logIn(agentPage, AGENT);
      await agentPage.goto(`${site()}/SupportCenter/agent?spec_lang=en&inquiryId=${inquiryId}`);
      const deskNotice = agentPage.getByTestId('agent-ticket').getByTestId('ended-notice');
      await expect(deskNotice).toContainText(en('agent.autoEnded', { hours: LIMITS.autoEndHours }));
      await expect(deskNotice).not.toContainText(en('conversation.autoEnded', { hours: LIMITS.autoEndHours }));
    } finally {
      await agentContext.close();
    }
  });
});
