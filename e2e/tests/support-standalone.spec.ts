import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO } from '../support/accounts.js';
import { t } from '../support/locales.js';
import { PORTS, site } from '../support/ports.js';
import { AGENT, agentReplies, openTicket, tokenOf } from '../support/tickets-api.js';

const standalone = site('nova.localhost', PORTS.support);

test.describe('the support centre standalone (DESIGN §3, §9), as QA runs it without the shell', () => {
  test("a player logged in through the harness follows a ticket from the history into its conversation, and the harness logs the remote's events", async ({
    page,
  }) => {
    const title = `Standalone ${randomUUID().slice(0, 8)}`;
    const ticket = await openTicket(await tokenOf(DEMO.player1), { title });

    await page.goto(`${standalone}/SupportCenter/history?spec_lang=en`);
    await expect(page.getByTestId('login-prompt')).toContainText(t('common', 'en', 'errors.loginFirst'));

    const session = page.getByTestId('harness-session');
    await session.getByLabel(t('common', 'en', 'harness.account')).fill(DEMO.player1.account);
    await session.getByLabel(t('common', 'en', 'harness.password')).fill(DEMO.player1.password);
    await session.getByRole('button', { name: t('common', 'en', 'harness.login') }).click();
    await expect(session).toContainText(DEMO.player1.account);

    const item = page.getByTestId('history-item').filter({ hasText: title });
    await expect(item.getByTestId('history-label')).toHaveText(t('support', 'en', 'listStatus.noReply'));
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/SupportCenter/feedback\\?inquiryId=${ticket.inquiryId}`));
    await expect(page.getByTestId('conversation-question')).toContainText(ticket.content);
    // The live channel runs alone too: an agent's reply shows within seconds, not at the next minute's poll.
    const reply = `Standalone reply ${randomUUID().slice(0, 8)}`;
    await agentReplies(await tokenOf(AGENT), ticket.inquiryId, reply);
    await expect(page.getByTestId('conversation-message-agent')).toContainText(reply, { timeout: 15_000 });

    // What the remote tells the shell is visible to QA in the harness's event log.
    await page
      .getByTestId('standalone-harness')
      .getByText(t('common', 'en', 'harness.events'), { exact: true })
      .click();
    const log = page.getByRole('list', { name: t('common', 'en', 'harness.events') });
    await expect(log).toContainText(`inquiry:updated {"inquiryId":${ticket.inquiryId}}`);
  });

  test('the inquiry form runs alone: a guest can fill it but is asked to log in before sending', async ({ page }) => {
    await page.goto(`${standalone}/SupportCenter/game?spec_lang=en`);
    await page.getByTestId('support-step-game').getByRole('button').first().click();
    await page
      .getByRole('navigation', { name: t('support', 'en', 'steps.label') })
      .getByRole('link', { name: t('support', 'en', 'steps.inquiry') })
      .click();
    const form = page.getByTestId('inquiry-form');
    await form.getByLabel(t('support', 'en', 'form.titleLabel'), { exact: true }).fill('Standalone question');
    await page.getByTestId('inquiry-submit').click();
    await expect(page.getByTestId('inquiry-login-first')).toContainText(t('common', 'en', 'errors.loginFirst'));
    await expect(form.getByLabel(t('support', 'en', 'form.titleLabel'), { exact: true })).toHaveValue('Standalone question');
  });
});
