import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, logIn } from '../support/accounts.js';
import { DESK_ACCOUNTS } from '../support/desk-accounts.js';
import { isLiveStream, liveStreamOpen } from '../support/live-stream.js';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';
import { AGENT, callApi, openTicket, tokenOf } from '../support/tickets-api.js';

const en = (key: string, values: Record<string, string | number> = {}) => t('support', 'en', key, values);

/** Issue 15: what one desk does shows on the others within a second. */
const LIVE_MS = 1_000;
const SECOND = DESK_ACCOUNTS.secondAgent;

const deskUrl = (query: string) => `${site()}/SupportCenter/agent?spec_lang=en${query}`;
/** An agent logged in in a context of their own. */
async function agentContext(
  browser: Browser,
  who: { account: string; password: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, who);
  return { context, page };
}

/** Opens the desk on a ticket and resolves once the page's live stream is open. */
async function openLiveDesk(page: Page, query: string): Promise<void> {
  const streamOpen = liveStreamOpen(page);
  await page.goto(deskUrl(query));
  await streamOpen;
}

test.describe("the desk's assignment and internal notes (issue 15)", () => {
  // Two or three browser contexts and as many logins each: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('one agent claims a ticket; the other desk shows it within a second, and a claim from a desk that missed it is refused naming the holder', async ({
    browser,
  }) => {
    const marker = randomUUID().slice(0, 8);
    const title = `Claim ${marker}`;
    const { inquiryId } = await openTicket(await tokenOf(DEMO.player1), { title });
    const first = await agentContext(browser, AGENT);
    const second = await agentContext(browser, SECOND);
    try {
      const query = `&keyword=${marker}&inquiryId=${inquiryId}`;
      // A tab of the second agent that hears nothing live: it still shows the ticket as nobody's when it claims it.
      const stale = await second.context.newPage();
      await stale.route(
        (url) => isLiveStream(url.href),
        (route) => route.abort(),
      );
      await logIn(stale, SECOND);
      await stale.goto(deskUrl(query));
      await openLiveDesk(first.page, query);
      await openLiveDesk(second.page, query);
      for (const page of [first.page, second.page, stale]) {
        await expect(page.getByTestId('desk-handling').getByTestId('handling-holder')).toHaveText(en('helpdesk.unassigned'));
        await expect(page.getByTestId('desk-handling').getByTestId('first-response')).toHaveText(en('helpdesk.noResponseYet'));
      }

      await first.page.getByTestId('claim').click();
      await expect(first.page.getByTestId('handling-notice')).toHaveText(en('helpdesk.claimed'));
      await expect(first.page.getByTestId('desk-handling').getByTestId('handling-holder')).toHaveText(en('helpdesk.heldByYou'));
      await expect(first.page.getByTestId('release')).toBeVisible();

      // The other desk follows within a second: the ticket, its row in the queue, and a take-over instead of a reply.
      const secondTicket = second.page.getByTestId('agent-ticket');
      const heldByFirst = en('helpdesk.heldBy', { agent: AGENT.account });
      await expect(secondTicket.getByTestId('handling-holder')).toHaveText(heldByFirst, { timeout: LIVE_MS });
      await expect(second.page.getByTestId('agent-queue-item').filter({ hasText: title }).getByTestId('handling-holder')).toHaveText(
        heldByFirst,
        {
          timeout: LIVE_MS,
        },
      );
      await expect(secondTicket.getByTestId('held-by-other')).toContainText(en('helpdesk.heldByOther', { agent: AGENT.account }));
      await expect(secondTicket.getByTestId('reply-form')).toHaveCount(0);
      await expect(secondTicket.getByTestId('claim')).toHaveCount(0);

      // The tab that missed it claims: refused with who holds the ticket; nothing changed.
      await expect(stale.getByTestId('desk-handling').getByTestId('handling-holder')).toHaveText(en('helpdesk.unassigned'));
      await stale.getByTestId('claim').click();
      await expect(stale.getByTestId('handling-conflict')).toHaveText(en('helpdesk.conflictHeld', { agent: AGENT.account }));
      await expect(stale.getByTestId('handling-conflict')).toHaveAttribute('role', 'alert');
      await expect(stale.getByTestId('desk-handling').getByTestId('handling-holder')).toHaveText(heldByFirst);
      expect((await callApi('agentInquiryDetail', await tokenOf(AGENT), { query: { inquiryId } })).assignee?.account).toBe(AGENT.account);

      // Taking over on purpose works, from the keyboard, and the first desk sees it go.
      await secondTicket.getByTestId('take-over').focus();
      await second.page.keyboard.press('Enter');
      await expect(secondTicket.getByTestId('handling-holder')).toHaveText(en('helpdesk.heldByYou'));
      await expect(secondTicket.getByTestId('reply-form')).toBeVisible();
      await expect(first.page.getByTestId('agent-ticket').getByTestId('handling-holder')).toHaveText(
        en('helpdesk.heldBy', { agent: SECOND.account }),
        {
          timeout: LIVE_MS,
        },
      );

      // The queue's holder filter: the second agent's own tickets hold it, the unassigned ones do not.
      const assigned = second.page.getByTestId('agent-assigned');
      await assigned.selectOption('mine');
      await expect(second.page).toHaveURL(/assigned=mine/);
      await expect(second.page.getByTestId('agent-queue-item').filter({ hasText: title })).toHaveCount(1);
      await assigned.selectOption('unassigned');
      await expect(second.page.getByTestId('agent-queue-item').filter({ hasText: title })).toHaveCount(0);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  test('an agent assigns a ticket to another agent, whose desk shows it as theirs within a second; the holder releases it', async ({
    browser,
  }) => {
    const marker = randomUUID().slice(0, 8);
    const title = `Assign ${marker}`;
    const { inquiryId } = await openTicket(await tokenOf(DESK_ACCOUNTS.assignsPlayer), { title });
    const first = await agentContext(browser, AGENT);
    const second = await agentContext(browser, SECOND);
    try {
      const query = `&keyword=${marker}&inquiryId=${inquiryId}`;
      await openLiveDesk(first.page, query);
      await openLiveDesk(second.page, query);
      const handling = (page: Page) => page.getByTestId('desk-handling');

      // Assigned from the first desk to the second agent, chosen by name.
      await handling(first.page).getByTestId('assign-agent').selectOption({ label: SECOND.account });
      await handling(first.page).getByTestId('assign-submit').click();
      await expect(first.page.getByTestId('handling-notice')).toHaveText(en('helpdesk.assigned', { agent: SECOND.account }));
      await expect(handling(first.page).getByTestId('handling-holder')).toHaveText(en('helpdesk.heldBy', { agent: SECOND.account }));
      await expect(handling(second.page).getByTestId('handling-holder')).toHaveText(en('helpdesk.heldByYou'), { timeout: LIVE_MS });
      await expect(second.page.getByTestId('agent-ticket').getByTestId('reply-form')).toBeVisible();
      expect((await callApi('agentInquiryDetail', await tokenOf(AGENT), { query: { inquiryId } })).assignee?.account).toBe(SECOND.account);

      // Its holder lets it go: nobody's again, on both desks.
      await handling(second.page).getByTestId('release').click();
      await expect(second.page.getByTestId('handling-notice')).toHaveText(en('helpdesk.released'));
      await expect(handling(second.page).getByTestId('handling-holder')).toHaveText(en('helpdesk.unassigned'));
      await expect(handling(first.page).getByTestId('handling-holder')).toHaveText(en('helpdesk.unassigned'), { timeout: LIVE_MS });
      await expect(handling(first.page).getByTestId('claim')).toBeVisible();
      expect((await callApi('agentInquiryDetail', await tokenOf(AGENT), { query: { inquiryId } })).assignee).toBeNull();
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  test("an internal note shows on both desks, set apart from the replies, and never on the player's page", async ({ browser, page }) => {
    const marker = randomUUID().slice(0, 8);
    const { inquiryId } = await openTicket(await tokenOf(DEMO.player2), { title: `Note ${marker}` });
    const reply = `Reply ${marker}: we are checking your purchase.`;
    const secret = `Note ${marker}: refund already approved by billing.`;
    const first = await agentContext(browser, AGENT);
    const second = await agentContext(browser, SECOND);
    try {
      const query = `&inquiryId=${inquiryId}`;
      await openLiveDesk(first.page, query);
      await openLiveDesk(second.page, query);
      const view = first.page.getByTestId('agent-ticket');
      await view.getByTestId('reply-form').getByLabel(en('agent.reply')).fill(reply);
      await view.getByTestId('reply-send').click();
      await expect(view.getByTestId('conversation-message-agent')).toContainText(reply);
      // Replying took the ticket nobody held, and the first response is timed.
      await expect(view.getByTestId('desk-handling').getByTestId('handling-holder')).toHaveText(en('helpdesk.heldByYou'));
      await expect(view.getByTestId('desk-handling').getByTestId('first-response')).toHaveText(/.+/);
      await expect(view.getByTestId('desk-handling').getByTestId('first-response')).not.toHaveText(en('helpdesk.noResponseYet'));

      const noteForm = view.getByTestId('note-form');
      await expect(noteForm).toContainText(en('helpdesk.noteHint'));
      await noteForm.getByLabel(en('helpdesk.noteLabel')).fill(secret);
      await noteForm.getByTestId('note-send').click();
      await expect(noteForm.getByTestId('note-notice')).toHaveText(en('helpdesk.noteAdded'));
      const note = view.getByTestId('internal-note');
      await expect(note).toContainText(secret);
      await expect(note).toContainText(en('helpdesk.internalNote'));
      await expect(note).toContainText(AGENT.account);
      // Set apart: in the thread after the reply, not a message of either side.
      const thread = view.getByTestId('conversation-thread').locator(':scope > li');
      await expect(thread.last()).toHaveAttribute('data-testid', 'internal-note');
      await expect(view.getByTestId('conversation-message-agent').filter({ hasText: secret })).toHaveCount(0);
      // The other desk gets it live.
      await expect(second.page.getByTestId('agent-ticket').getByTestId('internal-note')).toContainText(secret, { timeout: LIVE_MS });

      // The player reads the reply, never the note: neither on the page nor in anything the page was sent.
      const sent: string[] = [];
      page.on('response', (response) => {
        const url = response.url();
        if (url.includes('/inquiries') && !isLiveStream(url))
          void response.text().then(
            (text) => sent.push(text),
            () => undefined,
          );
      });
      await logIn(page, DEMO.player2);
      await page.goto(`${site()}/SupportCenter/feedback?inquiryId=${inquiryId}&spec_lang=en`);
      await expect(page.getByTestId('conversation-message-agent')).toContainText(reply);
      await expect(page.locator('body')).not.toContainText(secret);
      await expect(page.getByTestId('internal-note')).toHaveCount(0);
      const detail = await callApi('inquiryDetail', await tokenOf(DEMO.player2), { query: { inquiryId } });
      expect(JSON.stringify(detail)).not.toContain(secret);
      await expect.poll(() => sent.some((text) => text.includes(reply))).toBe(true);
      expect(sent.join('\n')).not.toContain(secret);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});
