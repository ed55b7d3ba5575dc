import { expect, test } from '@playwright/test';
import { LANGUAGE_NAMES } from 'shared-contracts';
import { loginForm } from '../support/accounts.js';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';

test.describe('the login form across a language change (SPEC §4)', () => {
  test('the globe reloads the login page in the new language with the account typed, the password empty and never stored', async ({
    page,
  }) => {
    const typed = { account: 'e2e-language@e2e.example', password: 'language-secret-1' };
    // atlas serves sea, whose players have a language globe.
    await page.goto(`${site('atlas.localhost')}/login?spec_lang=en`);
    let form = await loginForm(page);
    await form.getByLabel(t('account', 'en', 'login.account'), { exact: true }).fill(typed.account);
    await form.locator('input[type="password"]').fill(typed.password);

    await page.getByTestId('language-globe').click();
    await page.getByTestId('language-popup').getByRole('button', { name: LANGUAGE_NAMES.vi }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    form = await loginForm(page);
    await expect(form.getByRole('heading', { level: 2 })).toHaveText(t('account', 'vi', 'login.title'));
    await expect(form.getByLabel(t('account', 'vi', 'login.account'), { exact: true })).toHaveValue(typed.account);
    await expect(form.locator('input[type="password"]')).toHaveValue('');
    const stored = await page.evaluate(() => JSON.stringify([Object.entries(sessionStorage), Object.entries(localStorage)]));
    expect(stored).not.toContain(typed.password);
  });
});
