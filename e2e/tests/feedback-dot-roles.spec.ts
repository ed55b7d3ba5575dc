import { expect, test } from '@playwright/test';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { DEMO, logIn, logInThroughForm } from '../support/accounts.js';
import { site } from '../support/ports.js';
import { AGENT, agentReplies, openTicket, tokenOf } from '../support/tickets-api.js';

/** The demo support lead of the embedded database's seed: an agent with the lead's permission. */
const LEAD = { account: 'lead1', password: 'lead1-pass' } as const;

const isCallTo = (url: string, name: 'inquiryFeedback' | 'usersInfo' | 'agentInquiries') =>
  new URL(url).pathname.endsWith(ENDPOINTS[name].path);

test.describe("the feedback dot asks only a player's session (SPEC §2, §6)", () => {
  for (const who of [AGENT, LEAD]) {
    test(`${who.account} opens the front page and the desk without a feedback call or a console error`, async ({ page }) => {
      const asked: string[] = [];
      const consoleErrors: string[] = [];
      page.on('request', (request) => {
        if (isCallTo(request.url(), 'inquiryFeedback')) asked.push(request.url());
      });
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await logIn(page, who);

      // The front page starts from a login kept without its role (as one kept before the role was): start-up's
      // `/users/info` tells it.
      const told = page.waitForResponse((response) => isCallTo(response.url(), 'usersInfo'));
      await page.goto(`${site()}/?spec_lang=en`);
      await told;
      await expect(page.getByTestId('banner-carousel')).toBeVisible();
      await page.getByTestId('menu-button').click();
      await expect(page.getByTestId('menu-support-center')).toBeVisible();
      await expect(page.getByTestId('support-feedback-dot')).toHaveCount(0);

      // The desk starts from the role the tab kept. Its queue is asked for through the same API client after the
      // frame's dot would have asked, so once it is answered the dot's call would have gone out before it.
      const queue = page.waitForResponse((response) => isCallTo(response.url(), 'agentInquiries'));
      await page.goto(`${site()}/SupportCenter/agent?spec_lang=en`);
      await queue;
      await expect(page.getByTestId('agent-desk')).toBeVisible();
      expect(asked).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('a player who logs in with the form gets the dot at once, and on the next page', async ({ page }) => {
    const player = DEMO.player2;
    const { inquiryId } = await openTicket(await tokenOf(player), { title: 'Dot after login' });
    await agentReplies(await tokenOf(AGENT), inquiryId, 'We are on it.');

    await logInThroughForm(page, player);
    await expect(page.getByTestId('menu-feedback-dot')).toBeVisible();

    // The next page asks from the role the tab kept.
    const asked = page.waitForRequest((request) => isCallTo(request.url(), 'inquiryFeedback'));
    await page.goto(`${site()}/?spec_lang=en`);
    await asked;
    await expect(page.getByTestId('menu-feedback-dot')).toBeVisible();
  });
});
