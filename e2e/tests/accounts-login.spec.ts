import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { totpCode } from 'api/testing/accounts';
import { DEMO, logInThroughForm, loginForm } from '../support/accounts.js';
import { DESK_ACCOUNTS } from '../support/desk-accounts.js';
import { t } from '../support/locales.js';
import { PORTS, site } from '../support/ports.js';

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
    await page.route('**/api/website/login/password**', (route) =>
      route.fulfill({ json: { code: 5000, msg: 'somethingNobodyExpected', data: null } }),
    );
    await page.goto(`${site()}/login?spec_lang=en`);
    const form = await loginForm(page);
    await form.getByLabel(t('account', 'en', 'login.account')).fill(DEMO.player1.account);
    await form.getByLabel(t('account', 'en', 'login.password')).fill(DEMO.player1.password);
    await form.getByTestId('login-submit').click();
    await expect(form.getByRole('alert')).toHaveText(t('account', 'en', 'errors.loginFailed'));
    await expect(form.getByLabel(t('account', 'en', 'login.account'))).toHaveValue(DEMO.player1.account);
    await expect(form.getByLabel(t('account', 'en', 'login.password'))).toHaveValue(DEMO.player1.password);
  });

  test("an agent with a second factor is asked for the authenticator's code after the right password; a wrong code is refused, the right one logs in", async ({
    page,
  }) => {
    const agent = DESK_ACCOUNTS.twoFactorAgent;
    const secret = readFileSync(process.env.TOTP_SECRET_FILE ?? 'TOTP_SECRET_FILE is not set', 'utf8').trim();
    const codeAt = (offsetMs: number) => totpCode(secret, agent.account, new Date(Date.now() + offsetMs));
    await page.goto(`${site()}/login?spec_lang=en`);
    const form = await loginForm(page);
    const accountField = form.getByLabel(t('account', 'en', 'login.account'));
    await accountField.fill(agent.account);
    await form.getByLabel(t('account', 'en', 'login.password')).fill(agent.password);
    await form.getByTestId('login-submit').click();
    await expect(form.getByRole('alert')).toHaveText(t('account', 'en', 'errors.otpRequired'));
    const otp = form.getByLabel(t('account', 'en', 'login.otp'));
    await expect(otp).toBeFocused();
    await expect(accountField).toHaveValue(agent.account);

    // A code of no time step near now (the API allows one step either way).
    const near = [-30_000, 0, 30_000].map(codeAt);
    const wrong = ['000000', '111111', '222222'].find((code) => !near.includes(code)) ?? 'missing';
    await otp.fill(wrong);
    await form.getByTestId('login-submit').click();
    await expect(form.getByRole('alert')).toHaveText(t('account', 'en', 'errors.otpInvalid'));
    expect(await page.evaluate(() => sessionStorage.getItem('oauth_token'))).toBeNull();

    await otp.fill(codeAt(0));
    await form.getByTestId('login-submit').click();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('self_username'))).toBe(agent.account);
    expect(await page.evaluate(() => sessionStorage.getItem('self_role'))).toBe('agent');
  });

  test('the form checks the rules of the shared schema before calling the API', async ({ page }) => {
    await page.goto(`${site()}/login?spec_lang=en`);
    const form = await loginForm(page);
    await form.getByLabel(t('account', 'en', 'login.account')).fill('a');
    await form.getByTestId('login-submit').click();
    await expect(form.getByText(t('account', 'en', 'errors.accountTooShort').replace('{{accountMin}}', '3'))).toBeVisible();
    await expect(form.getByText(t('account', 'en', 'errors.passwordRequired'))).toBeVisible();
    // The focus goes to the first field to put right, not left on the button: with the account fixed, the password.
    await expect(form.getByLabel(t('account', 'en', 'login.account'))).toBeFocused();
    await page.keyboard.type('layer1');
    // Enter goes on to the empty password (the keyboard's key says "next"); there it sends the form, checked again.
    await page.keyboard.press('Enter');
    await expect(form.getByLabel(t('account', 'en', 'login.password'))).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(form.getByText(t('account', 'en', 'errors.accountTooShort').replace('{{accountMin}}', '3'))).toBeHidden();
    await expect(form.getByText(t('account', 'en', 'errors.passwordRequired'))).toBeVisible();
    await expect(form.getByLabel(t('account', 'en', 'login.password'))).toBeFocused();
  });

  test("the account and e-mail are typed as they are, and the keyboard's Enter goes from the account to the password, then logs in", async ({
    page,
  }) => {
    const en = (key: string) => t('account', 'en', key);
    await page.goto(`${site()}/login?spec_lang=en`);
    await loginForm(page);
    await page.getByTestId('forgot-password').click();
    const email = page.getByTestId('forgot-form').getByLabel(en('forgot.email'));
    for (const [name, value] of Object.entries({ autocapitalize: 'none', autocorrect: 'off', spellcheck: 'false', enterkeyhint: 'send' })) {
      await expect(email, name).toHaveAttribute(name, value);
    }
    await page.getByRole('button', { name: en('forgot.back') }).click();

    const form = await loginForm(page);
    const account = form.getByLabel(en('login.account'));
    const password = form.getByLabel(en('login.password'));
    // A phone's keyboard neither capitalises ("Player1") nor corrects what is typed there.
    for (const [name, value] of Object.entries({ autocapitalize: 'none', autocorrect: 'off', spellcheck: 'false', enterkeyhint: 'next' })) {
      await expect(account, name).toHaveAttribute(name, value);
    }
    await expect(password).toHaveAttribute('enterkeyhint', 'go');
    await account.fill(DEMO.player1.account);
    await account.press('Enter');
    // On to the password, without "Enter your password." for a field the player has not reached yet.
    await expect(password).toBeFocused();
    await expect(form.getByRole('alert')).toHaveCount(0);
    await password.fill(DEMO.player1.password);
    // With both typed, Enter in either logs in.
    await expect(account).toHaveAttribute('enterkeyhint', 'go');
    await password.press('Enter');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('self_username'))).toBe(DEMO.player1.account);
  });

  test('on a phone in landscape, a wrong password sent with the keyboard shows its message on the screen, the focus left in the password field', async ({
    browser,
  }) => {
    // 740 x 360: the message came out below the screen, under "Remember me", and the player saw nothing happen.
    const context = await browser.newContext({ viewport: { width: 740, height: 360 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${site()}/login`);
    const form = await loginForm(page);
    const password = form.getByLabel(t('account', 'ko', 'login.password'));
    await form.getByLabel(t('account', 'ko', 'login.account')).fill(DEMO.player2.account);
    await password.fill('not-the-password2');
    await password.press('Enter');
    const message = form.getByRole('alert');
    await expect(message).toHaveText(t('account', 'ko', 'errors.invalidCredentials'));
    await expect(message).toBeInViewport({ ratio: 1 });
    // The player types the password again: the focus stays there.
    await expect(password).toBeFocused();
    await context.close();
  });

  test('by keyboard, "Forgot password?" takes the focus to the e-mail field and "Back to login" to the login form', async ({ page }) => {
    const en = (key: string) => t('account', 'en', key);
    await page.goto(`${site()}/login?spec_lang=en`);
    await loginForm(page);
    await page.getByTestId('forgot-password').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('forgot-form').getByLabel(en('forgot.email'))).toBeFocused();
    await page.getByRole('button', { name: en('forgot.back') }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: en('login.title') })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('login-form').getByLabel(en('login.account'))).toBeFocused();
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
    await logInThroughForm(page, DEMO.player1);
    await page.goto(`${site()}/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
    await page.getByTestId('account-logged-in').getByRole('button').first().click();
    await expect(page).toHaveURL(`${site()}/`);
  });

  test('remember me keeps the login in a new browser session; without it the login ends with the session', async ({ browser }) => {
    // Two logins through the form (argon2id on the API) and four browser contexts: past 30 s on a busy machine.
    test.setTimeout(60_000);
    for (const remember of [true, false]) {
      const first = await browser.newContext();
      const page = await first.newPage();
      await logInThroughForm(page, DEMO.player1, { remember });
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

  test('a token in the URL is checked with /website/login/auth (in a header), logs the player in and leaves the address bar; an unknown one changes nothing', async ({
    browser,
    page,
  }) => {
    const other = await browser.newPage();
    await logInThroughForm(other, DEMO.player1);
    const token = await other.evaluate(() => sessionStorage.getItem('oauth_token'));
    await other.close();

    const checks: { url: string; authorization: string | undefined }[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/website/login/auth'))
        checks.push({ url: request.url(), authorization: request.headers().authorization });
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
  test('continue as guest goes back, the user center asks a guest to log in first, and a guest is not sent back to a page that asks again', async ({
    page,
  }) => {
    await page.goto(`${site()}/login?redirect=${encodeURIComponent('/GamesDetails/3')}`);
    await page.getByTestId('continue-as-guest').click();
    await expect(page).toHaveURL(/\/GamesDetails\/3$/);
    await page.goto(`${site()}/UserCenter`);
    const notice = page.getByTestId('user-center-notice');
    await expect(notice).toContainText(t('common', 'ko', 'errors.loginFirst'));
    await notice.getByRole('link').click();
    await expect(page).toHaveURL(/\/login\?redirect=%2FUserCenter$/);
    // Asked for by a page only a session can use: a guest goes where a guest may, not back to "log in first".
    await page.getByTestId('continue-as-guest').click();
    await expect(page).toHaveURL(`${site()}/`);
    await page.goto(`${site()}/login?redirect=${encodeURIComponent('/SupportCenter/history')}`);
    await page.getByTestId('continue-as-guest').click();
    await expect(page).toHaveURL(/\/SupportCenter\/game$/);
    await expect(page.getByTestId('login-prompt')).toHaveCount(0);
  });

  test('brands without a user center ask a guest to log in for account security', async ({ page }) => {
    await page.goto(`${site('verda.localhost')}/UserCenter`);
    const notice = page.getByTestId('user-center-notice');
    await expect(notice).toContainText(t('account', 'en', 'security.title'));
    await expect(notice).toContainText(t('common', 'en', 'errors.loginFirst'));
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
