import { expect, test, type Page } from '@playwright/test';
import { SOCIAL_PROVIDER_NAMES, type SocialProvider } from 'shared-contracts';
import { t } from '../support/locales.js';
import { PORTS, site } from '../support/ports.js';

/**
 * Social logins in a real browser (SPEC §6, §7): the quick-login button, the provider's own login page (a real
 * OAuth 2 / OpenID Connect server on PORTS.oauth standing in for all five providers), back to the site, logged in.
 */

const PROVIDERS: readonly SocialProvider[] = ['google', 'apple', 'facebook', 'twitter', 'vk'];
const PROVIDER_ORIGIN = `http://127.0.0.1:${PORTS.oauth}`;

let counter = 0;
/** A login name nobody else in this run uses: each one is a new person at the provider. */
function person(label: string): string {
  counter += 1;
  return `${label}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Clicks the provider's button on the login page and signs in as `login` on the provider's page. */
async function quickLogin(page: Page, provider: SocialProvider, login: string): Promise<void> {
  await page.getByTestId(`quick-login-${provider}`).click();
  await expect(page).toHaveURL(new RegExp(`^${PROVIDER_ORIGIN}/`));
  // The demo provider (the one npm start runs) says plainly whose sign-in it stands in for.
  const name = SOCIAL_PROVIDER_NAMES[provider];
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Sign in with ${name}`);
  await expect(page.getByText(`This is not ${name}.`)).toBeVisible();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.locator('form button[type="submit"]').click();
}

async function accountDetails(page: Page, host?: string): Promise<string> {
  await page.goto(`${site(host)}/UserCenter`);
  const details = page.getByTestId('account-details');
  await expect(details).toBeVisible();
  return (await details.locator('dd').first().textContent()) ?? '';
}

test.describe('social logins (SPEC §6, §7)', () => {
  test('the login page offers the five quick logins, named in the page language', async ({ page }) => {
    await page.goto(`${site()}/login?spec_lang=en`);
    const quick = page.getByTestId('quick-login');
    await expect(quick.getByRole('heading')).toHaveText(t('account', 'en', 'login.quickTitle'));
    for (const provider of PROVIDERS) {
      await expect(quick.getByTestId(`quick-login-${provider}`)).toHaveText(
        t('account', 'en', 'login.quickWith').replace('{{provider}}', SOCIAL_PROVIDER_NAMES[provider]),
      );
    }
  });

  for (const provider of PROVIDERS) {
    test(`${SOCIAL_PROVIDER_NAMES[provider]}: the provider's page, back to the site, logged in with a social account`, async ({ page }) => {
      const landings: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && frame.url().startsWith(site())) landings.push(frame.url());
      });
      // The landing's first view (the login form) is not what it shows: replaced, not hydrated into a mismatch.
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') problems.push(`${message.text()} ${message.location().url}`);
      });
      await page.goto(`${site()}/login`);
      await quickLogin(page, provider, person(provider));
      // Back on the site and home (nothing asked for another page); the answer has left the address bar.
      await expect(page).toHaveURL(`${site()}/`);
      expect(
        landings.some((url) => url.startsWith(`${site()}${provider === 'vk' ? '/vkRedirect' : '/login'}?`) && url.includes('code=')),
      ).toBe(true);
      expect(await page.evaluate(() => sessionStorage.getItem('oauth_token'))).not.toBeNull();
      expect(await page.evaluate(() => sessionStorage.getItem('account_social_login'))).toBeNull();
      expect(problems).toEqual([]);

      const account = await accountDetails(page);
      expect(account).toMatch(new RegExp(`^${provider}-[0-9a-f]{10}$`));
      await expect(page.getByTestId('account-details')).toContainText(
        t('account', 'ko', 'center.typeThirdParty').replace('{{provider}}', SOCIAL_PROVIDER_NAMES[provider]),
      );
      // A social account has no password to change.
      await expect(page.getByTestId('change-password')).toHaveCount(0);
    });
  }

  test('the same person logs into the same account again, also on another brand', async ({ browser }) => {
    const login = person('returning');
    const accounts: string[] = [];
    for (const host of ['nova.localhost', 'hikari.localhost']) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${site(host)}/login`);
      await quickLogin(page, 'google', login);
      await expect(page).toHaveURL(`${site(host)}/`);
      accounts.push(await accountDetails(page, host));
      await context.close();
    }
    expect(accounts[0]).toMatch(/^google-[0-9a-f]{10}$/);
    expect(accounts[1]).toBe(accounts[0]);
  });

  test('a social login returns to where login was asked for, and remember me keeps it', async ({ page }) => {
    await page.goto(`${site('hikari.localhost')}/login?redirect=${encodeURIComponent('/GamesDetails/2')}`);
    await page.getByTestId('login-form').locator('input[name="remember"]').check();
    await quickLogin(page, 'vk', person('returns'));
    await expect(page).toHaveURL(`${site('hikari.localhost')}/GamesDetails/2`);
    expect(await page.evaluate(() => localStorage.getItem('oauth_token'))).not.toBeNull();
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('menu-logout')).toBeVisible();
  });

  test('an answer used twice, or not started in this browser, is refused with a way back to the form', async ({ browser, page }) => {
    let landing = '';
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().includes('code=')) landing = frame.url();
    });
    await page.goto(`${site()}/login?spec_lang=en`);
    await quickLogin(page, 'twitter', person('replay'));
    await expect(page).toHaveURL(`${site()}/`);
    expect(landing).toContain('state=');

    // The same address in another browser (a copied link): refused, and the answer leaves the address bar.
    const other = await browser.newContext();
    const stranger = await other.newPage();
    await stranger.goto(`${landing}&spec_lang=en`);
    const refused = stranger.getByTestId('social-landing');
    await expect(refused.getByRole('alert')).toHaveText(t('account', 'en', 'errors.socialStateInvalid'));
    expect(stranger.url()).not.toContain('code=');
    await refused.getByTestId('social-back').click();
    await expect(stranger.getByTestId('login-form')).toBeVisible();
    expect(await stranger.evaluate(() => sessionStorage.getItem('oauth_token'))).toBeNull();
    await other.close();
  });
});
