import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, logIn } from '../support/accounts.js';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';
import { AGENT, callApi, openTicket, tokenOf } from '../support/tickets-api.js';

/** An English support message with its {{placeholders}} filled in. */
const en = (key: string, values: Record<string, string | number> = {}) => t('support', 'en', key, values);

const deskUrl = (query = '') => `${site()}/SupportCenter/agent?spec_lang=en${query}`;

/** Takes focus off any field, as an agent clicking the page's background would, so keys go to the desk. */
const leaveFields = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

test.describe("canned replies and keyboard shortcuts on the agents' desk (issue 15)", () => {
  test('an agent writes a canned reply on the management page, checked as the API checks it', async ({ page }) => {
    const marker = randomUUID().slice(0, 8);
    await logIn(page, AGENT);
    await page.goto(deskUrl());
    await page.getByTestId('manage-canned-replies').click();
    const manager = page.getByTestId('canned-replies-page');
    await expect(manager.getByRole('heading', { level: 2 })).toHaveText(en('cannedReplies.title'));
    // The demo data's English replies are there.
    await expect(manager.getByTestId('canned-reply').filter({ hasText: 'Greeting' })).toHaveCount(1);

    await manager.getByTestId('canned-reply-new').click();
    const dialog = page.getByTestId('canned-reply-dialog');
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(en('cannedReplies.newTitle'));
    await expect(dialog.getByTestId('canned-reply-form-title')).toBeFocused();
    // The shared schema refuses an empty reply before anything is sent, naming each field's problem.
    await dialog.getByTestId('canned-reply-save').click();
    await expect(dialog.getByText(en('errors.cannedTitleRequired'))).toBeVisible();
    await expect(dialog.getByText(en('errors.cannedBodyRequired'))).toBeVisible();
    await expect(dialog.getByTestId('canned-reply-form-title')).toBeFocused();

    const title = `Refund ${marker}`;
    const body = `Your refund ${marker} is on its way and reaches your account within three days.`;
    await expect(dialog.getByTestId('canned-reply-form-language')).toHaveValue('en');
    await dialog.getByTestId('canned-reply-form-title').fill(title);
    await dialog.getByTestId('canned-reply-form-body').fill(body);
    await dialog.getByTestId('canned-reply-save').click();
    await expect(dialog).toBeHidden();
    await expect(manager.getByTestId('canned-replies-notice')).toHaveText(en('cannedReplies.created'));
    const saved = manager.getByTestId('canned-reply').filter({ hasText: title });
    await expect(saved).toContainText(body);
    await expect(saved).toContainText(AGENT.account);

    // The same title again in the same language is refused by the API, under the title.
    await manager.getByTestId('canned-reply-new').click();
    await dialog.getByTestId('canned-reply-form-title').fill(title.toUpperCase());
    await dialog.getByTestId('canned-reply-form-body').fill('Another text.');
    await dialog.getByTestId('canned-reply-save').click();
    await expect(dialog.getByText(en('errors.cannedReplyTitleTaken'))).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Deleting asks first; Cancel keeps it.
    await saved.getByTestId('canned-reply-delete').click();
    const confirm = page.getByTestId('canned-reply-delete-dialog');
    await expect(confirm).toContainText(en('cannedReplies.deleteBody', { title }));
    await expect(confirm.getByRole('button', { name: en('conversation.cancel') })).toBeFocused();
    await confirm.getByRole('button', { name: en('conversation.cancel') }).click();
    await expect(saved).toHaveCount(1);
    await saved.getByTestId('canned-reply-delete').click();
    await confirm.getByTestId('canned-reply-delete-confirm').click();
    await expect(manager.getByTestId('canned-replies-notice')).toHaveText(en('cannedReplies.deleted'));
    await expect(saved).toHaveCount(0);
  });

  test('an agent picks a canned reply in the reply box with the keyboard, inserts it at the caret and sends it', async ({ page }) => {
    const marker = randomUUID().slice(0, 8);
    const { inquiryId } = await openTicket(await tokenOf(DEMO.player1), { title: `Canned ${marker}` });
    const title = `Refund ${marker}`;
    const body = `Your refund ${marker} is on its way and reaches your account within three days.`;
    await callApi('cannedReplyCreate', await tokenOf(AGENT), { body: { language: 'en', title, body } });
    await logIn(page, AGENT);
    await page.goto(deskUrl(`&inquiryId=${inquiryId}`));
    const view = page.getByTestId('agent-ticket');
    const picker = view.getByTestId('canned-reply-picker');
    // The player wrote in English: the picker starts there.
    await expect(picker.getByTestId('canned-reply-language')).toHaveValue('en');
    const text = view.getByTestId('reply-form').getByLabel(en('agent.reply'));
    await text.fill('Hello! ');
    const search = picker.getByRole('combobox', { name: en('cannedReplies.insert') });
    await search.fill(marker);
    const option = picker.getByRole('option', { name: new RegExp(title) });
    await expect(option).toHaveCount(1);
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await search.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(search).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
    await search.press('Enter');
    // Inserted where the caret was, after what the agent had typed; typing goes on in the reply.
    await expect(text).toHaveValue(`Hello! ${body}`);
    await expect(text).toBeFocused();
    await expect(search).toHaveValue('');
    await expect(search).toHaveAttribute('aria-expanded', 'false');

    await view.getByTestId('reply-send').click();
    await expect(view.getByTestId('agent-notice')).toHaveText(en('agent.replied'));
    await expect(view.getByTestId('conversation-message-agent')).toContainText(body);
  });

  test('j and k move through the queue, / searches, c claims, r writes a reply, e ends and ? lists the keys, never while typing', async ({
    page,
  }) => {
    const marker = randomUUID().slice(0, 8);
    const player = await tokenOf(DEMO.player1);
    // Oldest waiting first: the first one opened heads the queue.
    const first = await openTicket(player, { title: `Keys one ${marker}` });
    const second = await openTicket(player, { title: `Keys two ${marker}` });
    await logIn(page, AGENT);
    await page.goto(deskUrl(`&keyword=${marker}`));
    const desk = page.getByTestId('agent-desk');
    await expect(desk.getByTestId('agent-queue-item')).toHaveCount(2);
    const heading = page.getByTestId('agent-ticket').getByRole('heading', { level: 3 });

    await page.keyboard.press('j');
    await expect(page).toHaveURL(new RegExp(`inquiryId=${first.inquiryId}`));
    await expect(heading).toHaveText(`Keys one ${marker}`);
    await expect(heading).toBeFocused();
    await page.keyboard.press('j');
    await expect(heading).toHaveText(`Keys two ${marker}`);
    await expect(page).toHaveURL(new RegExp(`inquiryId=${second.inquiryId}`));
    await page.keyboard.press('k');
    await expect(heading).toHaveText(`Keys one ${marker}`);
    // The keyword is kept: moving through the queue never loses the filter.
    await expect(page).toHaveURL(new RegExp(`keyword=${marker}`));

    // Nobody holds the new ticket: c claims it for this agent, who may then release it.
    const handling = page.getByTestId('desk-handling');
    await expect(handling.getByTestId('claim')).toBeVisible();
    await page.keyboard.press('c');
    await expect(handling.getByTestId('release')).toBeVisible();
    await expect(handling.getByTestId('claim')).toHaveCount(0);

    await page.keyboard.press('r');
    const text = page.getByTestId('reply-form').getByLabel(en('agent.reply'));
    await expect(text).toBeFocused();
    // Keys typed in a field are text, not shortcuts.
    await page.keyboard.type('jk?');
    await expect(text).toHaveValue('jk?');
    await expect(heading).toHaveText(`Keys one ${marker}`);
    await expect(page.getByTestId('desk-shortcuts-dialog')).toBeHidden();

    await leaveFields(page);
    await page.keyboard.press('/');
    const keyword = desk.getByTestId('agent-keyword');
    await expect(keyword).toBeFocused();
    await expect(keyword).toHaveValue(marker);

    await leaveFields(page);
    await page.keyboard.press('?');
    const help = page.getByTestId('desk-shortcuts-dialog');
    await expect(help.getByRole('heading', { level: 2 })).toHaveText(en('agent.shortcuts.title'));
    for (const action of ['next', 'previous', 'search', 'claim', 'reply', 'end', 'help'])
      await expect(help).toContainText(en(`agent.shortcuts.${action}`));
    // Focus starts on the dialog's own Close.
    await expect(help.getByRole('button', { name: en('conversation.close') })).toBeFocused();
    // The desk is inert behind the dialog: j does not move the queue.
    await page.keyboard.press('j');
    await expect(heading).toHaveText(`Keys one ${marker}`);
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    // The list is also one click away, from the button that names its key.
    const button = desk.getByTestId('desk-shortcuts');
    await expect(button).toHaveAttribute('aria-keyshortcuts', '?');
    await button.click();
    await expect(help).toBeVisible();
    await help.getByRole('button', { name: en('conversation.close') }).click();
    await expect(help).toBeHidden();
    await expect(button).toBeFocused();

    await leaveFields(page);
    await page.keyboard.press('e');
    const end = page.getByTestId('end-chat-dialog');
    await expect(end).toContainText(en('agent.endBody'));
    await page.keyboard.press('Escape');
    await expect(end).toBeHidden();
    // What was typed in the reply is still there.
    await expect(text).toHaveValue('jk?');
  });
});
