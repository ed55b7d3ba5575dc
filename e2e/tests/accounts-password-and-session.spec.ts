import { expect, test } from '@playwright/test';
import { DEMO, MUTABLE, changePassword, logIn, logInThroughForm } from '../support/accounts.js';
import { dropLiveStream } from '../support/live-stream.js';
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

test.describe('session lifecycle (SPEC §4)', () => {
  test('logout from the user center ends the session and goes home', async ({ page }) => {
    await logIn(page, DEMO.player1);
    await page.goto(`${site()}/UserCenter`);
    const token = await page.evaluate(() => sessionStorage.getItem('oauth_token'));
    await page.getByTestId('user-center-logout').click();
    // The toast first: it shows for 2 s only, which a busy machine can spend on the address check.
    await expect(page.getByTestId('toasts')).toContainText(t('common', 'ko', 'session.loggedOut'));
    await expect(page).toHaveURL(`${site()}/`);
    expect(await page.evaluate(() => [sessionStorage.getItem('oauth_token'), localStorage.getItem('oauth_token')])).toEqual([null, null]);
    // The server revokes the token just after the page has logged out.
    await expect
      .poll(async () => {
        const check = await fetch(`http://127.0.0.1:${PORTS.api}/website/login/auth?oauth_token=${token}`);
        return ((await check.json()) as { code: number }).code;
      })
      .toBe(-600);
  });

  test("a -600 answering the user center's call logs the player out: the user center's notice, the shell's menu, a toast and both storages", async ({
    page,
  }) => {
    // The live channel finds an ended session too (at once after a logout) and logs out the same way: kept
    // out here, so the call that finds it is the user center's.
    await dropLiveStream(page);
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

  test('a logout in another tab of a kept login logs this tab out at once, and says so', async ({ page, context }) => {
    await logIn(page, DEMO.player1, { remember: true });
    await page.goto(`${site()}/UserCenter`);
    await expect(page.getByTestId('account-details')).toBeVisible();
    const other = await context.newPage();
    await other.goto(`${site()}/UserCenter`);
    await expect(other.getByTestId('account-details')).toBeVisible();
    await other.getByTestId('user-center-logout').click();
    await expect(other.getByTestId('toasts')).toContainText(t('common', 'ko', 'session.loggedOut'));

    // The first tab follows without a call of its own: not an expiry found at its next call.
    await expect(page.getByTestId('toasts')).toContainText(t('shell', 'ko', 'session.loggedOutElsewhere'));
    await expect(page.getByTestId('toasts')).not.toContainText(t('shell', 'ko', 'session.expired'));
    await expect(page.getByTestId('account-details')).toHaveCount(0);
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('menu-login')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('oauth_token'))).toBeNull();
  });

  test('changing the password ends the other sessions and keeps this one', async ({ browser }) => {
    const who = MUTABLE.changesPassword;
    const phone = await browser.newPage();
    await logIn(phone, who);
    const laptop = await browser.newPage();
    await logIn(laptop, who);
    await laptop.goto(`${site()}/UserCenter?spec_lang=en`);
    await changePassword(laptop, 'en', who.password, 'a-new-pass-42');

    await laptop.reload();
    await expect(laptop.getByTestId('account-details')).toContainText(who.account);
    await phone.goto(`${site()}/UserCenter`);
    await expect(phone.getByTestId('user-center-notice')).toBeVisible();
    await phone.close();
    await laptop.close();
  });
});

test.describe('log out of all other devices (ASVS 3.3.4)', () => {
  test('this device asks first, then stays logged in with the count ended; the other device is logged out at its next page with the expiry toast', async ({
    browser,
  }) => {
    const who = MUTABLE.logsOutOthers;
    const label = (key: string, values: Record<string, number> = {}) => t('account', 'en', `sessions.${key}`, values);
    // The phone: a remembered login (30 days), left open on the front page.
    const phone = await browser.newPage();
    // Its live channel would find the ended session too (at once after a logout) and log out the same way:
    // kept out here, so what logs the phone out is its next page's call.
    await dropLiveStream(phone);
    await logIn(phone, who, { remember: true });
    await phone.goto(`${site()}/UserCenter`);
    await expect(phone.getByTestId('account-details')).toContainText(who.account);
    await phone.getByTestId('menu-button').click();
    await phone.getByTestId('menu-home').click();
    await expect(phone.getByTestId('banner-carousel')).toBeVisible();

    const laptop = await browser.newPage();
    await logIn(laptop, who);
    await laptop.goto(`${site()}/UserCenter?spec_lang=en`);
    const section = laptop.getByTestId('logout-others');
    const open = section.getByRole('button', { name: label('submit') });
    const dialog = laptop.getByRole('dialog', { name: label('confirmTitle') });
    // Asked first, with Cancel focused: Escape leaves everything as it was and gives the focus back.
    await open.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(label('confirmBody'));
    await expect(dialog.getByRole('button', { name: label('cancel') })).toBeFocused();
    await laptop.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    // Then by keyboard: open, move to the confirmation, press it.
    await laptop.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: label('cancel') })).toBeFocused();
    await laptop.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: label('confirm') })).toBeFocused();
    await laptop.keyboard.press('Enter');
    await expect(section.getByRole('status')).toHaveText(label('done', { ended: 1 }));
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    // This device is still logged in, after a reload too.
    await laptop.reload();
    await expect(laptop.getByTestId('account-details')).toContainText(who.account);

    // The phone's next page asks the API with its ended session: -600, logged out with "Your session has expired".
    await phone.getByTestId('menu-button').click();
    await phone.getByTestId('menu-user-center').click();
    await expect(phone.getByTestId('user-center-notice')).toBeVisible();
    await expect(phone.getByTestId('toasts')).toContainText(t('shell', 'ko', 'session.expired'));
    expect(await phone.evaluate(() => [sessionStorage.getItem('oauth_token'), localStorage.getItem('oauth_token')])).toEqual([null, null]);

    // Pressed again with nothing left to end: said so, and still logged in.
    await open.click();
    await dialog.getByRole('button', { name: label('confirm') }).click();
    await expect(section.getByRole('status')).toHaveText(label('none'));
    await expect(laptop.getByTestId('account-details')).toContainText(who.account);
    await phone.close();
    await laptop.close();
  });
});

test('change password: the first field breaking a rule takes the focus; a wrong current password is named as such, and what was typed stays', async ({
  page,
}) => {
  const label = (key: string) => t('account', 'en', `password.${key}`);
  await logIn(page, DEMO.player2);
  await page.goto(`${site()}/UserCenter?spec_lang=en`);
  const form = page.getByTestId('change-password');
  // A new password that breaks the rules: its field takes the focus, the filled current password keeps its text.
  await form.getByLabel(label('current')).fill('not-my-password-2');
  await form.getByLabel(label('new'), { exact: true }).fill('short');
  await form.getByRole('button', { name: label('submit') }).click();
  await expect(form.getByLabel(label('new'), { exact: true })).toBeFocused();
  await expect(form.getByLabel(label('current'))).toHaveValue('not-my-password-2');
  await form.getByLabel(label('new'), { exact: true }).fill('a-new-pass-43');
  await form.getByLabel(label('confirm')).fill('a-new-pass-43');
  await form.getByRole('button', { name: label('submit') }).click();
  // It said "Incorrect account or password.", the login's words, to a player who typed no account.
  await expect(form.getByRole('alert')).toHaveText(t('account', 'en', 'errors.currentPasswordWrong'));
  await expect(form.getByLabel(label('current'))).toHaveValue('not-my-password-2');
  await expect(form.getByLabel(label('new'), { exact: true })).toHaveValue('a-new-pass-43');
});

test.describe('forgot password and e-mail verification (SPEC §2 security settings)', () => {
  test('forgot password: a code by e-mail, a new password, and a login with it', async ({ page }) => {
    const who = MUTABLE.forgetsPassword;
    await page.goto(`${site()}/login?spec_lang=en`);
    await page.getByTestId('forgot-password').click();
    const form = page.getByTestId('forgot-form');
    const since = Date.now();
    await form.getByLabel(t('account', 'en', 'forgot.email')).fill(who.email);
    await form.getByRole('button', { name: t('account', 'en', 'forgot.send') }).press('Enter');
    // Said where a screen reader hears it, and the focus on the field to fill next.
    await expect(form.locator('[aria-live="polite"]')).toHaveText(t('account', 'en', 'forgot.codeSent').replace('{{email}}', who.email));
    await expect(form.getByLabel(t('account', 'en', 'forgot.code'))).toBeFocused();
    const code = await codeSentTo(who.email, since);
    await form.getByLabel(t('account', 'en', 'forgot.code')).fill(code);
    await form.getByLabel(t('account', 'en', 'forgot.newPassword'), { exact: true }).fill('recovered-pass-7');
    await form.getByLabel(t('account', 'en', 'forgot.confirmPassword')).fill('recovered-pass-7');
    await form.getByRole('button', { name: t('account', 'en', 'forgot.submit') }).click();
    await expect(page.getByTestId('login-form')).toContainText(t('account', 'en', 'forgot.done'));
    await logInThroughForm(page, { account: who.account, password: 'recovered-pass-7' });
  });

  test('binding an e-mail: the current password first (a wrong one is refused, keeping what was typed), send the code, resend waits, bind, and the account shows it', async ({
    page,
  }) => {
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
    await section.getByTestId('send-code').press('Enter');
    await expect(section.getByTestId('send-code')).toBeDisabled();
    // The button pressed waits out the cool-down: the focus is on the code's field, not dropped to the page.
    await expect(section.getByLabel(t('account', 'en', 'email.code'))).toBeFocused();
    const code = await codeSentTo(address, since);
    await section.getByLabel(t('account', 'en', 'email.code')).fill(code);
    await section.getByTestId('bind-submit').press('Enter');
    await expect(section.getByRole('status')).toHaveText(t('account', 'en', 'email.bound'));
    await expect(section.getByRole('heading', { name: t('account', 'en', 'email.title') })).toBeFocused();
    await expect(page.getByTestId('account-details')).toContainText(address);
  });
});
