import { expect, test } from '@playwright/test';
import { AREA_DEFAULT_LANGUAGE, BRAND_IDS, BRANDS } from 'shared-contracts';
import { DEMO, MUTABLE, changePassword, logIn, logInThroughForm } from '../support/accounts.js';
import { dropLiveStream } from '../support/live-stream.js';
import { t } from '../support/locales.js';
import { PORTS, site } from '../support/ports.js';
import { callApi } from '../support/tickets-api.js';

/** A birthday as the user center writes it in that language. */
const longDate = (day: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

test.describe('user info (SPEC §3): account, phone or e-mail, birthday', () => {
  test('the demo player shows a birthday and phone, written for the language', async ({ page }) => {
    await logIn(page, DEMO.player1);
    await page.goto(`${site()}/UserCenter`);
    const details = page.getByTestId('account-details');
    await expect(details.getByTestId('detail-birthday')).toHaveText(longDate('1996-04-12', 'ko'));
    await expect(details.getByTestId('detail-phone')).toHaveText('+821012345678');
    await expect(details.getByTestId('detail-email')).toHaveText(DEMO.player1.email);
  });

  test('a player sets a birthday and phone: a bad date gets its message and keeps the input, a date set meanwhile elsewhere is locked, both show after a reload', async ({
    browser,
  }) => {
    const who = MUTABLE.setsProfile;
    const laptop = await browser.newPage();
    await logIn(laptop, who);
    await laptop.goto(`${site()}/UserCenter?spec_lang=en`);
    await expect(laptop.getByTestId('detail-birthday')).toHaveText(t('account', 'en', 'center.notSet'));
    const form = laptop.getByTestId('profile-form');
    const birthday = form.getByLabel(t('account', 'en', 'profile.birthday'));
    const phoneNumber = form.getByLabel(t('account', 'en', 'profile.phone'));
    await expect(form).toContainText(t('account', 'en', 'profile.birthdayHint'));

    await birthday.fill('2099-01-01');
    await phoneNumber.fill('+82 10 5555 0101');
    await form.getByTestId('profile-submit').click();
    await expect(form.getByRole('alert')).toHaveText(t('account', 'en', 'errors.birthdayInFuture'));
    await expect(birthday).toHaveValue('2099-01-01');
    await expect(phoneNumber).toHaveValue('+82 10 5555 0101');

    // Meanwhile the player saves a birthday on another device; this page's next save is refused by the server.
    const phone = await browser.newPage();
    await logIn(phone, who);
    await phone.goto(`${site()}/UserCenter?spec_lang=en`);
    const phoneForm = phone.getByTestId('profile-form');
    await phoneForm.getByLabel(t('account', 'en', 'profile.birthday')).fill('1998-04-05');
    await phoneForm.getByLabel(t('account', 'en', 'profile.phone')).fill('+82 10 5555 0101');
    await phoneForm.getByTestId('profile-submit').click();
    await expect(phoneForm.getByRole('status')).toHaveText(t('account', 'en', 'profile.saved'));
    await expect(phone.getByTestId('detail-birthday')).toHaveText(longDate('1998-04-05', 'en'));
    await expect(phoneForm.getByTestId('birthday-locked')).toHaveText(t('account', 'en', 'profile.birthdayLocked'));
    await phone.close();

    await birthday.fill('2000-01-01');
    await form.getByTestId('profile-submit').click();
    await expect(form.getByRole('alert')).toHaveText(t('account', 'en', 'errors.birthdayLocked'));
    await expect(birthday).toHaveValue('2000-01-01');

    await laptop.reload();
    await expect(laptop.getByTestId('detail-birthday')).toHaveText(longDate('1998-04-05', 'en'));
    await expect(laptop.getByTestId('detail-phone')).toHaveText('+821055550101');
    await expect(form.getByTestId('birthday-locked')).toBeVisible();
    await expect(form.getByTestId('birthday-input')).toHaveCount(0);
    // What this page typed and did not save is kept in the tab, as written.
    await expect(phoneNumber).toHaveValue('+82 10 5555 0101');
    await laptop.close();
  });

  test('the session ends while the player types a birthday and phone: after logging in again they are back in the form and save once', async ({
    page,
  }) => {
    const who = MUTABLE.profileThroughExpiry;
    // The live channel finds an ended session too, at once after a logout: kept out, so the save is what finds it.
    await dropLiveStream(page);
    await logIn(page, who);
    await page.goto(`${site()}/UserCenter?spec_lang=en`);
    const form = page.getByTestId('profile-form');
    const birthday = form.getByLabel(t('account', 'en', 'profile.birthday'));
    const phoneNumber = form.getByLabel(t('account', 'en', 'profile.phone'));
    await birthday.fill('1999-09-09');
    await phoneNumber.fill('+82 10 5555 0202');

    // The session ends on the server (another device logged out) just before the player saves.
    await callApi('logout', await page.evaluate(() => sessionStorage.getItem('oauth_token')), { body: {} });
    await form.getByTestId('profile-submit').click();
    const notice = page.getByTestId('user-center-notice');
    await expect(notice).toBeVisible();
    await expect(page.getByTestId('toasts')).toContainText(t('shell', 'en', 'session.expired'));

    // The notice's way to log in comes back to the user center, with what was typed.
    await notice.getByRole('link').click();
    const login = page.getByTestId('login-form');
    await login.getByLabel(/.+/).first().fill(who.account);
    await login.locator('input[type="password"]').fill(who.password);
    await login.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/UserCenter/);
    await expect(birthday).toHaveValue('1999-09-09');
    await expect(phoneNumber).toHaveValue('+82 10 5555 0202');
    await form.getByTestId('profile-submit').click();
    await expect(form.getByRole('status')).toHaveText(t('account', 'en', 'profile.saved'));
    await expect(page.getByTestId('detail-birthday')).toHaveText(longDate('1999-09-09', 'en'));
    await expect(page.getByTestId('detail-phone')).toHaveText('+821055550202');

    // Saved, the text is no longer kept: a reload shows the saved phone and the birthday locked.
    await page.reload();
    await expect(phoneNumber).toHaveValue('+821055550202');
    await expect(form.getByTestId('birthday-locked')).toBeVisible();
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('kept_fields:')))).toEqual([]);
  });
});

test.describe('account security on the brands without a user center (SPEC §1, §6)', () => {
  for (const id of BRAND_IDS.filter((brand) => !BRANDS[brand].userCenter)) {
    test(`on ${id} the side menu offers account security: password, e-mail and the other devices, without the profile`, async ({
      page,
    }) => {
      const language = AREA_DEFAULT_LANGUAGE[BRANDS[id].areas[0] ?? 'kr'];
      const host = `${id}.localhost`;
      await logIn(page, DEMO.player2, { host });
      await page.goto(`${site(host)}/`);
      await page.getByTestId('menu-button').click();
      const menu = page.getByTestId('side-menu');
      await expect(menu.getByTestId('menu-account-security')).toBeVisible();
      await expect(menu.getByTestId('menu-user-center')).toHaveCount(0);
      await menu.getByTestId('menu-account-security').click();
      await expect(page).toHaveURL(`${site(host)}/UserCenter`);
      await expect(page.getByTestId('page-title')).toHaveText(t('shell', language, 'titles.accountSecurity'));
      const security = page.getByTestId('account-security');
      // The intro names what the sections below it offer, the other devices included.
      await expect(security.getByTestId('account-security-intro')).toHaveText(
        t('account', language, 'security.intro', { account: DEMO.player2.account }),
      );
      await expect(security.getByTestId('change-password')).toBeVisible();
      await expect(security.getByTestId('bind-email')).toBeVisible();
      await expect(security.getByTestId('logout-others')).toContainText(t('account', language, 'sessions.submit'));
      await expect(page.getByTestId('profile-form')).toHaveCount(0);
      await expect(page.getByTestId('account-details')).toHaveCount(0);
    });
  }

  test('a social account on verda is offered the e-mail and the other devices, and the intro promises no password', async ({ page }) => {
    const host = 'verda.localhost';
    await page.goto(`${site(host)}/login?spec_lang=en`);
    await page.getByTestId('quick-login-google').click();
    await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${PORTS.oauth}/`));
    await page.locator('input[name="login"]').fill(`verda-security-${Math.random().toString(36).slice(2, 8)}`);
    await page.locator('input[name="password"]').fill('any-password');
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(`${site(host)}/`);
    await page.goto(`${site(host)}/UserCenter`);
    const security = page.getByTestId('account-security');
    await expect(security.getByTestId('bind-email')).toBeVisible();
    await expect(security.getByTestId('logout-others')).toBeVisible();
    await expect(security.getByTestId('change-password')).toHaveCount(0);
    // Its account is the provider's name and a hash (social-login.spec.ts).
    const intro = t('account', 'en', 'security.introNoPassword', { account: 'ACCOUNT' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(security.getByTestId('account-security-intro')).toHaveText(
      new RegExp(`^${intro.replace('ACCOUNT', 'google-[0-9a-f]{10}')}$`),
    );
  });

  test('a player of aurum changes the password there', async ({ browser, page }) => {
    const who = MUTABLE.securityOnly;
    const host = 'aurum.localhost';
    await logIn(page, who, { host });
    await page.goto(`${site(host)}/UserCenter?spec_lang=ko`);
    await changePassword(page, 'ko', who.password, 'aurum-new-pass-5');
    // A new device logs in with the new password.
    const other = await browser.newPage();
    await logInThroughForm(other, { account: who.account, password: 'aurum-new-pass-5' }, { host });
    await other.close();
  });
});
