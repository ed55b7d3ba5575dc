import { expect, test } from '@playwright/test';
import { AREA_DEFAULT_LANGUAGE, BRANDS, BRAND_IDS } from 'shared-contracts';
import { DEMO, MUTABLE, logIn, loginForm } from '../support/accounts.js';
import { t } from '../support/locales.js';
import { codeSentTo } from '../support/mailbox.js';
import { PORTS, site } from '../support/ports.js';

/** Ends a session as another device would see it: the API revokes the token (the next call answers -600). */
async function revoke(token: string) {
  const response = await fetch(`http://127.0.0.1:${PORTS.api}/website/login/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect((await response.json()) as { code: number }).toMatchObject({ code: 1 });
}

test.describe('login (SPEC §2, §4, §8)', () => {
  test('a wrong password shows "Incorrect account or password." and keeps what was typed', async ({ page }) => {
    await page.goto(`${site()}/login`);
    const form = await loginForm(page);
    await form.getByLabel(t('account', 'ko', 'login.account')).fill(DEMO.player1.account);
    await form.getByLabel(t('account', 'ko', 'login.password')).fill('not-the-password1');
    await form.getByTestId('login-submit').click();
    await expect(form.getByRole('alert')).toHaveText(t('account', 'ko', 'errors.invalidCredentials'));
    await expect(form.getByLabel(t('account', 'ko', 'login.account'))).toHaveValue(DEMO.player1.account);
    expect(await page.evaluate(() => sessionStorage.getItem('oauth_token'))).toBeNull();
  });

  test('a refusal the page has no message for says "Login failed." and keeps what was typed', async ({ page }) => {
    await page.route('**/api/website/login/password**', (route) => route.fulfill({ json: { code: 5000, msg: 'somethingNobodyExpected', data: null } }));
    await page.goto(`${site()}/login?spec_lang=en`);
    const form = await loginForm(page);
    await form.getByLabel(t('account', 'en', 'login.account')).fill(DEMO.player1.account);
    await form.getByLabel(t('account', 'en', 'login.password')).fill(DEMO.player1.password);
    await form.getByTestId('login-submit').click();
    await expect(form.getByRole('alert')).toHaveText(t('account', 'en', 'errors.loginFailed'));
    await expect(form.getByLabel(t('account', 'en', 'login.account'))).toHaveValue(DEMO.player1.account);
    await expect(form.getByLabel(t('account', 'en', 'login.password'))).toHaveValue(DEMO.player1.password);
  });

  test('the form checks the rules of the shared schema before calling the API', async ({ page }) => {
    await page.goto(`${site()}/login?spec_lang=en`);
    const form = await loginForm(page);
    await form.getByLabel(t('account', 'en', 'login.account')).fill('a');
    await form.getByTestId('login-submit').click();
    await expect(form.getByText(t('account', 'en', 'errors.accountTooShort').replace('{{accountMin}}', '3'))).toBeVisible();
    await expect(form.getByText(t('account', 'en', 'errors.passwordRequired'))).toBeVisible();
  });

  test('a password login returns to where login was asked for, and the side menu knows the player', async ({ page }) => {
    await page.goto(`${site()}/login?redirect=${encodeURIComponent('/GamesDetails/2')}`);
    const form = await loginForm(page);
    await form.getByLabel(t('account', 'ko', 'login.account')).fill(DEMO.player1.account);
    await form.getByLabel(t('account', 'ko', 'login.password')).fill(DEMO.player1.password);
    await form.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/GamesDetails\/2$/);
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('menu-logout')).toBeVisible();
    await expect(page.getByTestId('menu-user-center')).toBeVisible();
    await expect(page.getByTestId('menu-login')).toHaveCount(0);
  });

  test('a login never sends the player to another site', async ({ page }) => {
    await logIn(page, DEMO.player1);
    await page.goto(`${site()}/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
    await page.getByTestId('account-logged-in').getByRole('button').first().click();
    await expect(page).toHaveURL(`${site()}/`);
  });

  test('remember me keeps the login in a new browser session; without it the login ends with the session', async ({ browser }) => {
    for (const remember of [true, false]) {
      const first = await browser.newContext();
      const page = await first.newPage();
      await logIn(page, DEMO.player1, { remember });
      const state = await first.storageState();
      await first.close();
      expect(JSON.stringify(state)).not.toContain(DEMO.player1.password);

      // A new context gets local storage back (a browser restart) but never session storage.
      const second = await browser.newContext({ storageState: state });
      const again = await second.newPage();
      await again.goto(`${site()}/UserCenter`);
      if (remember) await expect(again.getByTestId('account-details')).toContainText(DEMO.player1.account);
      else await expect(again.getByTestId('user-center-notice')).toContainText(t('common', 'ko', 'errors.loginFirst'));
      await second.close();
    }
  });

  test('a token in the URL is checked with /website/login/auth (in a header), logs the player in and leaves the address bar; an unknown one changes nothing', async ({ browser, page }) => {
    const other = await browser.newPage();
    await logIn(other, DEMO.player1);
    const token = await other.evaluate(() => sessionStorage.getItem('oauth_token'));
    await other.close();

    const checks: { url: string; authorization: string | undefined }[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/website/login/auth')) checks.push({ url: request.url(), authorization: request.headers().authorization });
    });
    await page.goto(`${site()}/UserCenter?oauth_token=${token}`);
    await expect(page.getByTestId('account-details')).toContainText(DEMO.player1.account);
    expect(page.url()).not.toContain('oauth_token');
    expect(checks).toEqual([{ url: expect.not.stringContaining(token ?? '-') as unknown as string, authorization: `Bearer ${token}` }]);
    // A link with a token the API does not know neither logs this player out nor anyone in.
    await page.goto(`${site()}/UserCenter?oauth_token=not-a-real-token-0000000000`);
    await expect(page.getByTestId('account-details')).toContainText(DEMO.player1.account);
    const fresh = await browser.newPage();
    await fresh.goto(`${site()}/UserCenter?oauth_token=not-a-real-token-0000000000`);
    await expect(fresh.getByTestId('user-center-notice')).toBeVisible();
    await fresh.close();
  });
});

test.describe('guests (SPEC §6)', () => {
  test('continue as guest goes back, and the user center asks a guest to log in first', async ({ page }) => {
    await page.goto(`${site()}/login?redirect=${encodeURIComponent('/GamesDetails/3')}`);
    await page.getByTestId('continue-as-guest').click();
    await expect(page).toHaveURL(/\/GamesDetails\/3$/);
    await page.goto(`${site()}/UserCenter`);
    const notice = page.getByTestId('user-center-notice');
    await expect(notice).toContainText(t('common', 'ko', 'errors.loginFirst'));
    await notice.getByRole('link').click();
    await expect(page).toHaveURL(/\/login\?redirect=%2FUserCenter$/);
  });

  test('brands without a user center ask a guest to log in for account security', async ({ page }) => {
    await page.goto(`${site('verda.localhost')}/UserCenter`);
    const notice = page.getByTestId('user-center-notice');
    await expect(notice).toContainText(t('account', 'en', 'security.title'));
    await expect(notice).toContainText(t('common', 'en', 'errors.loginFirst'));
  });
});

/** A birthday as the user center writes it in that language. */
const longDate = (day: string, language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

test.describe('user info (SPEC §3): account, phone or e-mail, birthday', () => {
  test('the demo player shows a birthday and phone, written for the language', async ({ page }) => {
    await logIn(page, DEMO.player1);
    await page.goto(`${site()}/UserCenter`);
    const details = page.getByTestId('account-details');
    await expect(details.getByTestId('detail-birthday')).toHaveText(longDate('1996-04-12', 'ko'));
    await expect(details.getByTestId('detail-phone')).toHaveText('+821012345678');
    await expect(details.getByTestId('detail-email')).toHaveText(DEMO.player1.email);
  });

  test('a player sets a birthday and phone: a bad date gets its message and keeps the input, a date set meanwhile elsewhere is locked, both show after a reload', async ({ browser }) => {
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
    await expect(phoneNumber).toHaveValue('+821055550101');
    await laptop.close();
  });
});

test.describe('account security on the brands without a user center (SPEC §1, §6)', () => {
  for (const id of BRAND_IDS.filter((brand) => !BRANDS[brand].userCenter)) {
    test(`on ${id} the side menu offers account security: password and e-mail, without the profile`, async ({ page }) => {
      const language = AREA_DEFAULT_LANGUAGE[BRANDS[id].areas[0] ?? 'kr'];
      const host = `${id}.localhost`;
      await logIn(page, DEMO.player2, { host });
      await page.goto(`${site(host)}/`);
      await page.getByTestId('menu-button').click();
      const menu = page.getByTestId('side-menu');
      await expect(menu.getByTestId('menu-user-center')).toHaveCount(0);
      await menu.getByTestId('menu-account-security').click();
      await expect(page).toHaveURL(`${site(host)}/UserCenter`);
      await expect(page.getByTestId('page-title')).toHaveText(t('shell', language, 'titles.accountSecurity'));
      const security = page.getByTestId('account-security');
      await expect(security).toContainText(t('account', language, 'security.intro', { account: DEMO.player2.account }));
      await expect(security.getByTestId('change-password')).toBeVisible();
      await expect(security.getByTestId('bind-email')).toBeVisible();
      await expect(page.getByTestId('profile-form')).toHaveCount(0);
      await expect(page.getByTestId('account-details')).toHaveCount(0);
    });
  }

  test('a player of aurum changes the password there', async ({ browser, page }) => {
    const who = MUTABLE.securityOnly;
    const host = 'aurum.localhost';
    await logIn(page, who, { host });
    await page.goto(`${site(host)}/UserCenter?spec_lang=ko`);
    const form = page.getByTestId('change-password');
    await form.getByLabel(t('account', 'ko', 'password.current')).fill(who.password);
    await form.getByLabel(t('account', 'ko', 'password.new'), { exact: true }).fill('aurum-new-pass-5');
    await form.getByLabel(t('account', 'ko', 'password.confirm')).fill('aurum-new-pass-5');
    await form.getByRole('button', { name: t('account', 'ko', 'password.submit') }).click();
    await expect(form.getByRole('status')).toHaveText(t('account', 'ko', 'password.changed'));
    // A new device logs in with the new password.
    const other = await browser.newPage();
    await logIn(other, { account: who.account, password: 'aurum-new-pass-5' }, { host });
    await other.close();
  });
});

test.describe('session lifecycle (SPEC §4)', () => {
  test('logout from the user center ends the session and goes home', async ({ page }) => {
    await logIn(page, DEMO.player1);
    await page.goto(`${site()}/UserCenter`);
    const token = await page.evaluate(() => sessionStorage.getItem('oauth_token'));
    await page.getByTestId('user-center-logout').click();
    await expect(page).toHaveURL(`${site()}/`);
    await expect(page.getByTestId('toasts')).toContainText(t('common', 'ko', 'session.loggedOut'));
    expect(await page.evaluate(() => [sessionStorage.getItem('oauth_token'), localStorage.getItem('oauth_token')])).toEqual([null, null]);
    // The server revokes the token just after the page has logged out.
    await expect
      .poll(async () => {
        const check = await fetch(`http://127.0.0.1:${PORTS.api}/website/login/auth?oauth_token=${token}`);
        return ((await check.json()) as { code: number }).code;
      })
      .toBe(-600);
  });

  test('a -600 from any call logs the player out in every app at once', async ({ page }) => {
    await logIn(page, DEMO.player1, { remember: true });
    await page.goto(`${site()}/UserCenter`);
    await expect(page.getByTestId('account-details')).toBeVisible();
    const token = await page.evaluate(() => sessionStorage.getItem('oauth_token'));
    await revoke(token ?? '');
    // Away and back without a reload: the user center's next call answers -600.
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-home').click();
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-user-center').click();
    await expect(page.getByTestId('user-center-notice')).toBeVisible();
    await expect(page.getByTestId('toasts')).toContainText(t('shell', 'ko', 'session.expired'));
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('menu-login')).toBeVisible();
    await expect(page.getByTestId('menu-logout')).toHaveCount(0);
    expect(await page.evaluate(() => [sessionStorage.getItem('oauth_token'), localStorage.getItem('oauth_token')])).toEqual([null, null]);
  });

  test('changing the password ends the other sessions and keeps this one', async ({ browser }) => {
    const who = MUTABLE.changesPassword;
    const phone = await browser.newPage();
    await logIn(phone, who);
    const laptop = await browser.newPage();
    await logIn(laptop, who);
    await laptop.goto(`${site()}/UserCenter?spec_lang=en`);
    const form = laptop.getByTestId('change-password');
    await form.getByLabel(t('account', 'en', 'password.current')).fill(who.password);
    await form.getByLabel(t('account', 'en', 'password.new'), { exact: true }).fill('a-new-pass-42');
    await form.getByLabel(t('account', 'en', 'password.confirm')).fill('a-new-pass-42');
    await form.getByRole('button', { name: t('account', 'en', 'password.submit') }).click();
    await expect(form.getByRole('status')).toHaveText(t('account', 'en', 'password.changed'));

    await laptop.reload();
    await expect(laptop.getByTestId('account-details')).toContainText(who.account);
    await phone.goto(`${site()}/UserCenter`);
    await expect(phone.getByTestId('user-center-notice')).toBeVisible();
    await phone.close();
    await laptop.close();
  });
});

test.describe('forgot password and e-mail verification (SPEC §2 security settings)', () => {
  test('forgot password: a code by e-mail, a new password, and a login with it', async ({ page }) => {
    const who = MUTABLE.forgetsPassword;
    await page.goto(`${site()}/login?spec_lang=en`);
    await page.getByTestId('forgot-password').click();
    const form = page.getByTestId('forgot-form');
    const since = Date.now();
    await form.getByLabel(t('account', 'en', 'forgot.email')).fill(who.email);
    await form.getByRole('button', { name: t('account', 'en', 'forgot.send') }).click();
    const code = await codeSentTo(who.email, since);
    await form.getByLabel(t('account', 'en', 'forgot.code')).fill(code);
    await form.getByLabel(t('account', 'en', 'forgot.newPassword'), { exact: true }).fill('recovered-pass-7');
    await form.getByLabel(t('account', 'en', 'forgot.confirmPassword')).fill('recovered-pass-7');
    await form.getByRole('button', { name: t('account', 'en', 'forgot.submit') }).click();
    await expect(page.getByTestId('login-form')).toContainText(t('account', 'en', 'forgot.done'));
    await logIn(page, { account: who.account, password: 'recovered-pass-7' });
  });

  test('binding an e-mail: the current password first (a wrong one is refused, keeping what was typed), send the code, resend waits, bind, and the account shows it', async ({ page }) => {
    const who = MUTABLE.bindsEmail;
    const address = 'e2e-bind-new@e2e.example';
    await logIn(page, who);
    await page.goto(`${site()}/UserCenter?spec_lang=en`);
    const section = page.getByTestId('bind-email');
    const password = section.getByLabel(t('account', 'en', 'password.current'));
    await section.getByLabel(t('account', 'en', 'email.address')).fill(address);
    await section.getByTestId('send-code').click();
    await expect(section.getByRole('alert')).toHaveText(t('account', 'en', 'errors.passwordRequired'));
    await password.fill('not-my-password-1');
    await section.getByTestId('send-code').click();
    await expect(section.getByRole('alert')).toHaveText(t('account', 'en', 'errors.currentPasswordWrong'));
    await expect(section.getByLabel(t('account', 'en', 'email.address'))).toHaveValue(address);
    await expect(password).toHaveValue('not-my-password-1');
    await password.fill(who.password);
    const since = Date.now();
    await section.getByTestId('send-code').click();
    await expect(section.getByTestId('send-code')).toBeDisabled();
    const code = await codeSentTo(address, since);
    await section.getByLabel(t('account', 'en', 'email.code')).fill(code);
    await section.getByTestId('bind-submit').click();
    await expect(section.getByRole('status')).toHaveText(t('account', 'en', 'email.bound'));
    await expect(page.getByTestId('account-details')).toContainText(address);
  });
});

test.describe('account remote standalone (DESIGN §3)', () => {
  test('logs in alone against the real API', async ({ page }) => {
    await page.goto(`${site('nova.localhost', PORTS.account)}/login?spec_lang=en`);
    await expect(page.getByTestId('standalone-harness')).toBeVisible();
    const form = await loginForm(page);
    await form.getByLabel(t('account', 'en', 'login.account')).fill(DEMO.player2.account);
    await form.getByLabel(t('account', 'en', 'login.password')).fill(DEMO.player2.password);
    await form.getByTestId('login-submit').click();
    // Without the shell, going back is a page load: the logged-in page says so.
    await expect(page.getByTestId('account-logged-in')).toBeVisible();
    await page.goto(`${site('nova.localhost', PORTS.account)}/UserCenter`);
    await expect(page.getByTestId('account-details')).toContainText(DEMO.player2.account);
  });

  test('opens at the login page when started at /', async ({ page }) => {
    await page.goto(`${site('nova.localhost', PORTS.account)}/`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-form')).toBeVisible();
  });
});
