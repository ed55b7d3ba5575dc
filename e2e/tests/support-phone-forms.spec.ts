import { expect, test, type Locator, type Page } from '@playwright/test';
import { logIn } from '../support/accounts.js';
import { chooseFirstGame, fieldError, inquiryField, openFormAs, startNewIfAsked, supportMessage } from '../support/inquiry-form.js';
import { INQUIRY_ACCOUNTS } from '../support/inquiry-accounts.js';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';
import { noisePng } from '../support/test-files.js';
import { tokenOf } from '../support/tickets-api.js';

/** The demo support lead (api/src/seed/demo-accounts.ts). */
const LEAD = { account: 'lead1', password: 'lead1-pass' } as const;

/** What the focused element said as it got the focus: what a screen reader reads out at that moment. */
type FocusSeen = { invalid: string | null; description: string };

/** Records each focus from now on (until the page reloads): the element's aria-invalid and description as it lands. */
async function recordFocus(page: Page): Promise<() => Promise<FocusSeen[]>> {
  await page.evaluate(() => {
    const seen: FocusSeen[] = [];
    (window as unknown as { focusSeen: FocusSeen[] }).focusSeen = seen;
    document.addEventListener('focusin', (event) => {
      const target = event.target as HTMLElement;
      const ids = (target.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      const description = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
      seen.push({ invalid: target.getAttribute('aria-invalid'), description });
    });
  });
  return () => page.evaluate(() => (window as unknown as { focusSeen: FocusSeen[] }).focusSeen);
}

/** Whether `element` can be seen: wholly in the viewport and not under anything (the sticky top bar). */
async function expectSeen(element: Locator): Promise<void> {
  await expect(element).toBeInViewport({ ratio: 1 });
  const uncovered = await element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    // Down its middle (a rounded corner is not the element's to hit): its top, centre and bottom.
    const middle = box.left + box.width / 2;
    const points = [
      [middle, box.top + 2],
      [middle, box.top + box.height / 2],
      [middle, box.bottom - 2],
    ] as const;
    return points.every(([x, y]) => node.contains(document.elementFromPoint(x, y)));
  });
  expect(uncovered).toBe(true);
}

/**
 * The characters of a file name the page shows: each one laid out inside the name's own box (a cut name's
 * characters past its ellipsis are laid out outside it, clipped). Not the DOM's text, which is always whole.
 */
function shownText(name: Locator): Promise<string> {
  return name.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const range = document.createRange();
    let shown = '';
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      for (let index = 0; index < text.length; index += 1) {
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        const glyph = range.getBoundingClientRect();
        const inside =
          glyph.width > 0 &&
          glyph.left >= box.left - 0.5 &&
          glyph.right <= box.right + 0.5 &&
          glyph.top >= box.top - 0.5 &&
          glyph.bottom <= box.bottom + 0.5;
        if (inside) shown += text.data[index];
      }
    }
    return shown;
  });
}

test.describe('support forms on a phone (360×740, touch)', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

  test('the first tap on Send brings the character field’s message into view and focuses it, when there is no character to choose', async ({
    page,
  }) => {
    await openFormAs(page, INQUIRY_ACCOUNTS.fillsForm);
    await chooseFirstGame(page);
    await page.getByRole('radio', { name: t('support', 'en', 'form.serviceGame') }).check();
    const server = inquiryField(page, 'form.server');
    await expect(server.locator('option')).not.toHaveCount(1);
    await server.selectOption({ index: 1 });
    const region = inquiryField(page, 'form.region');
    await expect(region.locator('option')).not.toHaveCount(1);
    await region.selectOption({ index: 1 });
    // This player has no character anywhere: the character's select is hidden, its message stands in for it.
    await expect(page.getByTestId('no-character')).toBeVisible();
    await inquiryField(page, 'form.category').selectOption({ index: 1 });
    await inquiryField(page, 'form.titleLabel').fill('My sword is gone');
    await inquiryField(page, 'form.content').fill('My sword vanished after the last update.');
    await page.getByTestId('inquiry-form').getByRole('checkbox').check();

    const send = page.getByTestId('inquiry-submit');
    await send.scrollIntoViewIfNeeded();
    await expect(fieldError(page, 'roleId')).toHaveCount(0);
    await send.tap();
    const message = fieldError(page, 'roleId');
    await expect(message).toHaveText(supportMessage('errors.noCharacterHere'));
    await expect(message).toBeFocused();
    await expectSeen(message);
  });

  test('the first tap on Send focuses the e-mail to correct, in view, and it is announced with its problem as the focus lands', async ({
    page,
  }) => {
    await openFormAs(page, INQUIRY_ACCOUNTS.fillsForm);
    await chooseFirstGame(page);
    await page.getByRole('radio', { name: t('support', 'en', 'form.servicePlatform') }).check();
    await inquiryField(page, 'form.category').selectOption({ index: 1 });
    await inquiryField(page, 'form.titleLabel').fill('Payment missing');
    await inquiryField(page, 'form.content').fill('I paid yesterday but the gems never arrived.');
    await inquiryField(page, 'form.email').fill('nobody@');
    await page.getByTestId('inquiry-form').getByRole('checkbox').check();

    const focusSeen = await recordFocus(page);
    const send = page.getByTestId('inquiry-submit');
    await send.scrollIntoViewIfNeeded();
    await send.tap();
    // The address field itself, not the "E-mail" radio above it.
    const email = inquiryField(page, 'form.email');
    await expect(email).toBeFocused();
    await expectSeen(email);
    await expectSeen(fieldError(page, 'contact'));
    expect((await focusSeen()).at(-1)).toEqual({ invalid: 'true', description: supportMessage('errors.emailInvalid') });
  });

  for (const language of ['en', 'ar'] as const) {
    test(`two phone screenshots that differ only at the end of their names can be told apart in the list (${language})`, async ({
      page,
    }) => {
      const token = await tokenOf(INQUIRY_ACCOUNTS.attachesOnPhone);
      await page.goto(`${site()}/SupportCenter/inquiry?spec_lang=${language}&oauth_token=${token}`);
      await startNewIfAsked(page);
      const names = [1, 2].map((shot) => `Screenshot_20251128-221133_StarHarborGameClientCrashWhenOpeningInventory_${shot}.png`);
      const uploader = page.getByTestId('attachment-uploader');
      const uploaded = uploader.getByTestId('attachment-uploaded');
      await page
        .getByTestId('attachment-input')
        .setInputFiles(names.map((name) => ({ name, mimeType: 'image/png', buffer: noisePng(64) })));
      await expect(uploaded).toHaveCount(2);

      const rows = await uploaded.all();
      const shown = await Promise.all(rows.map((row) => shownText(row.locator('bdi'))));
      expect(shown[0]).not.toEqual(shown[1]);
      expect([...shown].sort()).toEqual(names);
      for (const [index, row] of rows.entries()) {
        const name = row.locator('bdi');
        await expect(name).toBeVisible();
        // Named in full for a screen reader too, on its own and on its Remove button.
        await expect(name).toHaveText(shown[index] ?? '');
        await expect(
          row.getByRole('button', { name: t('support', language, 'attachments.remove', { name: shown[index] ?? '' }) }),
        ).toBeVisible();
        // Laid out as the language reads: the picture at the start, the name's lines against the same side.
        const picture = await row.locator('img').boundingBox();
        const box = await name.boundingBox();
        const ends = await name.evaluate((element) => {
          const range = document.createRange();
          const text = element.firstChild as Text;
          range.setStart(text, text.length - 1);
          range.setEnd(text, text.length);
          const last = range.getBoundingClientRect();
          range.setStart(text, 0);
          range.setEnd(text, 1);
          const first = range.getBoundingClientRect();
          return { firstLeft: first.left, lastRight: last.right };
        });
        if (!picture || !box) throw new Error('the row is not laid out');
        if (language === 'ar') {
          expect(picture.x).toBeGreaterThan(box.x + box.width - 1);
          expect(ends.lastRight).toBeGreaterThan(box.x + box.width - 2);
        } else {
          expect(picture.x + picture.width).toBeLessThan(box.x + 1);
          expect(ends.firstLeft).toBeLessThan(box.x + 2);
        }
      }

      // Their places free again for the other language's run.
      for (const name of names) {
        await uploader.getByRole('button', { name: t('support', language, 'attachments.remove', { name }) }).tap();
      }
      await expect(uploaded).toHaveCount(0);
    });
  }
});

test('the lead dashboard’s range form: the day to correct has the focus and is announced with its problem as the focus lands', async ({
  page,
}) => {
  await logIn(page, LEAD);
  await page.goto(`${site()}/SupportCenter/agent/dashboard?spec_lang=en`);
  const dashboard = page.getByTestId('lead-dashboard');
  await dashboard.getByLabel(t('support', 'en', 'lead.from')).fill('2025-11-28');
  await dashboard.getByLabel(t('support', 'en', 'lead.to')).fill('2000-01-01');
  const focusSeen = await recordFocus(page);
  await dashboard.getByTestId('lead-show').click();
  const to = dashboard.getByLabel(t('support', 'en', 'lead.to'));
  await expect(to).toBeFocused();
  expect((await focusSeen()).at(-1)).toEqual({ invalid: 'true', description: t('support', 'en', 'errors.rangeReversed') });
});
