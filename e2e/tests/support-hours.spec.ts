import { expect, test } from '@playwright/test';
import { INQUIRY, inquiryField } from '../support/inquiry-form.js';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';

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
    const title = await inquiryField(page, 'form.titleLabel').boundingBox();
    const category = await inquiryField(page, 'form.category').boundingBox();
    const submit = await page.getByTestId('inquiry-submit').boundingBox();
    for (const box of [title, category, submit]) expect(box?.width).toBeCloseTo(form?.width ?? 0, 0);
  });
});
