import { expect, test } from '@playwright/test';
import { ApiError, FILE_ERRORS, LIMITS, formatMegabytes } from 'shared-contracts';
import {
  INQUIRY,
  expectDraftKept,
  fillPlatformInquiry,
  inquiryField,
  openFormAs,
  reloadForm,
  startNewIfAsked,
  supportMessage,
} from '../support/inquiry-form.js';
import { INQUIRY_ACCOUNTS } from '../support/inquiry-accounts.js';
import { t } from '../support/locales.js';
import { callApi, tokenOf, uploadFile } from '../support/tickets-api.js';
import { site } from '../support/ports.js';
import { slowUploads } from '../support/network.js';
import { noisePng, windowsProgram } from '../support/test-files.js';

/** The API's upload call, whatever its query. */
const UPLOADS = /\/api\/files(\?|$)/;

test.describe('support step three: attachments (SPEC §5)', () => {
  test('attachments: progress to done with a preview, cancel, remove, and every refusal with its message', async ({ page }) => {
    // Slowed uploads and a 20 MB file handed to the browser: longer than most tests on a busy machine.
    test.setTimeout(90_000);
    await openFormAs(page, INQUIRY_ACCOUNTS.fillsForm);
    const uploader = page.getByTestId('attachment-uploader');
    const input = page.getByTestId('attachment-input');
    const uploaded = uploader.getByTestId('attachment-uploaded');
    const refused = uploader.getByTestId('attachment-refused');

    // A slow connection, so each upload's progress can be watched.
    const fullSpeed = await slowUploads(page);

    await input.setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: noisePng(420) });
    const progress = uploader.getByRole('progressbar', { name: supportMessage('attachments.uploading', { name: 'screenshot.png' }) });
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
    await uploader.getByRole('button', { name: supportMessage('attachments.cancel', { name: 'too-slow.png' }) }).click();
    await expect(uploader.getByRole('progressbar')).toHaveCount(0);
    await expect(uploaded).toHaveCount(1);
    // The cancelled row took its button away: the focus is on the next file's, not dropped to the page.
    await expect(uploader.getByRole('button', { name: supportMessage('attachments.remove', { name: 'screenshot.png' }) })).toBeFocused();
    await fullSpeed();

    // A program renamed .png passes the name check; the server reads its content and refuses it.
    await input.setInputFiles({ name: 'setup.png', mimeType: 'image/png', buffer: windowsProgram() });
    await expect(refused).toContainText('setup.png');
    await expect(refused).toContainText(supportMessage('errors.typeMismatch'));
    await input.setInputFiles([
      { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: windowsProgram() },
      { name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
    ]);
    await expect(refused.getByRole('listitem')).toHaveCount(2);
    await expect(refused.getByRole('listitem').filter({ hasText: 'setup.exe' })).toContainText(supportMessage('errors.typeMismatch'));
    await expect(refused.getByRole('listitem').filter({ hasText: 'empty.txt' })).toContainText(supportMessage('errors.fileEmpty'));
    await input.setInputFiles({ name: 'huge.zip', mimeType: 'application/zip', buffer: Buffer.alloc(LIMITS.attachmentBytesMax) });
    await expect(refused.getByRole('listitem').filter({ hasText: 'huge.zip' })).toContainText(
      supportMessage('errors.fileTooLarge', { size: formatMegabytes(LIMITS.attachmentBytesMax, 'en') }),
    );
    // One video at most: the second is refused at once; the first (not really a video) by the server.
    await input.setInputFiles([
      { name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not a video at all') },
      { name: 'second.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not a video either') },
    ]);
    await expect(refused.getByRole('listitem').filter({ hasText: 'second.mp4' })).toContainText(
      supportMessage('errors.attachmentsTooManyVideos'),
    );
    await expect(refused.getByRole('listitem').filter({ hasText: 'clip.mp4' })).toContainText(supportMessage('errors.typeMismatch'));
    await expect(uploaded).toHaveCount(1);

    await input.setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('What happened, step by step.\n') },
      { name: 'steps.txt', mimeType: 'text/plain', buffer: Buffer.from('1. Log in\n2. Open the shop\n') },
      { name: 'one-too-many.txt', mimeType: 'text/plain', buffer: Buffer.from('Fourth file.\n') },
    ]);
    await expect(refused.getByRole('listitem')).toHaveCount(1);
    await expect(refused).toContainText('one-too-many.txt');
    await expect(refused).toContainText(supportMessage('errors.attachmentsTooMany', { max: LIMITS.attachmentsMax }));
    await expect(uploaded).toHaveCount(LIMITS.attachmentsMax);
    // With one file removed, "at most 3 files" no longer holds: the message goes, and the focus stays in the list.
    await uploader.getByRole('button', { name: supportMessage('attachments.remove', { name: 'steps.txt' }) }).click();
    await expect(refused).toHaveCount(0);
    await expect(uploaded.getByRole('button').and(page.locator(':focus'))).toHaveCount(1);
    await input.setInputFiles({ name: 'steps.txt', mimeType: 'text/plain', buffer: Buffer.from('1. Log in\n2. Open the shop\n') });
    await expect(uploaded).toHaveCount(LIMITS.attachmentsMax);
    // The limits the hint states are the ones applied.
    await expect(uploader).toContainText(formatMegabytes(LIMITS.attachmentBytesMax, 'en'));

    // Uploaded files belong to the draft: a reload keeps them, and a removed one stays removed.
    await reloadForm(page);
    await expect(uploaded).toHaveCount(LIMITS.attachmentsMax);
    await uploader.getByRole('button', { name: supportMessage('attachments.remove', { name: 'notes.txt' }) }).click();
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

  test('a removed file gives its upload place back: more files than the pending-upload limit come and go, and one more still uploads', async ({
    page,
  }) => {
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
      await uploader.getByRole('button', { name: supportMessage('attachments.remove', { name }) }).click();
      await expect(uploaded).toHaveCount(0);
      await discarded;
    }
    await page.getByTestId('attachment-input').setInputFiles({ name: 'kept.txt', mimeType: 'text/plain', buffer: Buffer.from('Kept.\n') });
    await expect(uploaded).toHaveCount(1);
    await expect(uploaded).toContainText('kept.txt');
    await expect(uploader.getByTestId('attachment-refused')).toHaveCount(0);
  });

  test('a file lost on the way is sent again with one click; a refused one is not offered again; the last removal leaves the focus on "Choose files"', async ({
    page,
  }) => {
    await openFormAs(page, INQUIRY_ACCOUNTS.fillsForm);
    const uploader = page.getByTestId('attachment-uploader');
    const refused = uploader.getByTestId('attachment-refused');
    const uploaded = uploader.getByTestId('attachment-uploaded');
    // Named by its visible words (WCAG 2.5.3), described by the file it sends again.
    const retry = (name: string) => refused.getByRole('button', { name: t('common', 'en', 'remote.retry'), description: name });

    await page.route(UPLOADS, (route) => route.abort('connectionreset'), { times: 1 });
    await page.getByTestId('attachment-input').setInputFiles({ name: 'lost.png', mimeType: 'image/png', buffer: noisePng(64) });
    await expect(refused).toContainText('lost.png');
    await expect(refused).toContainText(t('common', 'en', 'errors.network'));
    await retry('lost.png').click();
    await expect(uploaded).toHaveCount(1);
    await expect(uploaded).toContainText('lost.png');
    await expect(refused).toHaveCount(0);

    // The server read it and refused it: sending it again would change nothing.
    await page.getByTestId('attachment-input').setInputFiles({ name: 'setup.png', mimeType: 'image/png', buffer: windowsProgram() });
    await expect(refused).toContainText(supportMessage('errors.typeMismatch'));
    await expect(retry('setup.png')).toHaveCount(0);

    await uploader.getByRole('button', { name: supportMessage('attachments.remove', { name: 'lost.png' }) }).click();
    await expect(uploaded).toHaveCount(0);
    await expect(uploader.getByRole('button', { name: supportMessage('attachments.choose') })).toBeFocused();
  });

  test('past the upload quota of the hour a file is refused with the wait in words, and offered again once it has passed; the typed text and the other file stay', async ({
    page,
  }) => {
    // The page's clock runs normally; the test jumps it past the wait instead of waiting up to an hour.
    await page.clock.install();
    const token = await tokenOf(INQUIRY_ACCOUNTS.reachesUploadQuota);
    await page.goto(`${site()}${INQUIRY}&oauth_token=${token}`);
    await startNewIfAsked(page);
    const draft = { title: 'Shop closed on me', detail: 'The shop closed while I was buying gems.' };
    const fileName = await fillPlatformInquiry(page, draft.title, draft.detail);

    // The rest of the hour's quota, used up as a script would: upload, discard, again, until the API refuses.
    let refusal: unknown = null;
    for (let round = 0; refusal === null && round < 1_000; round += 1) {
      try {
        const file = await uploadFile(token, `churn-${round}.txt`, Buffer.from(`Round ${round}.\n`), 'text/plain');
        await callApi('discardFile', token, { body: { fileId: file.fileId } });
      } catch (error) {
        refusal = error;
      }
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).message).toBe(FILE_ERRORS.uploadQuotaReached);

    const uploader = page.getByTestId('attachment-uploader');
    const refused = uploader.getByTestId('attachment-refused');
    const retry = refused.getByRole('button', { name: t('common', 'en', 'remote.retry'), description: 'late.txt' });
    const answered = page.waitForResponse((response) => UPLOADS.test(response.url()) && response.request().method() === 'POST');
    await page.getByTestId('attachment-input').setInputFiles({ name: 'late.txt', mimeType: 'text/plain', buffer: Buffer.from('Later.\n') });
    const retryAfter = Number((await answered).headers()['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    await expect(refused).toContainText('late.txt');
    // The wait in whole minutes, rounded up (a slow machine may have let a second go by before the row was drawn).
    const inMinutes = (seconds: number) => {
      const minutes = Math.ceil(seconds / 60);
      const unit = (value: number, name: string) =>
        new Intl.NumberFormat('en', { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
      return minutes < 60 ? unit(minutes, 'minute') : unit(minutes / 60, 'hour');
    };
    const waits = [...new Set([inMinutes(retryAfter), inMinutes(retryAfter - 5)])].map((wait) =>
      supportMessage('errors.uploadQuotaWait', { wait }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
    await expect(refused.getByRole('listitem')).toHaveText(new RegExp(waits.join('|')));
    // Nothing against the file itself, but sending it before the wait is over would only be refused again.
    await expect(retry).toHaveCount(0);
    await expectDraftKept(page, { ...draft, fileName });

    await page.clock.fastForward(retryAfter * 1000);
    await expect(retry).toBeVisible();
    await expect(refused).toContainText(supportMessage('errors.uploadQuotaReached'));
    // The server's hour has not gone by: sent again, the file is refused again, in its one row, and the draft stays.
    const refusedAgain = page.waitForResponse((response) => UPLOADS.test(response.url()) && response.request().method() === 'POST');
    await retry.click();
    expect((await refusedAgain).status()).toBe(429);
    await expect(refused.getByRole('listitem')).toHaveCount(1);
    await expect(refused.getByRole('listitem')).toHaveText(/late\.txt/);
    await expect(retry).toHaveCount(0);
    await expectDraftKept(page, { ...draft, fileName });
  });

  test('with every upload place taken a file is refused, and offered again once one of its files is removed; the typed text and the other file stay', async ({
    page,
  }) => {
    const token = await tokenOf(INQUIRY_ACCOUNTS.takesEveryUploadPlace);
    await page.goto(`${site()}${INQUIRY}&oauth_token=${token}`);
    await startNewIfAsked(page);
    const draft = { title: 'Gems gone after update', detail: 'My gems vanished after the update last night.' };
    const fileName = await fillPlatformInquiry(page, draft.title, draft.detail);

    // The player's other places, taken by files waiting elsewhere (another tab's draft), all but one.
    const elsewhere: string[] = [];
    let full: unknown = null;
    for (let round = 0; full === null && round <= LIMITS.pendingUploadsMax; round += 1) {
      try {
        elsewhere.push((await uploadFile(token, `elsewhere-${round}.txt`, Buffer.from(`Round ${round}.\n`), 'text/plain')).fileId);
      } catch (error) {
        full = error;
      }
    }
    expect((full as ApiError).message).toBe(FILE_ERRORS.tooManyUploads);
    await callApi('discardFile', token, { body: { fileId: elsewhere[0] ?? '' } });

    // Two files at once for the one free place: one takes it, the other is refused.
    const uploader = page.getByTestId('attachment-uploader');
    const refused = uploader.getByTestId('attachment-refused');
    const uploaded = uploader.getByTestId('attachment-uploaded');
    await page.getByTestId('attachment-input').setInputFiles([
      { name: 'first.txt', mimeType: 'text/plain', buffer: Buffer.from('First.\n') },
      { name: 'second.txt', mimeType: 'text/plain', buffer: Buffer.from('Second.\n') },
    ]);
    await expect(refused.getByRole('listitem')).toHaveCount(1);
    await expect(refused).toContainText(supportMessage('errors.tooManyUploads'));
    await expect(uploaded).toHaveCount(2);
    await expect(uploader.getByRole('progressbar')).toHaveCount(0);
    const refusedName = (await refused.textContent())?.includes('first.txt') ? 'first.txt' : 'second.txt';
    const keptName = refusedName === 'first.txt' ? 'second.txt' : 'first.txt';
    const retry = refused.getByRole('button', { name: t('common', 'en', 'remote.retry'), description: refusedName });
    // Every place is still taken: nothing to try yet.
    await expect(retry).toHaveCount(0);

    // The player removes the other one: its place is free, and the refused file is offered again.
    await uploader.getByRole('button', { name: supportMessage('attachments.remove', { name: keptName }) }).click();
    await expect(retry).toBeVisible();
    await retry.click();
    await expect(uploaded.filter({ hasText: refusedName })).toHaveCount(1);
    await expect(refused).toHaveCount(0);
    await expect(inquiryField(page, 'form.titleLabel')).toHaveValue(draft.title);
    await expect(inquiryField(page, 'form.content')).toHaveValue(draft.detail);
    await expect(uploaded.filter({ hasText: fileName })).toHaveCount(1);
    await expect(uploaded).toHaveCount(2);
  });

  test('in Japanese on a phone the allowed file types wrap: the form does not scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${site('sakura.localhost')}/SupportCenter/inquiry?spec_lang=ja`);
    await expect(page.getByTestId('attachment-uploader')).toBeVisible();
    await expect(page.getByTestId('attachment-uploader')).toContainText('.gif、');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('a file still uploading when the player leaves the form is named on return, to attach again, once', async ({ page }) => {
    await openFormAs(page, INQUIRY_ACCOUNTS.fillsForm);
    const uploader = page.getByTestId('attachment-uploader');
    const refused = uploader.getByTestId('attachment-refused');
    const interrupted = supportMessage('errors.uploadInterrupted');
    // Uploads that never finish: the page is left while they run.
    await page.route(UPLOADS, () => undefined);

    await page.getByTestId('attachment-input').setInputFiles({ name: 'held.png', mimeType: 'image/png', buffer: noisePng(64) });
    await expect(uploader.getByRole('progressbar')).toBeVisible();
    await reloadForm(page);
    await expect(refused).toContainText('held.png');
    await expect(refused).toContainText(interrupted);
    await expect(uploader.getByTestId('attachment-uploaded')).toHaveCount(0);
    // Told once: the next visit of the form starts without it.
    await reloadForm(page);
    await expect(uploader.getByTestId('attachment-input')).toBeAttached();
    await expect(refused).toHaveCount(0);

    // Another step of the support centre and back, inside the page.
    await page.getByTestId('attachment-input').setInputFiles({ name: 'held-again.png', mimeType: 'image/png', buffer: noisePng(64) });
    await expect(uploader.getByRole('progressbar')).toBeVisible();
    await page
      .getByRole('navigation', { name: t('support', 'en', 'steps.label') })
      .getByRole('link', { name: t('support', 'en', 'steps.question') })
      .click();
    await expect(page.getByTestId('attachment-uploader')).toHaveCount(0);
    await page.goBack();
    await startNewIfAsked(page);
    await expect(refused).toContainText('held-again.png');
    await expect(refused).toContainText(interrupted);
    await page.unroute(UPLOADS);
  });
});
