import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { LIMITS, TIMINGS } from 'shared-contracts';
import { logIn } from '../support/accounts.js';
import { INQUIRY_ACCOUNTS } from '../support/inquiry-accounts.js';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';
import { slowUploads } from '../support/network.js';
import { noisePng } from '../support/test-files.js';
import { AGENT } from '../support/tickets-api.js';

/** An English support message with its placeholders filled from the same limits the page uses. */
const en = (key: string, values: Record<string, string | number> = {}) => t('support', 'en', key, { ...LIMITS, ...values });
const PLAYER = INQUIRY_ACCOUNTS.followsLoop;

test('the whole support loop: ask with a file, agent answers, dot, read, add information, end, rate, concluded', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const marker = randomUUID().slice(0, 8);
  const title = `Gems missing ${marker}`;
  // The page's clock runs normally; the test jumps it forward to the next feedback poll instead of waiting 60 s.
  await page.clock.install();
  await logIn(page, PLAYER);

  // Step one: a game. Step two: its help topics, searched, then a question category.
  await page.goto(`${site()}/SupportCenter/game?spec_lang=en`);
  const game = page.getByTestId('support-step-game').getByRole('button').first();
  const gameName = (await game.textContent())?.trim() ?? '';
  await game.click();
  await page.getByTestId('to-question').click();
  const topics = page.getByTestId('help-topic-list').getByRole('listitem');
  await expect(topics.first()).toBeVisible();
  const topicTitle = (await topics.first().locator('summary').textContent()) ?? '';
  await page.getByLabel(en('question.search')).fill(topicTitle);
  await expect(topics).toHaveCount(1);
  await topics.first().locator('summary').click();
  await page.getByTestId('question-categories').getByRole('button').first().click();
  await expect(page).toHaveURL(/\/SupportCenter\/inquiry/);

  // Step three: every prompt of SPEC §5 shows before anything is sent.
  const form = page.getByTestId('inquiry-form');
  const field = (label: string) => form.getByLabel(en(label), { exact: true });
  const error = (name: string) => page.getByTestId(`error-${name}`);
  await expect(page.getByTestId('inquiry-game')).toHaveText(gameName);
  await page.getByTestId('inquiry-submit').click();
  await expect(error('ticketType')).toHaveText(en('errors.serviceRequired'));
  await expect(error('title')).toHaveText(en('errors.titleTooShort'));
  await expect(error('content')).toHaveText(en('errors.contentTooShort'));
  await expect(error('contact')).toHaveText(en('errors.emailInvalid'));
  await expect(error('consent')).toHaveText(en('errors.consentRequired'));
  await page.getByRole('radio', { name: en('form.serviceGame') }).check();
  await expect(error('serverId')).toHaveText(en('errors.serverRequired'));
  await expect(error('gameAreaId')).toHaveText(en('errors.regionRequired'));
  await expect(error('roleId')).toHaveText(en('errors.roleRequired'));
  await field('form.server').selectOption({ index: 1 });
  await field('form.region').selectOption({ index: 1 });
  await expect(page.getByTestId('no-character')).toHaveText(en('form.noCharacter'));
  // Without a character in the game, the question is about our service.
  await page.getByRole('radio', { name: en('form.servicePlatform') }).check();
  await expect(error('roleId')).toHaveCount(0);

  await field('form.titleLabel').fill('G');
  await expect(error('title')).toHaveText(en('errors.titleTooShort'));
  await field('form.titleLabel').fill(title);
  await field('form.content').fill('Too short');
  await expect(error('content')).toHaveText(en('errors.contentTooShort'));
  await field('form.content').fill('I bought 500 gems yesterday and they never arrived in my account.');
  await field('form.email').fill('loop@');
  await expect(error('contact')).toHaveText(en('errors.emailInvalid'));
  await field('form.email').fill('loop@e2e.example');
  await page.getByRole('checkbox').check();
  for (const name of ['ticketType', 'title', 'content', 'contact', 'consent']) await expect(error(name)).toHaveCount(0);

  // A receipt screenshot, uploaded over a slow connection so its progress shows.
  const fullSpeed = await slowUploads(page);
  await page.getByTestId('attachment-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: noisePng(360) });
  const progress = page.getByRole('progressbar', { name: en('attachments.uploading', { name: 'receipt.png' }) });
  await expect(progress).toBeVisible();
  await expect(page.getByTestId('attachment-uploaded')).toContainText('receipt.png', { timeout: 20_000 });
  await fullSpeed();

  await page.getByTestId('inquiry-submit').click();
  await expect(page).toHaveURL(/\/SupportCenter\/history/);
  const item = page.getByTestId('history-item').filter({ hasText: title });
  await expect(item.getByTestId('history-label')).toHaveText(en('listStatus.noReply'));
  const inquiryId = await item.getAttribute('data-inquiry-id');
  await expect(page.getByTestId('menu-feedback-dot')).toHaveCount(0);

  // An agent finds it on the desk and answers.
  const agentContext = await browser.newContext();
  const answer = `Found them, ${marker}: the gems are in your account now.`;
  try {
    const desk = await agentContext.newPage();
    await logIn(desk, AGENT);
    await desk.goto(`${site()}/SupportCenter/agent?spec_lang=en&keyword=${marker}`);
    await desk.getByTestId('agent-queue-item').click();
    const view = desk.getByTestId('agent-ticket');
    await expect(view.getByTestId('conversation-question')).toContainText('500 gems');
    await expect(view.getByRole('img', { name: 'receipt.png' })).toBeVisible();
    await view.getByTestId('reply-form').getByLabel(en('agent.reply')).fill(answer);
    await view.getByTestId('reply-send').click();
    await expect(view.getByTestId('agent-notice')).toHaveText(en('agent.replied'));
  } finally {
    await agentContext.close();
  }

  // The next poll lights the dot on the menu button and on the side menu's Support center.
  await page.clock.fastForward(TIMINGS.feedbackPollMs);
  await expect(page.getByTestId('menu-feedback-dot')).toBeVisible();
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('menu-support-center').getByTestId('support-feedback-dot')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(item.getByTestId('history-label')).toHaveText(en('listStatus.replied'));
  await expect(item.getByTestId('history-unread')).toBeVisible();
  // The reloaded page asks at once, and the reply is still unread: the dot is back before the ticket is opened.
  await expect(page.getByTestId('menu-feedback-dot')).toBeVisible();
  await item.click();
  const step = page.getByTestId('support-step-feedback');
  await expect(page).toHaveURL(new RegExp(`inquiryId=${inquiryId}`));
  await expect(step.getByTestId('conversation-message-agent')).toContainText(answer);
  await expect(step.getByTestId('ticket-status')).toContainText(en('status.replied'));
  // Reading the reply clears the dot at once.
  await expect(page.getByTestId('menu-feedback-dot')).toHaveCount(0);

  // Add information, then end the chat and rate it.
  await step.getByTestId('add-information').click();
  const dialog = page.getByTestId('add-information-dialog');
  await dialog.getByLabel(en('conversation.message')).fill('Thank you, they arrived.');
  await dialog.getByTestId('reply-send').click();
  await expect(step.getByTestId('feedback-notice')).toHaveText(en('conversation.added'));
  await expect(step.getByTestId('ticket-status')).toContainText(en('status.waiting_reply'));

  await step.getByTestId('end-chat').click();
  await page.getByTestId('end-chat-dialog').getByTestId('end-chat-confirm').click();
  const rating = page.getByTestId('rating-dialog');
  await rating.getByRole('radio', { name: en('rating.star', { score: 5, max: 5 }) }).check();
  await rating.getByTestId('rating-submit').click();
  await expect(step.getByTestId('ticket-status')).toContainText(en('status.ended'));
  await expect(step.getByTestId('rating-given')).toContainText(en('rating.given', { score: 5, max: 5 }));

  await page.goto(`${site()}/SupportCenter/history?spec_lang=en`);
  await expect(item.getByTestId('history-label')).toHaveText(en('listStatus.concluded'));
});
