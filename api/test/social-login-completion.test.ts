import { ACCOUNT_RULES, ERROR_CODES, type SocialProvider } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { readOAuthSettings } from '../src/oauth/config.js';
import { SOCIAL_LOGIN_TTL_MINUTES } from '../src/oauth/social-logins.js';
import { bearer, call, expectFailure, okData } from './api-calls.js';
import { createTestApp, harnessForFile } from './helpers.js';
import { createAccount } from './identity-helpers.js';
import { authorizeAs, DEMO_EMAIL_DOMAIN, startDemoOAuthServer } from 'tooling/demo-oauth';
import { completionQuery, createSocialLoginHarness, inBrowser, logInWith, SITE, siteHeaders, start } from './social-login-helpers.js';

const harness = harnessForFile(createSocialLoginHarness);

/** The landing page's completion call, in the browser that started the login, with what the provider sent back. */
const completeInBrowser = (provider: SocialProvider, back: URL, extra: Record<string, string> = {}) =>
  call(harness, `${provider}Auth`, { headers: inBrowser(harness), query: completionQuery(back, extra) });

describe('completion calls', () => {
  it('log in with each provider: a social account on the first login, the same account the next time', async () => {
    for (const provider of ['google', 'apple', 'facebook', 'twitter', 'vk'] as const) {
      const login = `player-${provider}`;
      const first = okData('googleAuth', await logInWith(harness, provider, login));
      expect(first).toMatchObject({ type: 'THIRD_PARTY' });
      expect(first.account).toMatch(new RegExp(`^${provider}-[0-9a-f]{10}$`));
      const info = okData('usersInfo', await call(harness, 'usersInfo', { token: first.token }));
      expect(info).toMatchObject({ account: first.account, type: 'THIRD_PARTY', provider });
      // Only OpenID Connect providers vouch for an address (email_verified).
      expect(info.email).toBe(provider === 'google' || provider === 'apple' ? `${login}@${DEMO_EMAIL_DOMAIN}` : null);

      const again = okData('googleAuth', await logInWith(harness, provider, login));
      expect(again.account).toBe(first.account);
      expect(again.token).not.toBe(first.token);
      const { rows } = await harness.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM account_identities WHERE provider = $1 AND subject = $2',
        [provider, login],
      );
      expect(rows[0]?.count).toBe(1);
    }
  });

  it('start a short session, or a remembered one when remember me was ticked', async () => {
    const short = okData('googleAuth', await logInWith(harness, 'google', 'player-short'));
    expect(new Date(short.expiresAt).getTime()).toBe(harness.clock.now().getTime() + ACCOUNT_RULES.sessionHours * 3_600_000);
    const back = await authorizeAs((await start(harness, 'google')).href, 'player-remembered');
    const remembered = okData('googleAuth', await completeInBrowser('google', back, { remember: '1' }));
    expect(new Date(remembered.expiresAt).getTime()).toBe(harness.clock.now().getTime() + ACCOUNT_RULES.rememberedSessionHours * 3_600_000);
  });

  it('keep different people, and one person at different providers, apart', async () => {
    const alice = okData('googleAuth', await logInWith(harness, 'twitter', 'alice-x'));
    const bob = okData('googleAuth', await logInWith(harness, 'twitter', 'bob-x'));
    const aliceVk = okData('googleAuth', await logInWith(harness, 'vk', 'alice-x'));
    expect(new Set([alice.account, bob.account, aliceVk.account]).size).toBe(3);
  });

  it('never takes over an address another account has bound', async () => {
    await createAccount(harness, { email: `taken@${DEMO_EMAIL_DOMAIN}` });
    const result = okData('googleAuth', await logInWith(harness, 'google', 'taken'));
    expect(okData('usersInfo', await call(harness, 'usersInfo', { headers: bearer(result.token) })).email).toBeNull();
  });

  it('refuse a code and state brought by another browser, or none, and spend the state so it is worth nothing after', async () => {
    const back = await authorizeAs((await start(harness, 'google')).href, 'victim-of-a-leak');
    const stranger = { cookie: `__Host-social_login=${'x'.repeat(43)}` };
    expectFailure(
      await call(harness, 'googleAuth', { headers: stranger, query: completionQuery(back) }),
      401,
      ERROR_CODES.codeRejected,
      'socialStateInvalid',
    );
    expectFailure(await completeInBrowser('google', back), 401, ERROR_CODES.codeRejected, 'socialStateInvalid');
    const other = await authorizeAs((await start(harness, 'google')).href, 'victim-of-a-leak');
    expectFailure(
      await call(harness, 'googleAuth', { query: completionQuery(other) }),
      401,
      ERROR_CODES.codeRejected,
      'socialStateInvalid',
    );
    // The starting browser logs in with a fresh login as always.
    expect((await logInWith(harness, 'google', 'victim-of-a-leak')).status).toBe(200);
  });

  it('accept a state once only', async () => {
    const back = await authorizeAs((await start(harness, 'google')).href, 'once');
    okData('googleAuth', await completeInBrowser('google', back));
    expectFailure(await completeInBrowser('google', back), 401, ERROR_CODES.codeRejected, 'socialStateInvalid');
  });

  it('refuse a state of another provider, an unknown one and an expired one', async () => {
    const back = await authorizeAs((await start(harness, 'facebook')).href, 'mixup');
    expectFailure(await completeInBrowser('twitter', back), 401, ERROR_CODES.codeRejected, 'socialStateInvalid');
    // The mismatch used the state up: the right provider cannot be tried with it afterwards either.
    expectFailure(await completeInBrowser('facebook', back), 401, ERROR_CODES.codeRejected, 'socialStateInvalid');

    expectFailure(
      await call(harness, 'facebookAuth', { query: `?code=abc&state=${'x'.repeat(43)}` }),
      401,
      ERROR_CODES.codeRejected,
      'socialStateInvalid',
    );

    const late = await authorizeAs((await start(harness, 'vk')).href, 'late');
    harness.clock.advance({ minutes: SOCIAL_LOGIN_TTL_MINUTES, seconds: 1 });
    expectFailure(await completeInBrowser('vk', late), 401, ERROR_CODES.codeRejected, 'socialStateInvalid');
  });

  it('answer a refused code or a wrong issuer with socialLoginFailed, never a server error', async () => {
    const url = await start(harness, 'google');
    const back = await authorizeAs(url.href, 'badcode');
    back.searchParams.set('code', 'not-the-code');
    expectFailure(await completeInBrowser('google', back), 400, ERROR_CODES.badRequest, 'socialLoginFailed');

    const mixed = await authorizeAs((await start(harness, 'apple')).href, 'mixed-issuer');
    mixed.searchParams.set('iss', 'https://attacker.example');
    expectFailure(await completeInBrowser('apple', mixed), 400, ERROR_CODES.badRequest, 'socialLoginFailed');

    const plain = await authorizeAs((await start(harness, 'twitter')).href, 'badcode2');
    plain.searchParams.set('code', 'forged');
    expectFailure(await completeInBrowser('twitter', plain), 400, ERROR_CODES.badRequest, 'socialLoginFailed');
  });

  it('answer socialLoginFailed when the provider cannot be reached', async () => {
    const down = await startDemoOAuthServer({ redirectOrigins: [SITE] });
    const { settings } = readOAuthSettings(down.env);
    const app = await createTestApp({ oauth: settings });
    try {
      await down.close();
      expectFailure(
        await call(app, 'socialStart', { query: '?provider=google', headers: siteHeaders() }),
        400,
        ERROR_CODES.badRequest,
        'socialLoginFailed',
      );
    } finally {
      await app.cleanup();
    }
  });

  it('validate the query like every call', async () => {
    expectFailure(await call(harness, 'googleAuth', { query: '?code=abc' }), 400, ERROR_CODES.badRequest, /state/);
    expectFailure(
      await call(harness, 'googleAuth', { query: `?code=abc&state=${'s'.repeat(43)}&extra=1` }),
      400,
      ERROR_CODES.badRequest,
      /extra/,
    );
  });
});
