import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LIMITS, type Attachment } from 'shared-contracts';
import { logIn } from '../support/accounts.js';
import { t } from '../support/locales.js';
import { PORTS, site } from '../support/ports.js';
import { AGENT, PNG_BYTES, agentReplies, callApi, openTicket, uploadFile } from '../support/tickets-api.js';
import {
  ALL_PAYLOADS,
  FILE_NAME_STEMS,
  LOGIN_NAME_PAYLOAD,
  LONG_PAYLOADS,
  SHORT_PAYLOADS,
  TITLE_PAYLOADS,
  pack,
  unbrokenToken,
} from '../support/xss-corpus.js';
import { injectedElements, watchForXss, type XssWatch } from '../support/xss-guard.js';

/**
 * Hostile input drill (issue 6): the corpus goes through the real API into every text a player or an agent can
 * write (titles, details, replies, the rating comment, file names, and an e-mail address a social provider hands
 * over), then every screen that shows them is opened in Chromium. Nothing may run, nothing may be injected, each
 * text is shown as the very characters that were sent, and the pages' CSP reports no violation at all (our own
 * code included).
 */

const PROVIDER_ORIGIN = `http://127.0.0.1:${PORTS.oauth}`;

interface SeededTicket {
  inquiryId: number;
  title: string;
  texts: string[];
  fileNames: string[];
}

/** Every text must be in `region` exactly as sent (whitespace aside, as the page lays it out). */
async function expectShownAsText(region: Locator, texts: readonly string[]): Promise<void> {
  for (const text of texts) await expect(region, `shown as text: ${text}`).toContainText(text.trim());
}

/** After a screen has settled: nothing injected, and a long unbroken text does not widen the page. */
async function expectClean(page: Page, screen: string): Promise<void> {
  expect(await injectedElements(page), `injected elements on ${screen}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${screen} fits the window`).toBe(true);
}

function expectNothingRan(watch: XssWatch): void {
  expect(watch.executed, 'payload probes that ran').toEqual([]);
  expect(watch.dialogs, 'dialogs opened').toEqual([]);
  expect(watch.violations, 'CSP violations').toEqual([]);
}

/** A new social account whose provider-given e-mail is itself a payload; answers the session token. */
async function socialPlayerWithHostileEmail(page: Page): Promise<string> {
  await page.goto(`${site()}/login?spec_lang=en`);
  await page.getByTestId('quick-login-google').click();
  await expect(page).toHaveURL(new RegExp(`^${PROVIDER_ORIGIN}/`));
  await page.locator('input[name="login"]').fill(`${LOGIN_NAME_PAYLOAD}-${randomUUID().slice(0, 6)}`);
  await page.locator('input[name="password"]').fill('any-password');
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(`${site()}/`);
  const token = await page.evaluate(() => sessionStorage.getItem('oauth_token'));
  if (!token) throw new Error('the social login kept no session');
  return token;
}

/**
 * The corpus spread over a few tickets: one per title's worth of title payloads (with a marker the agents' search
 * finds); every payload in the details and, round robin, in the player's added information and the agent's
 * replies; hostile file names as attachments (images and text files, shown differently); the first ticket ended
 * and rated with a hostile comment, the last given the longest unbroken text a message takes.
 */
async function seedTickets(playerToken: string, agentToken: string, marker: string): Promise<SeededTicket[]> {
  const titles = pack(TITLE_PAYLOADS, LIMITS.titleMax - marker.length - 1, ' ');
  // Below the open-ticket limit, and few, so the drill stays fast.
  if (titles.length > LIMITS.openTicketsMax / 2) throw new Error(`the title payloads need ${titles.length} tickets`);
  const [details, extraDetails] = ((packed) => [packed.slice(0, titles.length), packed.slice(titles.length)])(
    pack(ALL_PAYLOADS, LIMITS.contentMax, '\n\n'),
  );
  const replies = [...pack([...LONG_PAYLOADS, ...SHORT_PAYLOADS], LIMITS.replyMax, '\n\n'), ...extraDetails];
  const longest = unbrokenToken(LIMITS.replyMax);
  const seeded: SeededTicket[] = [];
  for (const [index, titlePayloads] of titles.entries()) {
    const attachments: Attachment[] = [];
    for (const [at, stem] of FILE_NAME_STEMS.filter((_stem, position) => position % titles.length === index).entries()) {
      attachments.push(
        at % 2 === 0
          ? await uploadFile(playerToken, `${stem}.png`, PNG_BYTES, 'image/png')
          : await uploadFile(playerToken, `${stem}.txt`, Buffer.from('hostile name, harmless content\n'), 'text/plain'),
      );
    }
    const title = `${titlePayloads} ${marker}`;
    const content = details[index] ?? longest;
    const { inquiryId } = await openTicket(playerToken, { title, content, attachments });
    const texts = [title, ...content.split('\n\n')];
    for (const reply of replies.filter((_reply, at) => at % titles.length === index)) {
      await callApi('inquiryReply', playerToken, { body: { inquiryId, requestId: randomUUID(), content: reply, attachments: [] } });
      await agentReplies(agentToken, inquiryId, reply);
      texts.push(...reply.split('\n\n'));
    }
    seeded.push({ inquiryId, title, texts, fileNames: attachments.map((attachment) => attachment.name) });
  }
  const [first, last] = [seeded[0], seeded.at(-1)];
  if (!first || !last) throw new Error('no ticket seeded');
  await callApi('inquiryReply', playerToken, {
    body: { inquiryId: last.inquiryId, requestId: randomUUID(), content: longest, attachments: [] },
  });
  last.texts.push(longest);
  const comment = pack(LONG_PAYLOADS, LIMITS.ratingCommentMax, ' ')[0] ?? '';
  await callApi('inquiryEnd', playerToken, { body: { inquiryId: first.inquiryId } });
  await callApi('inquiryScore', playerToken, { body: { inquiryId: first.inquiryId, score: 1, reasons: ['unsolved'], comment } });
  first.texts.push(comment);
  return seeded;
}

test.describe('hostile input drill: cross-site scripting (issue 6)', () => {
  test('every text a player or agent writes is shown as text on every screen: nothing runs, nothing is injected, no CSP violation', async ({
    browser,
  }) => {
    // Seeds five tickets and opens about a dozen screens as a player and as an agent.
    test.setTimeout(120_000);
    const playerContext = await browser.newContext();
    const agentContext = await browser.newContext();
    try {
      const playerWatch = await watchForXss(playerContext);
      const agentWatch = await watchForXss(agentContext);
      const player = await playerContext.newPage();
      const agent = await agentContext.newPage();

      const playerToken = await socialPlayerWithHostileEmail(player);
      await logIn(agent, AGENT);
      const agentToken = await agent.evaluate(() => sessionStorage.getItem('oauth_token'));
      if (!agentToken) throw new Error('the agent has no session');
      const marker = `m${randomUUID().slice(0, 8)}`;
      const tickets = await seedTickets(playerToken, agentToken, marker);

      // The user center shows the provider's e-mail, and the inquiry form offers it as the contact.
      const email = (await callApi('usersInfo', playerToken, { query: { platform: 'web' } })).email ?? '';
      expect(email).toContain(LOGIN_NAME_PAYLOAD);
      await player.goto(`${site()}/UserCenter?spec_lang=en`);
      await expectShownAsText(player.getByTestId('account-details'), [email]);
      await expectClean(player, 'the user center');
      await player.goto(`${site()}/SupportCenter/inquiry?spec_lang=en`);
      await player.getByRole('button', { name: t('support', 'en', 'unresolved.new') }).click();
      await expect(player.getByTestId('inquiry-form').getByLabel(t('support', 'en', 'form.email'), { exact: true })).toHaveValue(email);
      await expectClean(player, 'the inquiry form');

      // Step zero: the player's tickets.
      await player.goto(`${site()}/SupportCenter/history?spec_lang=en`);
      const history = player.getByTestId('history-list');
      await expectShownAsText(
        history,
        tickets.map((ticket) => ticket.title),
      );
      await expectClean(player, 'the support history');

      // Step four: each conversation (opened from the history), its files (images as thumbnails) and the rating.
      for (const ticket of tickets) {
        await history.locator(`[data-inquiry-id="${ticket.inquiryId}"]`).click();
        const step = player.getByTestId('support-step-feedback');
        await expect(step.getByTestId('conversation-thread')).toBeVisible();
        await expectShownAsText(step, [...ticket.texts, ...ticket.fileNames]);
        await expect(step.getByTestId('attachment-image').locator('img')).toHaveCount(Math.ceil(ticket.fileNames.length / 2));
        await expectClean(player, `the conversation of ticket ${ticket.inquiryId}`);
        await player.goBack();
      }

      // The agents' desk: the queue found by the marker, then each ticket.
      await agent.goto(`${site()}/SupportCenter/agent?spec_lang=en&keyword=${marker}`);
      const queue = agent.getByTestId('agent-queue');
      await expect(queue.getByTestId('agent-queue-item')).toHaveCount(tickets.length);
      await expectShownAsText(
        queue,
        tickets.map((ticket) => ticket.title),
      );
      await expectClean(agent, "the agents' queue");
      for (const ticket of tickets) {
        await queue.getByTestId('agent-queue-item').filter({ hasText: ticket.title }).click();
        const view = agent.getByTestId('agent-ticket');
        await expect(view.getByRole('heading', { level: 3 })).toHaveText(ticket.title);
        await expectShownAsText(view, [...ticket.texts, ...ticket.fileNames]);
        await expectClean(agent, `the agents' view of ticket ${ticket.inquiryId}`);
      }

      // A payload in the address (none of the tickets holds it): the desk's search box holds it as its value.
      const reflected = `"><svg onload=__xss('reflected') data-xss>`;
      await agent.goto(`${site()}/SupportCenter/agent?spec_lang=en&keyword=${encodeURIComponent(reflected)}`);
      await expect(agent.getByTestId('agent-keyword')).toHaveValue(reflected);
      await expect(queue.getByTestId('agent-queue-item')).toHaveCount(0);
      await expectClean(agent, "the agents' search for a payload");

      expectNothingRan(playerWatch);
      expectNothingRan(agentWatch);
    } finally {
      await playerContext.close();
      await agentContext.close();
    }
  });
});
