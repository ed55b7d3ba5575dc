import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { DEMO, MUTABLE, logIn } from '../support/accounts.js';
import { liveStreamOpen } from '../support/live-stream.js';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';
import { AGENT, agentReplies, callApi, openTicket, tokenOf } from '../support/tickets-api.js';

const en = (key: string, values: Record<string, string | number> = {}) => t('support', 'en', key, values);

/** Issue 15: what an agent does shows on the player's screen within a second, and the other way round. */
const LIVE_MS = 1_000;

/** The next answer to the shell's question whether there are new replies (the feedback dot, SPEC §2). */
const feedbackAnswer = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(ENDPOINTS.inquiryFeedback.path));

/** The next request of the page to an endpoint, and whether it went as a background refresh (X-Refresh). */
const nextCall = (page: Page, name: 'inquiryList' | 'agentInquiries') =>
  page
    .waitForRequest((request) => new URL(request.url()).pathname.endsWith(ENDPOINTS[name].path))
    .then(async (request) => (await request.allHeaders())['x-refresh'] ?? 'none');

test.describe('live support (issue 15)', () => {
  test("an agent's reply appears in the player's open conversation, another ticket's lights the dot, and the desk follows the player, all without reload", async ({
    page,
    browser,
  }) => {
    // Two browsers, two logins and six live steps: longer than the default 30 s allows on a busy two-core machine.
    test.setTimeout(60_000);
    const marker = randomUUID().slice(0, 8);
    const player = MUTABLE.followsLive;
    const playerToken = await tokenOf(player);
    const reading = await openTicket(playerToken, { title: `Live read ${marker}` });
    const elsewhere = await openTicket(playerToken, { title: `Live other ${marker}` });

    await logIn(page, player);
    const streamOpen = liveStreamOpen(page);
    await page.goto(`${site()}/SupportCenter/feedback?inquiryId=${reading.inquiryId}&spec_lang=en`);
    await expect(page.getByTestId('ticket-status')).toContainText(en('status.processing'));
    await streamOpen;

    const agentContext = await browser.newContext();
    try {
      const desk = await agentContext.newPage();
      await logIn(desk, AGENT);
      await desk.goto(`${site()}/SupportCenter/agent?spec_lang=en&keyword=${marker}&inquiryId=${reading.inquiryId}`);
      const view = desk.getByTestId('agent-ticket');
      await expect(view.getByRole('heading', { level: 3 })).toHaveText(`Live read ${marker}`);

      // The agent answers in the desk; the player's open conversation shows it, and its new status, unasked.
      const reply = `Live answer ${marker}`;
      const form = view.getByTestId('reply-form');
      await form.getByLabel(en('agent.reply')).fill(reply);
      // The shell's next look at the dot once the agent has answered: the screen, having read the reply, tells it to
      // look (a shell that looked at the live event itself, before the read, would be told of a new reply here).
      const dotAsked = feedbackAnswer(page);
      await form.getByTestId('reply-send').click();
      await expect(view.getByTestId('agent-notice')).toHaveText(en('agent.replied'));
      await expect(page.getByTestId('conversation-message-agent')).toContainText(reply, { timeout: LIVE_MS });
      await expect(page.getByTestId('ticket-status')).toContainText(en('status.replied'), { timeout: LIVE_MS });

      // The conversation on screen counts as seen: its reply lights no dot. A reply to another ticket does.
      const dotAnswer = await dotAsked;
      expect(((await dotAnswer.json()) as { data: { hasNew: boolean } }).data).toMatchObject({ hasNew: false });
      await dotAnswer.finished();
      await expect(page.getByTestId('menu-feedback-dot')).toHaveCount(0);
      await agentReplies(await tokenOf(AGENT), elsewhere.inquiryId, `Elsewhere ${marker}`);
      await expect(page.getByTestId('menu-feedback-dot')).toBeVisible({ timeout: LIVE_MS });

      // The desk follows the player: a message added to the open ticket appears there, and the queue's status moves.
      const added = `Added live ${marker}`;
      await callApi('inquiryReply', playerToken, {
        body: { inquiryId: reading.inquiryId, requestId: randomUUID(), content: added, attachments: [] },
      });
      await expect(view.getByTestId('conversation-message-player')).toContainText(added, { timeout: LIVE_MS });
      const queued = desk.getByTestId('agent-queue-item').filter({ hasText: `Live read ${marker}` });
      await expect(queued).toContainText(en('status.waiting_reply'), { timeout: LIVE_MS });

      // A new ticket joins the agent's queue as it is opened: a refresh the agent did not ask for, which does not
      // hold off their session's idle timeout.
      const queueRefresh = nextCall(desk, 'agentInquiries');
      await openTicket(playerToken, { title: `Live new ${marker}` });
      await expect(desk.getByTestId('agent-queue-item').filter({ hasText: `Live new ${marker}` })).toHaveCount(1, { timeout: LIVE_MS });
      expect(await queueRefresh).toBe('background');

      // The agent ends the chat: the player's conversation says so and offers the rating.
      await view.getByTestId('end-chat').click();
      await desk.getByTestId('end-chat-confirm').click();
      await expect(page.getByTestId('ended-notice')).toBeVisible({ timeout: LIVE_MS });
    } finally {
      await agentContext.close();
    }
  });

  test("the player's history follows an agent's reply without reload: the ticket's label and its unread marker", async ({ page }) => {
    const marker = randomUUID().slice(0, 8);
    const title = `Live history ${marker}`;
    const { inquiryId } = await openTicket(await tokenOf(DEMO.player2), { title });

    await logIn(page, DEMO.player2);
    const streamOpen = liveStreamOpen(page);
    // The list the player opened is their own request; the refresh a live event causes is not (X-Refresh), so a
    // page left open does not keep the session from its idle timeout.
    const opened = nextCall(page, 'inquiryList');
    await page.goto(`${site()}/SupportCenter/history?spec_lang=en`);
    const listed = page.getByTestId('history-item').filter({ hasText: title });
    await expect(listed.getByTestId('history-label')).toHaveText(en('listStatus.noReply'));
    await expect(listed.getByTestId('history-unread')).toHaveCount(0);
    expect(await opened).toBe('none');
    await streamOpen;

    const refreshed = nextCall(page, 'inquiryList');
    await agentReplies(await tokenOf(AGENT), inquiryId, `History ${marker}`);
    await expect(listed.getByTestId('history-label')).toHaveText(en('listStatus.replied'), { timeout: LIVE_MS });
    await expect(listed.getByTestId('history-unread')).toBeVisible({ timeout: LIVE_MS });
    expect(await refreshed).toBe('background');
  });
});
