import { expect, type Locator, type Page } from '@playwright/test';
import { LIMITS } from 'shared-contracts';
import { INQUIRY_ACCOUNTS } from './inquiry-accounts.js';
import { t } from './locales.js';
import { site } from './ports.js';
import { tokenOf } from './tickets-api.js';

/** Step three, in English. */
export const INQUIRY = '/SupportCenter/inquiry?spec_lang=en';

/** A field of the inquiry form by its English label. */
export function inquiryField(page: Page, labelKey: string): Locator {
  return page.getByTestId('inquiry-form').getByLabel(t('support', 'en', labelKey), { exact: true });
}

/** Waits for the form; when a ticket of this player is offered first (SPEC §4), starts a new inquiry. */
export async function startNewIfAsked(page: Page): Promise<void> {
  const startNew = page.getByRole('button', { name: t('support', 'en', 'unresolved.new') });
  await expect(page.getByTestId('inquiry-form').or(startNew)).toBeVisible();
  if (await startNew.isVisible()) await startNew.click();
  await expect(page.getByTestId('inquiry-form')).toBeVisible();
}

/** Step one's game choice, then back to the form through the steps' navigation; answers the game's name. */
export async function chooseFirstGame(page: Page): Promise<string> {
  await page
    .getByTestId('inquiry-form')
    .getByRole('link', { name: t('support', 'en', 'form.chooseGame') })
    .click();
  const game = page.getByTestId('support-step-game').getByRole('button').first();
  const name = (await game.textContent())?.trim() ?? '';
  await game.click();
  await page
    .getByRole('navigation', { name: t('support', 'en', 'steps.label') })
    .getByRole('link', { name: t('support', 'en', 'steps.inquiry') })
    .click();
  await startNewIfAsked(page);
  await expect(page.getByTestId('inquiry-game')).toHaveText(name);
  return name;
}

/**
 * A platform inquiry about the first game, filled in as a player would: category, `title`, `detail`, consent (the
 * account's bound e-mail is the contact) and one text file attached. Answers the attached file's name.
 */
export async function fillPlatformInquiry(page: Page, title: string, detail: string): Promise<string> {
  await chooseFirstGame(page);
  await page.getByRole('radio', { name: t('support', 'en', 'form.servicePlatform') }).check();
  await inquiryField(page, 'form.category').selectOption({ index: 1 });
  await inquiryField(page, 'form.titleLabel').fill(title);
  await inquiryField(page, 'form.content').fill(detail);
  await page.getByTestId('inquiry-form').getByRole('checkbox').check();
  const fileName = 'what-happened.txt';
  await page
    .getByTestId('attachment-input')
    .setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from('What happened, step by step.\n') });
  await expect(page.getByTestId('attachment-uploaded')).toHaveCount(1);
  return fileName;
}

/** Everything `fillPlatformInquiry` filled in is still there, the attached file included. */
export async function expectDraftKept(page: Page, draft: { title: string; detail: string; fileName: string }): Promise<void> {
  await expect(inquiryField(page, 'form.titleLabel')).toHaveValue(draft.title);
  await expect(inquiryField(page, 'form.content')).toHaveValue(draft.detail);
  await expect(page.getByTestId('inquiry-form').getByRole('checkbox')).toBeChecked();
  await expect(page.getByRole('radio', { name: t('support', 'en', 'form.servicePlatform') })).toBeChecked();
  await expect(page.getByTestId('attachment-uploaded')).toHaveCount(1);
  await expect(page.getByTestId('attachment-uploaded')).toContainText(draft.fileName);
}

/** An English support message with its placeholders filled as the page fills them (limits by their LIMITS name). */
export function supportMessage(key: string, values: Record<string, string | number> = {}): string {
  return t('support', 'en', key).replace(/\{\{(\w+)\}\}/g, (_whole, name: string) =>
    String(values[name] ?? LIMITS[name as keyof typeof LIMITS]),
  );
}

/** The message under a field of the inquiry form, by the field's name. */
export function fieldError(page: Page, name: string): Locator {
  return page.getByTestId(`error-${name}`);
}

/**
 * Opens the form logged in as `who` (the token handed over in the address, as a game client does). A ticket this
 * player sent in another test is in progress: the player starts a new inquiry.
 */
export async function openFormAs(page: Page, who: { account: string; password: string }): Promise<string> {
  const token = await tokenOf(who);
  await page.goto(`${site()}${INQUIRY}&oauth_token=${token}`);
  await startNewIfAsked(page);
  // The account's bound e-mail fills the contact.
  await expect(inquiryField(page, 'form.email')).toHaveValue(INQUIRY_ACCOUNTS.fillsForm.email);
  return token;
}

export async function reloadForm(page: Page): Promise<void> {
  await page.reload();
  await startNewIfAsked(page);
}
