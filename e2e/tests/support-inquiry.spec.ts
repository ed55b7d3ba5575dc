import { expect, test, type Page } from '@playwright/test';
import { LIMITS, formatMegabytes } from 'shared-contracts';
import { DEMO, logIn } from '../support/accounts.js';
import { INQUIRY, chooseFirstGame, startNewIfAsked } from '../support/inquiry-form.js';
import { INQUIRY_ACCOUNTS } from '../support/inquiry-accounts.js';
import { t } from '../support/locales.js';
import { callApi, openTicket, tokenOf } from '../support/tickets-api.js';
import { LONG_QUEUE_THRESHOLD, site } from '../support/ports.js';
import { noisePng, windowsProgram } from '../support/test-files.js';

/** An English support message with its placeholders filled as the page fills them. */
function message(key: string, values: Record<string, string | number> = {}): string {
  return t('support', 'en', key).replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => String(values[name] ?? LIMITS[name as keyof typeof LIMITS]));
}

const field = (page: Page, label: string) => page.getByTestId('inquiry-form').getByLabel(label, { exact: true });
const error = (page: Page, name: string) => page.getByTestId(`error-${name}`);

/**
 * Opens the form logged in as `who` (the token handed over in the address, as a game client does). A ticket this
 * player sent in another test is in progress: the player starts a new inquiry.
 */
async function openFormAs(page: Page, who: { account: string; password: string }): Promise<string> {
  const token = await tokenOf(who);
  await page.goto(`${site()}${INQUIRY}&oauth_token=${token}`);
  await startNewIfAsked(page);
  // The account's bound e-mail fills the contact.
  await expect(field(page, t('support', 'en', 'form.email'))).toHaveValue(INQUIRY_ACCOUNTS.fillsForm.email);
  return token;
}

async function reloadForm(page: Page): Promise<void> {
  await page.reload();
  await startNewIfAsked(page);
}

test.describe('support step three: the inquiry form (SPEC §3, §5)', () => {
  test('an empty submit shows every required prompt under its field and focuses the first', async ({ page }) => {
    await openFormAs(page, INQUIRY_ACCOUNTS.fillsForm);
    await field(page, t('support', 'en', 'form.email')).fill('');
    await page.getByTestId('inquiry-submit').click();

    await expect(error(page, 'ticketType')).toHaveText(message('errors.serviceRequired'));
    await expect(error(page, 'gameId')).toHaveText(message('errors.gameRequired'));
    await expect(error(page, 'queryType')).toHaveText(message('errors.categoryRequired'));
    await expect(error(page, 'title')).toHaveText(message('errors.titleTooShort'));
    await expect(error(page, 'content')).toHaveText(message('errors.contentTooShort'));
    await expect(error(page, 'contact')).toHaveText(message('errors.emailInvalid'));
    await expect(error(page, 'consent')).toHaveText(message('errors.consentRequired'));
    await expect(page.getByRole('radio', { name: t('support', 'en', 'form.serviceGame') })).toBeFocused();
    const title = field(page, t('support', 'en', 'form.titleLabel'));
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toHaveAccessibleDescription(new RegExp(message('errors.titleTooShort')));

    // About the game: server, region and character are asked for too, each with its own prompt.
    await page.getByRole('radio', { name: t('support', 'en', 'form.serviceGame') }).check();
    await expect(error(page, 'ticketType')).toHaveCount(0);
    await expect(error(page, 'serverId')).toHaveText(message('errors.serverRequired'));
    await expect(error(page, 'gameAreaId')).toHaveText(message('errors.regionRequired'));
    await expect(error(page, 'roleId')).toHaveText(message('errors.roleRequired'));

    await chooseFirstGame(page);
    await page.getByTestId('inquiry-submit').click();
    await expect(error(page, 'serverId')).toHaveText(message('errors.serverRequired'));
    await expect(error(page, 'gameId')).toHaveCount(0);
    const server = field(page, t('support', 'en', 'form.server'));
    await expect(server.locator('option')).not.toHaveCount(1);
    await server.selectOption({ index: 1 });
    await expect(error(page, 'serverId')).toHaveCount(0);
    const region = field(page, t('support', 'en', 'form.region'));
    await expect(region.locator('option')).not.toHaveCount(1);
    await region.selectOption({ index: 1 });
    await expect(error(page, 'gameAreaId')).toHaveCount(0);
    // This player has no character anywhere (SPEC §8).
    await expect(page.getByTestId('no-character')).toHaveText(t('support', 'en', 'form.noCharacter'));
    await expect(error(page, 'roleId')).toHaveText(message('errors.roleRequired'));

    const category = field(page, t('support', 'en', 'form.category'));
    await category.selectOption({ index: 1 });
    await expect(error(page, 'queryType')).toHaveCount(0);
  });

  test('title, detail, e-mail, phone and consent each say what is wrong', async ({ page }) => {
    await openFormAs(page, INQUIRY_ACCOUNTS.fillsForm);
    await page.getByTestId('inquiry-submit').click();
    const title = field(page, t('support', 'en', 'form.titleLabel'));
    await title.fill('a');
    await expect(error(page, 'title')).toHaveText(message('errors.titleTooShort'));
    await title.fill('x'.repeat(LIMITS.titleMax + 1));
    await expect(error(page, 'title')).toHaveText(message('errors.titleTooLong'));
    await expect(page.getByTestId('inquiry-form')).toContainText(`${LIMITS.titleMax + 1} / ${LIMITS.titleMax}`);
    // Characters as the server counts them: an emoji is one, not two UTF-16 units.
    await title.fill('🗡'.repeat(LIMITS.titleMax));
    await expect(page.getByTestId('inquiry-form')).toContainText(`${LIMITS.titleMax} / ${LIMITS.titleMax}`);
    await expect(error(page, 'title')).toHaveCount(0);
    await title.fill('My items are gone');
    await expect(error(page, 'title')).toHaveCount(0);

    const detail = field(page, t('support', 'en', 'form.content'));
    await detail.fill('too short');
    await expect(error(page, 'content')).toHaveText(message('errors.contentTooShort'));
    // Long enough, but one word (SPEC §5's two-word minimum, counted as the server counts it).
    await detail.fill('Refund!!!!!!!!');
    await expect(error(page, 'content')).toHaveText(message('errors.contentTooFewWords'));
    // Japanese has no spaces between words, and still counts as more than one.
    await detail.fill('課金したのに届きません');
    await expect(error(page, 'content')).toHaveCount(0);
    await detail.fill('My sword vanished after the last update.');
    await expect(error(page, 'content')).toHaveCount(0);

    await field(page, t('support', 'en', 'form.email')).fill('nobody@');
    await expect(error(page, 'contact')).toHaveText(message('errors.emailInvalid'));
    await page.getByRole('radio', { name: t('support', 'en', 'form.contactBy.phone') }).check();
    const phone = field(page, t('support', 'en', 'form.phone'));
    await phone.fill('12345');
    await expect(error(page, 'contact')).toHaveText(message('errors.phoneInvalid'));
    await phone.fill('+82 10 1234 5678');
    await expect(error(page, 'contact')).toHaveCount(0);

    await expect(error(page, 'consent')).toHaveText(message('errors.consentRequired'));
    await page.getByRole('checkbox').check();
    await expect(error(page, 'consent')).toHaveCount(0);
  });

  test('a guest is asked to log in, sends nothing, and keeps the draft', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && /\/(inquiries|files)$/.test(new URL(request.url()).pathname) && sent.push(request.url()));
    await page.goto(`${site()}${INQUIRY}`);
    // Files need a login too: the uploader says so up front instead of failing after a file was chosen.
    const uploader = page.getByTestId('attachment-uploader');
    await expect(uploader.getByRole('button', { name: t('support', 'en', 'attachments.choose') })).toBeDisabled();
    const filesHint = page.getByTestId('attachments-login-first');
    await expect(filesHint).toContainText(t('common', 'en', 'errors.loginFirst'));
    await expect(filesHint.getByRole('link')).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(INQUIRY)}`);
    await expect(uploader).toHaveAccessibleDescription(new RegExp(t('common', 'en', 'errors.loginFirst')));
    await page.getByTestId('attachment-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Guest notes.\n') });
    await expect(uploader.getByTestId('attachment-uploading')).toHaveCount(0);

    await field(page, t('support', 'en', 'form.titleLabel')).fill('A guest question');
    await field(page, t('support', 'en', 'form.content')).fill('I cannot log in to my account any more.');
    await page.getByTestId('inquiry-submit').click();
    const prompt = page.getByTestId('inquiry-login-first');
    await expect(prompt).toContainText(t('common', 'en', 'errors.loginFirst'));
    await expect(prompt.getByRole('link')).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(INQUIRY)}`);
    expect(sent).toEqual([]);

    await page.reload();
    await expect(field(page, t('support', 'en', 'form.titleLabel'))).toHaveValue('A guest question');
    await expect(field(page, t('support', 'en', 'form.content'))).toHaveValue('I cannot log in to my account any more.');
  });

  test('the draft stays with its player through a session expiry and a new login, and is gone after a logout', async ({ page }) => {
    await logIn(page, DEMO.player2);
    await page.goto(`${site()}${INQUIRY}`);
    await startNewIfAsked(page);
    const title = field(page, t('support', 'en', 'form.titleLabel'));
    await title.fill('Kept for me');

    // The session expires (-600) in the middle of writing: the player is logged out, the draft stays.
    await page.route((url) => url.pathname.endsWith('/inquiries/unresolved'), (route) => route.fulfill({ json: { code: -600, msg: 'invalid session', data: null } }), { times: 1 });
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
    const category = field(page, t('support', 'en', 'form.category'));
    await category.selectOption({ index: 1 });
    const categoryValue = await category.inputValue();
    await field(page, t('support', 'en', 'form.titleLabel')).fill('Payment missing');
    await field(page, t('support', 'en', 'form.content')).fill('I paid yesterday but the gems never arrived.');
    await page.getByRole('radio', { name: t('support', 'en', 'form.contactBy.phone') }).check();
    await field(page, t('support', 'en', 'form.phone')).fill('+82 10 1234 5678');
    await page.getByRole('checkbox').check();

    await reloadForm(page);
    await expect(page.getByTestId('inquiry-game')).toHaveText(game);
    await expect(page.getByRole('radio', { name: t('support', 'en', 'form.servicePlatform') })).toBeChecked();
    await expect(field(page, t('support', 'en', 'form.category'))).toHaveValue(categoryValue);
    await expect(field(page, t('support', 'en', 'form.titleLabel'))).toHaveValue('Payment missing');
    await expect(field(page, t('support', 'en', 'form.content'))).toHaveValue('I paid yesterday but the gems never arrived.');
    await expect(page.getByRole('radio', { name: t('support', 'en', 'form.contactBy.phone') })).toBeChecked();
    await expect(field(page, t('support', 'en', 'form.phone'))).toHaveValue('+82 10 1234 5678');
    await expect(page.getByRole('checkbox')).toBeChecked();
  });

  test('attachments: progress to done with a preview, cancel, remove, and every refusal with its message', async ({ page }) => {
    // Slowed uploads and a 20 MB file handed to the browser: longer than most tests on a busy machine.
    test.setTimeout(90_000);
    await openFormAs(page, INQUIRY_ACCOUNTS.fillsForm);
    const uploader = page.getByTestId('attachment-uploader');
    const input = page.getByTestId('attachment-input');
    const uploaded = uploader.getByTestId('attachment-uploaded');
    const refused = uploader.getByTestId('attachment-refused');

    // A slow connection, so each upload's progress can be watched.
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 });

    await input.setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: noisePng(420) });
    const progress = uploader.getByRole('progressbar', { name: message('attachments.uploading', { name: 'screenshot.png' }) });
    await expect(progress).toBeVisible();
    await expect.poll(() => progress.evaluate((bar: HTMLProgressElement) => bar.value)).toBeGreaterThan(0);
    await expect(progress).toHaveCount(0, { timeout: 20_000 });
    await expect(uploaded).toHaveCount(1);
    await expect(uploaded).toContainText('screenshot.png');
    await expect(uploaded).toContainText(t('support', 'en', 'attachments.uploaded'));
    const thumbnail = uploaded.locator('img');
    await expect(thumbnail).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(420);

    await input.setInputFiles({ name: 'too-slow.png', mimeType: 'image/png', buffer: noisePng(420) });
    await expect(uploader.getByRole('progressbar')).toBeVisible();
    await uploader.getByRole('button', { name: message('attachments.cancel', { name: 'too-slow.png' }) }).click();
    await expect(uploader.getByRole('progressbar')).toHaveCount(0);
    await expect(uploaded).toHaveCount(1);
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // A program renamed .png passes the name check; the server reads its content and refuses it.
    await input.setInputFiles({ name: 'setup.png', mimeType: 'image/png', buffer: windowsProgram() });
    await expect(refused).toContainText('setup.png');
    await expect(refused).toContainText(message('errors.typeMismatch'));
    await input.setInputFiles([
      { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: windowsProgram() },
      { name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
    ]);
    await expect(refused.getByRole('listitem')).toHaveCount(2);
    await expect(refused.getByRole('listitem').filter({ hasText: 'setup.exe' })).toContainText(message('errors.typeMismatch'));
    await expect(refused.getByRole('listitem').filter({ hasText: 'empty.txt' })).toContainText(message('errors.fileEmpty'));
    await input.setInputFiles({ name: 'huge.zip', mimeType: 'application/zip', buffer: Buffer.alloc(LIMITS.attachmentBytesMax) });
    await expect(refused.getByRole('listitem').filter({ hasText: 'huge.zip' })).toContainText(
      message('errors.fileTooLarge', { size: formatMegabytes(LIMITS.attachmentBytesMax, 'en') }),
    );
    // One video at most: the second is refused at once; the first (not really a video) by the server.
    await input.setInputFiles([
      { name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not a video at all') },
      { name: 'second.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not a video either') },
    ]);
    await expect(refused.getByRole('listitem').filter({ hasText: 'second.mp4' })).toContainText(message('errors.attachmentsTooManyVideos'));
    await expect(refused.getByRole('listitem').filter({ hasText: 'clip.mp4' })).toContainText(message('errors.typeMismatch'));
    await expect(uploaded).toHaveCount(1);

    await input.setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('What happened, step by step.\n') },
      { name: 'steps.txt', mimeType: 'text/plain', buffer: Buffer.from('1. Log in\n2. Open the shop\n') },
      { name: 'one-too-many.txt', mimeType: 'text/plain', buffer: Buffer.from('Fourth file.\n') },
    ]);
    await expect(refused.getByRole('listitem')).toHaveCount(1);
    await expect(refused).toContainText('one-too-many.txt');
    await expect(refused).toContainText(message('errors.attachmentsTooMany', { max: LIMITS.attachmentsMax }));
    await expect(uploaded).toHaveCount(LIMITS.attachmentsMax);
    // The limits the hint states are the ones applied.
    await expect(uploader).toContainText(formatMegabytes(LIMITS.attachmentBytesMax, 'en'));

    // Uploaded files belong to the draft: a reload keeps them, and a removed one stays removed.
    await reloadForm(page);
    await expect(uploaded).toHaveCount(LIMITS.attachmentsMax);
    await uploader.getByRole('button', { name: message('attachments.remove', { name: 'notes.txt' }) }).click();
    await expect(uploaded).toHaveCount(LIMITS.attachmentsMax - 1);
    await reloadForm(page);
    await expect(uploaded).toHaveCount(LIMITS.attachmentsMax - 1);
    await expect(uploaded.filter({ hasText: 'notes.txt' })).toHaveCount(0);

    // Dropped on the area, a file goes the same way as a picked one.
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['Dropped on the area.\n'], 'dropped.txt', { type: 'text/plain' }));
      return transfer;
    });
    await uploader.getByTestId('attachment-drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
    await expect(uploaded.filter({ hasText: 'dropped.txt' })).toHaveCount(1);
    await expect(uploaded).toHaveCount(LIMITS.attachmentsMax);
  });

  test('a removed file gives its upload place back: more files than the pending-upload limit come and go, and one more still uploads', async ({ page }) => {
    const token = await tokenOf(INQUIRY_ACCOUNTS.discardsUploads);
    await page.goto(`${site()}${INQUIRY}&oauth_token=${token}`);
    await startNewIfAsked(page);
    const uploader = page.getByTestId('attachment-uploader');
    const uploaded = uploader.getByTestId('attachment-uploaded');
    for (let round = 1; round <= LIMITS.pendingUploadsMax + 1; round += 1) {
      const name = `round-${round}.txt`;
      await page.getByTestId('attachment-input').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(`Round ${round}.\n`) });
      await expect(uploaded).toHaveCount(1);
      const discarded = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/files/discard'));
      await uploader.getByRole('button', { name: message('attachments.remove', { name }) }).click();
      await expect(uploaded).toHaveCount(0);
      await discarded;
    }
    await page.getByTestId('attachment-input').setInputFiles({ name: 'kept.txt', mimeType: 'text/plain', buffer: Buffer.from('Kept.\n') });
    await expect(uploaded).toHaveCount(1);
    await expect(uploaded).toContainText('kept.txt');
    await expect(uploader.getByTestId('attachment-refused')).toHaveCount(0);
  });

  test('a game ticket with its server, region and character chosen in the form', async ({ page }) => {
    // player1 has characters in the demo data: Captain Mira on Star Harbor's Orion server, in Asia.
    const token = await tokenOf(DEMO.player1);
    await page.goto(`${site()}${INQUIRY}&oauth_token=${token}`);
    await startNewIfAsked(page);
    await page.getByTestId('inquiry-form').getByRole('link', { name: t('support', 'en', 'form.chooseGame') }).click();
    await page.getByTestId('support-step-game').getByRole('button', { name: 'Star Harbor' }).click();
    await page.getByRole('navigation', { name: t('support', 'en', 'steps.label') }).getByRole('link', { name: t('support', 'en', 'steps.inquiry') }).click();
    await startNewIfAsked(page);
    await page.getByRole('radio', { name: t('support', 'en', 'form.serviceGame') }).check();
    await field(page, t('support', 'en', 'form.server')).selectOption({ label: 'Orion' });
    await field(page, t('support', 'en', 'form.region')).selectOption({ label: 'Asia' });
    await field(page, t('support', 'en', 'form.role')).selectOption({ value: 'r100101' });
    await field(page, t('support', 'en', 'form.category')).selectOption({ index: 1 });
    const title = `Captain Mira lost her ship ${Date.now()}`;
    await field(page, t('support', 'en', 'form.titleLabel')).fill(title);
    await field(page, t('support', 'en', 'form.content')).fill('My ship vanished from the hangar after the update.');
    await field(page, t('support', 'en', 'form.email')).fill('player1@e2e.example');
    await page.getByRole('checkbox').check();
    await page.getByTestId('inquiry-submit').click();
    await expect(page).toHaveURL(/\/SupportCenter\/history/);
    const sent = (await callApi('inquiryList', token)).find((ticket) => ticket.title === title);
    const detail = await callApi('inquiryDetail', token, { query: { inquiryId: String(sent?.id) } });
    expect(detail).toMatchObject({ ticketType: '1', serverId: 's1', gameAreaId: 'asia', roleId: 'r100101', roleName: 'Captain Mira' });
  });

  test('a refusal the form has no message for says "Submission failed." and keeps the draft', async ({ page }) => {
    await openFormAs(page, INQUIRY_ACCOUNTS.fillsForm);
    await chooseFirstGame(page);
    await page.getByRole('radio', { name: t('support', 'en', 'form.servicePlatform') }).check();
    await field(page, t('support', 'en', 'form.category')).selectOption({ index: 1 });
    const title = `Refused ${Date.now()}`;
    await field(page, t('support', 'en', 'form.titleLabel')).fill(title);
    await field(page, t('support', 'en', 'form.content')).fill('The shop took my payment twice.');
    await page.getByRole('checkbox').check();
    await page.route((url) => url.pathname.endsWith('/inquiries'), (route) =>
      route.fulfill({ json: { code: 5000, msg: 'somethingNobodyExpected', data: null } }),
    );
    await page.getByTestId('inquiry-submit').click();
    await expect(page.getByTestId('inquiry-problem')).toHaveText(t('common', 'en', 'errors.submitFailed'));
    await expect(field(page, t('support', 'en', 'form.titleLabel'))).toHaveValue(title);
    await expect(field(page, t('support', 'en', 'form.content'))).toHaveValue('The shop took my payment twice.');
    await expect(page.getByRole('checkbox')).toBeChecked();
  });

  test('a lost answer keeps everything; the retry sends one request and makes exactly one ticket', async ({ page }) => {
    const token = await openFormAs(page, INQUIRY_ACCOUNTS.fillsForm);
    await chooseFirstGame(page);
    await page.getByRole('radio', { name: t('support', 'en', 'form.servicePlatform') }).check();
    await field(page, t('support', 'en', 'form.category')).selectOption({ index: 1 });
    const title = `Lost answer ${Date.now()}`;
    await field(page, t('support', 'en', 'form.titleLabel')).fill(title);
    await field(page, t('support', 'en', 'form.content')).fill('The shop took my payment twice.');
    await page.getByRole('checkbox').check();

    const isCreate = (url: URL) => url.pathname.endsWith('/inquiries');
    // The request reaches the API (the ticket is made), then the connection drops before the answer arrives.
    await page.route(isCreate, async (route) => {
      // Sent from the test (which cannot resolve *.localhost) to the same shell origin's API proxy.
      const url = new URL(route.request().url());
      url.hostname = '127.0.0.1';
      await route.fetch({ url: url.toString() });
      await route.abort('connectionreset');
    }, { times: 1 });
    await page.getByTestId('inquiry-submit').click();
    await expect(page.getByTestId('inquiry-problem')).toHaveText(t('common', 'en', 'errors.network'));
    // Busy while sending, the button kept the focus (a disabled one would have dropped it to the page).
    await expect(page.getByTestId('inquiry-submit')).toBeFocused();
    await expect(field(page, t('support', 'en', 'form.titleLabel'))).toHaveValue(title);
    await expect(page.getByRole('checkbox')).toBeChecked();
    expect((await callApi('inquiryList', token)).filter((ticket) => ticket.title === title)).toHaveLength(1);

    let posts = 0;
    page.on('request', (request) => request.method() === 'POST' && isCreate(new URL(request.url())) && (posts += 1));
    await page.getByTestId('inquiry-submit').dblclick();
    await expect(page).toHaveURL(/\/SupportCenter\/history/);
    await expect(page.getByText(t('support', 'en', 'form.submitted'))).toBeVisible();
    expect(posts).toBe(1);
    expect((await callApi('inquiryList', token)).filter((ticket) => ticket.title === title)).toHaveLength(1);
    // Sent: the draft starts over.
    expect(await page.evaluate(() => sessionStorage.getItem('cs_form'))).toBeNull();
  });

  test('a player with a ticket in progress chooses between viewing it and starting a new one; a long queue shows a wait notice', async ({ page }) => {
    const who = INQUIRY_ACCOUNTS.hasOpenTickets;
    const token = await tokenOf(who);
    // Enough tickets waiting for an agent for the long-queue notice; the last one is the player's most recent.
    for (let index = 1; index < LONG_QUEUE_THRESHOLD; index += 1) await openTicket(token, { title: `Queue ${index}` });
    const { inquiryId } = await openTicket(token, { title: 'Still waiting for an answer' });

    await page.goto(`${site()}${INQUIRY}&oauth_token=${token}`);
    const notice = page.getByTestId('queue-notice');
    await expect(notice).toContainText(t('support', 'en', 'queue.title'));
    const waiting = Number((await notice.textContent())?.match(/\d+/)?.[0]);
    expect(waiting).toBeGreaterThanOrEqual(LONG_QUEUE_THRESHOLD);

    const choice = page.getByTestId('unresolved-choice');
    await expect(choice).toContainText('Still waiting for an answer');
    await expect(page.getByTestId('inquiry-form')).toHaveCount(0);
    await choice.getByRole('link', { name: t('support', 'en', 'unresolved.view') }).click();
    await expect(page).toHaveURL(new RegExp(`/SupportCenter/feedback\\?inquiryId=${inquiryId}$`));

    await page.goto(`${site()}${INQUIRY}`);
    await page.getByRole('button', { name: t('support', 'en', 'unresolved.new') }).click();
    await expect(page.getByTestId('unresolved-choice')).toHaveCount(0);
    await expect(page.getByTestId('inquiry-form')).toBeVisible();
    // Chosen once for this ticket: a reload goes straight to the form.
    await page.reload();
    await expect(page.getByTestId('inquiry-form')).toBeVisible();
    await expect(page.getByTestId('unresolved-choice')).toHaveCount(0);
  });
});

test.describe('support hours (SPEC §9)', () => {
  test('at night in Beijing a notice asks to leave a message, with the hours in the region time and the next opening', async ({ page }) => {
    // 23:30 in Beijing (UTC+8) on a Tuesday; the Korean site shows the hours in UTC+9.
    await page.clock.setFixedTime(new Date('2026-12-01T15:30:00Z'));
    await page.goto(`${site()}${INQUIRY}`);
    const notice = page.getByTestId('support-hours-notice');
    await expect(notice).toContainText(t('support', 'en', 'hours.offlineTitle'));
    await expect(notice).toContainText(t('support', 'en', 'hours.leaveMessage'));
    await expect(notice).toContainText(/10:00\sAM to 7:00\sPM \(GMT\+9\)/);
    await expect(notice).toContainText(/Wednesday, December 2.*10:00\sAM/);
    // The form stays: the player leaves a message.
    await expect(page.getByTestId('inquiry-form')).toBeVisible();

    // Europe, English: the region's UTC+1.
    await page.goto(`${site('atlas.localhost')}${INQUIRY}&self_area=eru`);
    await expect(page.getByTestId('support-hours-notice')).toContainText(/2:00\sAM to 11:00\sAM \(GMT\+1\)/);
  });

  test('within support hours there is no notice', async ({ page }) => {
    // 10:30 in Beijing.
    await page.clock.setFixedTime(new Date('2026-12-01T02:30:00Z'));
    await page.goto(`${site()}${INQUIRY}`);
    await expect(page.getByTestId('inquiry-form')).toBeVisible();
    await expect(page.getByTestId('support-hours-notice')).toHaveCount(0);
  });

  test('on a phone the form fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${site()}${INQUIRY}`);
    await expect(page.getByTestId('inquiry-form')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // One column: the fields and the send button take the form's whole width.
    const form = await page.getByTestId('inquiry-form').boundingBox();
    const title = await field(page, t('support', 'en', 'form.titleLabel')).boundingBox();
    const category = await field(page, t('support', 'en', 'form.category')).boundingBox();
    const submit = await page.getByTestId('inquiry-submit').boundingBox();
    for (const box of [title, category, submit]) expect(box?.width).toBeCloseTo(form?.width ?? 0, 0);
  });
});
