import { expect, type Page } from '@playwright/test';
import { STORAGE_KEYS, type EndpointResponse, type Language } from 'shared-contracts';
import { toolApiClient } from 'tooling/api-client';
import { API_URL } from './api.js';
import { t } from './locales.js';
import { site } from './ports.js';

/** Demo accounts of the embedded database's seed (DESIGN §9). */
export const DEMO = {
  player1: { account: 'player1', password: 'player1-pass', email: 'player1@demo.example' },
  player2: { account: 'player2', password: 'player2-pass', email: 'player2@demo.example' },
} as const;

/**
 * The login form once the account remote has taken it over (its submit enabled), so what a test types goes to the
 * live form. Typing before and through the take-over is first-view.spec.ts's own test.
 */
export async function loginForm(page: Page) {
  const form = page.getByTestId('login-form');
  await expect(form.getByTestId('login-submit')).toBeEnabled();
  return form;
}

/** Where a test logs in: a brand's host on the browser tests' site, or another site (a topology's edge) and its API. */
type LoginPlace = { host?: string; origin?: never; apiUrl?: never } | { host?: never; origin: string; apiUrl: string };

/**
 * Logs in through the login page, as a player would, and waits until the session is kept; on the browser tests' site
 * (for a brand `host`) or another (`origin`). For the tests of logging in itself: every other test logs in with
 * logIn, which leaves the tab in the same state without loading the login page.
 */
export async function logInThroughForm(
  page: Page,
  who: { account: string; password: string },
  options: { remember?: boolean; host?: string; origin?: string } = {},
) {
  await page.goto(`${options.origin ?? site(options.host)}/login`);
  const form = await loginForm(page);
  await form.getByLabel(/.+/).first().fill(who.account);
  await form.locator('input[type="password"]').fill(who.password);
  if (options.remember) await form.locator('input[name="remember"]').check();
  await form.getByTestId('login-submit').click();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('oauth_token'))).not.toBeNull();
}

/** The password login the login page calls, made from the test: the API's answer with the session token. */
export function passwordLogin(
  who: { account: string; password: string },
  apiUrl: string = API_URL,
): Promise<EndpointResponse<'loginPassword'>> {
  return toolApiClient(apiUrl).call('loginPassword', { body: { account: who.account, password: who.password } });
}

/** An empty page the test answers itself, so a tab reaches the site's origin without loading anything from it. */
const BLANK_PATH = '/__e2e-blank__';

/**
 * Logs `who` in for a test that is not about logging in: the login page's password login, made through the API, and
 * its session kept in the tab's session storage (with `remember`, in local storage too) under the keys the apps read
 * at start-up, as the login form keeps it (`completeLogin`). The tab is left on an empty page of the site's origin:
 * its next page starts logged in. Loading and filling the login page took seconds per test; logInThroughForm and the
 * login tests cover it.
 */
export async function logIn(page: Page, who: { account: string; password: string }, options: LoginPlace & { remember?: boolean } = {}) {
  const session = await passwordLogin(who, options.apiUrl);
  const blank = `${options.origin ?? site(options.host)}${BLANK_PATH}`;
  // Its own icon: without one the browser asks the site for /favicon.ico, whose 404 a test watching the console for
  // errors could see after the page it checks has loaded.
  await page.route(blank, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>e2e</title><link rel="icon" href="data:,">' }),
  );
  await page.goto(blank);
  await page.unroute(blank);
  await page.evaluate(
    ({ keys, values, remember }) => {
      for (const storage of remember ? [sessionStorage, localStorage] : [sessionStorage]) {
        storage.setItem(keys.token, values.token);
        storage.setItem(keys.userName, values.account);
        storage.setItem(keys.type, values.type);
        storage.setItem(keys.role, values.role);
      }
    },
    { keys: STORAGE_KEYS, values: session, remember: options.remember ?? false },
  );
}

/**
 * Changes the logged-in player's password with the form of the page open on the user center (or account security), in
 * the page's `language`, and waits until the form says it is changed.
 */
export async function changePassword(page: Page, language: Language, from: string, to: string) {
  const form = page.getByTestId('change-password');
  const label = (key: string) => t('account', language, `password.${key}`);
  await form.getByLabel(label('current')).fill(from);
  await form.getByLabel(label('new'), { exact: true }).fill(to);
  await form.getByLabel(label('confirm')).fill(to);
  await form.getByRole('button', { name: label('submit') }).click();
  await expect(form.getByRole('status')).toHaveText(label('changed'));
}

/**
 * Accounts the browser tests change (password, e-mail), one per test so tests never share what they change.
 * The test run creates them with the operator command before the API starts (playwright.config.ts).
 */
export const MUTABLE = {
  changesPassword: { account: 'e2e-change', password: 'e2e-change-pass1', email: 'e2e-change@e2e.example' },
  forgetsPassword: { account: 'e2e-forgot', password: 'e2e-forgot-pass1', email: 'e2e-forgot@e2e.example' },
  bindsEmail: { account: 'e2e-bind', password: 'e2e-bind-pass1', email: null },
  /** A player with no tickets of their own yet, so the feedback dot starts out off. */
  readsFeedback: { account: 'e2e-feedback', password: 'e2e-feedback-pass1', email: null },
  /** A player whose conversation and dot follow an agent live (issue 15); no tickets yet, so the dot starts off. */
  followsLive: { account: 'e2e-live', password: 'e2e-live-pass1', email: null },
  /** A player whose open conversation fails to refresh while they write in it. */
  refreshesConversation: { account: 'e2e-refresh', password: 'e2e-refresh-pass1', email: null },
  /** A player with no birthday or phone yet, who sets them in the user center. */
  setsProfile: { account: 'e2e-profile', password: 'e2e-profile-pass1', email: null },
  /** A player with no birthday or phone yet, whose session ends while they type them in the user center. */
  profileThroughExpiry: { account: 'e2e-profile-expiry', password: 'e2e-profile-expiry-pass1', email: null },
  /** A player of the brands without a user center, who changes the password under account security. */
  securityOnly: { account: 'e2e-security', password: 'e2e-security-pass1', email: null },
  /** A player logged in on two devices who logs out of the other one from the user center. */
  logsOutOthers: { account: 'e2e-everywhere', password: 'e2e-everywhere-pass1', email: null },
  /** A player who types the account's name without a pause while the account remote takes the login form over: a long name. */
  typesThroughTakeOver: {
    account: 'e2e-typist-through-the-take-over-of-the-login-form-0123456789abc',
    password: 'e2e-typist-pass1',
    email: null,
  },
} as const;
