import { expect, test } from '@playwright/test';
import { LIMITS } from 'shared-contracts';
import { DEMO, logIn } from '../support/accounts.js';
import {
  INQUIRY,
  chooseFirstGame,
  fieldError,
  inquiryField,
  openFormAs,
  reloadForm,
  startNewIfAsked,
  supportMessage,
} from '../support/inquiry-form.js';
import { INQUIRY_ACCOUNTS } from '../support/inquiry-accounts.js';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';

test.describe('support step three: the inquiry form (SPEC §3, §5)', () => {
  test('an empty submit shows every required prompt under its field and focuses the first', async ({ page }) => {
    await openFormAs(page, INQUIRY_ACCOUNTS.fillsForm);
    await inquiryField(page, 'form.email').fill('');
    await page.getByTestId('inquiry-submit').click();

    await expect(fieldError(page, 'ticketType')).toHaveText(supportMessage('errors.serviceRequired'));
    await expect(fieldError(page, 'gameId')).toHaveText(supportMessage('errors.gameRequired'));
    await expect(fieldError(page, 'queryType')).toHaveText(supportMessage('errors.categoryRequired'));
    await expect(fieldError(page, 'title')).toHaveText(supportMessage('errors.titleTooShort'));
    await expect(fieldError(page, 'content')).toHaveText(supportMessage('errors.contentTooShort'));
    await expect(fieldError(page, 'contact')).toHaveText(supportMessage('errors.emailInvalid'));
    await expect(fieldError(page, 'consent')).toHaveText(supportMessage('errors.consentRequired'));
    await expect(page.getByRole('radio', { name: t('support', 'en', 'form.serviceGame') })).toBeFocused();
    const title = inquiryField(page, 'form.titleLabel');
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toHaveAccessibleDescription(new RegExp(supportMessage('errors.titleTooShort')));

    // About the game: server, region and character are asked for too, each with its own prompt.
    await page.getByRole('radio', { name: t('support', 'en', 'form.serviceGame') }).check();
    await expect(fieldError(page, 'ticketType')).toHaveCount(0);
    await expect(fieldError(page, 'serverId')).toHaveText(supportMessage('errors.serverRequired'));
    await expect(fieldError(page, 'gameAreaId')).toHaveText(supportMessage('errors.regionRequired'));
    await expect(fieldError(page, 'roleId')).toHaveText(supportMessage('errors.roleRequired'));

    await chooseFirstGame(page);
    await page.getByTestId('inquiry-submit').click();
    await expect(fieldError(page, 'serverId')).toHaveText(supportMessage('errors.serverRequired'));
    await expect(fieldError(page, 'gameId')).toHaveCount(0);
    const server = inquiryField(page, 'form.server');
    await expect(server.locator('option')).not.toHaveCount(1);
    await server.selectOption({ index: 1 });
    await expect(fieldError(page, 'serverId')).toHaveCount(0);
    const region = inquiryField(page, 'form.region');
    await expect(region.locator('option')).not.toHaveCount(1);
    await region.selectOption({ index: 1 });
    await expect(fieldError(page, 'gameAreaId')).toHaveCount(0);
    // This player has no character anywhere (SPEC §8): the field's message says what to do instead.
    await expect(page.getByTestId('no-character')).toHaveText(t('support', 'en', 'form.noCharacter'));
    await expect(fieldError(page, 'roleId')).toHaveText(supportMessage('errors.noCharacterHere'));

    const category = inquiryField(page, 'form.category');
    await category.selectOption({ index: 1 });
    await expect(fieldError(page, 'queryType')).toHaveCount(0);
  });

  test('title, detail, e-mail, phone and consent each say what is wrong', async ({ page }) => {
    await openFormAs(page, INQUIRY_ACCOUNTS.fillsForm);
    await page.getByTestId('inquiry-submit').click();
    const title = inquiryField(page, 'form.titleLabel');
    await title.fill('a');
    await expect(fieldError(page, 'title')).toHaveText(supportMessage('errors.titleTooShort'));
    await title.fill('ab');
    await expect(fieldError(page, 'title')).toHaveCount(0);
    // Still one letter to a reader with a Hangul filler after it (two characters stored): the minimum counts what shows.
    await title.fill('a\u3164');
    await expect(fieldError(page, 'title')).toHaveText(supportMessage('errors.titleTooShort'));
    await title.fill('x'.repeat(LIMITS.titleMax + 1));
    await expect(fieldError(page, 'title')).toHaveText(supportMessage('errors.titleTooLong'));
    await expect(page.getByTestId('inquiry-form')).toContainText(`${LIMITS.titleMax + 1} / ${LIMITS.titleMax}`);
    // Characters as the server counts them: an emoji is one, not two UTF-16 units.
    await title.fill('🗡'.repeat(LIMITS.titleMax));
    await expect(page.getByTestId('inquiry-form')).toContainText(`${LIMITS.titleMax} / ${LIMITS.titleMax}`);
    await expect(fieldError(page, 'title')).toHaveCount(0);
    await title.fill('My items are gone');
    await expect(fieldError(page, 'title')).toHaveCount(0);

    const detail = inquiryField(page, 'form.content');
    await detail.fill('too short');
    await expect(fieldError(page, 'content')).toHaveText(supportMessage('errors.contentTooShort'));
    // Long enough, but one word (SPEC §5's two-word minimum, counted as the server counts it).
    await detail.fill('Refund!!!!!!!!');
    await expect(fieldError(page, 'content')).toHaveText(supportMessage('errors.contentTooFewWords'));
    // Japanese has no spaces between words, and still counts as more than one.
    await detail.fill('課金したのに届きません');
    await expect(fieldError(page, 'content')).toHaveCount(0);
    await detail.fill('My sword vanished after the last update.');
    await expect(fieldError(page, 'content')).toHaveCount(0);

    await inquiryField(page, 'form.email').fill('nobody@');
    await expect(fieldError(page, 'contact')).toHaveText(supportMessage('errors.emailInvalid'));
    await page.getByRole('radio', { name: t('support', 'en', 'form.contactBy.phone') }).check();
    const phone = inquiryField(page, 'form.phone');
    await phone.fill('12345');
    await expect(fieldError(page, 'contact')).toHaveText(supportMessage('errors.phoneInvalid'));
    await phone.fill('+82 10 1234 5678');
    await expect(fieldError(page, 'contact')).toHaveCount(0);

    await expect(fieldError(page, 'consent')).toHaveText(supportMessage('errors.consentRequired'));
    await page.getByRole('checkbox').check();
    await expect(fieldError(page, 'consent')).toHaveCount(0);
  });

  test('a guest is asked to log in, sends nothing, and keeps the draft', async ({ page }) => {
    const sent: string[] = [];
    page.on(
      'request',
      (request) => request.method() === 'POST' && /\/(inquiries|files)$/.test(new URL(request.url()).pathname) && sent.push(request.url()),
    );
    await page.goto(`${site()}${INQUIRY}`);
    // Files need a login too: the uploader says so up front instead of failing after a file was chosen.
    const uploader = page.getByTestId('attachment-uploader');
    await expect(uploader.getByRole('button', { name: t('support', 'en', 'attachments.choose') })).toBeDisabled();
    const filesHint = page.getByTestId('attachments-login-first');
    await expect(filesHint).toContainText(t('common', 'en', 'errors.loginFirst'));
    await expect(filesHint.getByRole('link')).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(INQUIRY)}`);
    await expect(uploader).toHaveAccessibleDescription(new RegExp(t('common', 'en', 'errors.loginFirst')));
    await page
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Guest notes.\n') });
    await expect(uploader.getByTestId('attachment-uploading')).toHaveCount(0);

    await inquiryField(page, 'form.titleLabel').fill('A guest question');
    await inquiryField(page, 'form.content').fill('I cannot log in to my account any more.');
    await page.getByTestId('inquiry-submit').click();
    const prompt = page.getByTestId('inquiry-login-first');
    await expect(prompt).toContainText(t('common', 'en', 'errors.loginFirst'));
    await expect(prompt.getByRole('link')).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(INQUIRY)}`);
    expect(sent).toEqual([]);

    await page.reload();
    await expect(inquiryField(page, 'form.titleLabel')).toHaveValue('A guest question');
    await expect(inquiryField(page, 'form.content')).toHaveValue('I cannot log in to my account any more.');
  });

  test('the draft stays with its player through a session expiry and a new login, and is gone after a logout', async ({ page }) => {
    await logIn(page, DEMO.player2);
    await page.goto(`${site()}${INQUIRY}`);
    await startNewIfAsked(page);
    const title = inquiryField(page, 'form.titleLabel');
    await title.fill('Kept for me');

    // The session expires (-600) in the middle of writing: the player is logged out, the draft stays.
    await page.route(
      (url) => url.pathname.endsWith('/inquiries/unresolved'),
      (route) => route.fulfill({ json: { code: -600, msg: 'invalid session', data: null } }),
      { times: 1 },
    );
    await page.reload();
    await expect(page.getByTestId('attachments-login-first')).toBeVisible();
    await expect(title).toHaveValue('Kept for me');
    await logIn(page, DEMO.player2);
    await page.goto(`${site()}${INQUIRY}`);
    await startNewIfAsked(page);
    await expect(title).toHaveValue('Kept for me');

    // An explicit logout leaves nothing for whoever uses this tab next.
    await page.goto(`${site()}/UserCenter?spec_lang=en`);
    await page.getByTestId('user-center-logout').click();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('oauth_token'))).toBeNull();
    await page.goto(`${site()}${INQUIRY}`);
    await expect(title).toHaveValue('');
  });

  test('every field of the draft survives a reload', async ({ page }) => {
    await openFormAs(page, INQUIRY_ACCOUNTS.fillsForm);
    const game = await chooseFirstGame(page);
    await page.getByRole('radio', { name: t('support', 'en', 'form.servicePlatform') }).check();
    const category = inquiryField(page, 'form.category');
    await category.selectOption({ index: 1 });
    const categoryValue = await category.inputValue();
    await inquiryField(page, 'form.titleLabel').fill('Payment missing');
    await inquiryField(page, 'form.content').fill('I paid yesterday but the gems never arrived.');
    await page.getByRole('radio', { name: t('support', 'en', 'form.contactBy.phone') }).check();
    await inquiryField(page, 'form.phone').fill('+82 10 1234 5678');
    await page.getByRole('checkbox').check();

    await reloadForm(page);
    await expect(page.getByTestId('inquiry-game')).toHaveText(game);
    await expect(page.getByRole('radio', { name: t('support', 'en', 'form.servicePlatform') })).toBeChecked();
    await expect(inquiryField(page, 'form.category')).toHaveValue(categoryValue);
    await expect(inquiryField(page, 'form.titleLabel')).toHaveValue('Payment missing');
    await expect(inquiryField(page, 'form.content')).toHaveValue('I paid yesterday but the gems never arrived.');
    await expect(page.getByRole('radio', { name: t('support', 'en', 'form.contactBy.phone') })).toBeChecked();
    await expect(inquiryField(page, 'form.phone')).toHaveValue('+82 10 1234 5678');
    await expect(page.getByRole('checkbox')).toBeChecked();
  });
});
