import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ACCOUNT_RULES, BRAND_IDS, ERROR_CODES, SOCIAL_PROVIDERS, type EndpointName, type SocialProvider } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, REPO_ROOT, loadConfig } from '../src/config.js';
import { readOAuthSettings } from '../src/oauth/config.js';
import { DEFAULT_IDENTITY_LIMITS } from '../src/identity/limits.js';
import { SOCIAL_LOGIN_TTL_MINUTES } from '../src/oauth/social-logins.js';
import { createTestApp, type TestApp } from './helpers.js';
import { bearer, call, createAccount, expectFailure, okData, unique } from './identity-helpers.js';
import { DEMO_CLIENTS, DEMO_EMAIL_DOMAIN, authorizeAs, startDemoOAuthServer, type DemoOAuthServer } from 'tooling/demo-oauth';

const run = promisify(execFile);

/**
 * Social logins (SPEC §6, §7) against a real OAuth 2 / OpenID Connect server in this process (oidc-provider), on a
 * real database: the player's part on the provider's pages is done with fetch.
 */

const SITE = 'http://nova.localhost:18080';
const OTHER_SITE = 'https://hikari.example.com';

const START: Record<SocialProvider, { name: EndpointName; query: string }> = {
  google: { name: 'socialStart', query: '?provider=google' },
  apple: { name: 'socialStart', query: '?provider=apple' },
  facebook: { name: 'socialStart', query: '?provider=facebook' },
  twitter: { name: 'twitterRedirect', query: '' },
  vk: { name: 'vkGenPkce', query: '' },
};
const COMPLETE: Record<SocialProvider, EndpointName> = {
  google: 'googleAuth',
  apple: 'appleAuth',
  facebook: 'facebookAuth',
  twitter: 'twitterAuth',
  vk: 'vkAuth',
};

const siteHeaders = (origin = SITE) => {
  const url = new URL(origin);
  return { 'x-forwarded-host': url.host, 'x-forwarded-proto': url.protocol.slice(0, -1) };
};

let server: DemoOAuthServer;
let harness: TestApp;

beforeAll(async () => {
  server = await startDemoOAuthServer({ redirectOrigins: [SITE, OTHER_SITE] });
  const { settings, problems } = readOAuthSettings(server.env);
  expect(problems).toEqual([]);
  harness = await createTestApp({ oauth: settings });
});

afterAll(async () => {
  await harness?.cleanup();
  await server?.close();
});

/** The test's browser: the social-login binding cookie the starts set, sent back as a browser would. */
const jar = { cookie: '' };
const inBrowser = (): Record<string, string> => (jar.cookie ? { cookie: jar.cookie } : {});

async function start(provider: SocialProvider, origin = SITE): Promise<URL> {
  const { name, query } = START[provider];
  // A client address of its own per start: one address may start only so many (socialStartsPerIp).
  const answer = await call(harness, name, { query, headers: { ...siteHeaders(origin), ...inBrowser() }, ip: unique().ip });
  const data = okData('socialStart', answer);
  jar.cookie = String(answer.headers['set-cookie']).split(';')[0]!;
  return new URL(data.authorizeUrl);
}

/** The query a landing page hands to the completion call: code, state, and iss / device_id when present. */
function completionQuery(back: URL, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const key of ['code', 'state', 'iss']) {
    const value = back.searchParams.get(key);
    if (value) query.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return `?${query.toString()}`;
}

async function logInWith(provider: SocialProvider, login: string) {
  const back = await authorizeAs((await start(provider)).href, login);
  const extra: Record<string, string> = provider === 'vk' ? { device_id: 'device-1' } : {};
  return call(harness, COMPLETE[provider], { headers: inBrowser(), query: completionQuery(back, extra) });
}

describe('start calls', () => {
  it('send the browser to the provider with state, PKCE S256, nonce for OpenID Connect, and our own landing page', async () => {
    for (const provider of ['google', 'apple', 'facebook', 'twitter', 'vk'] as const) {
      const url = await start(provider);
      expect(url.origin).toBe(server.issuer);
      const params = url.searchParams;
      expect(params.get('client_id')).toBe(DEMO_CLIENTS[provider].clientId);
      expect(params.get('response_type')).toBe('code');
      expect(params.get('redirect_uri')).toBe(`${SITE}${provider === 'vk' ? '/vkRedirect' : '/login'}`);
      expect(params.get('code_challenge_method')).toBe('S256');
      expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(params.has('nonce')).toBe(provider === 'google' || provider === 'apple');
    }
  });

  it('bind the login to the starting browser with a __Host- cookie, the same one for every login it starts', async () => {
    jar.cookie = '';
    const answer = await call(harness, 'socialStart', { query: '?provider=google', headers: siteHeaders(), ip: unique().ip });
    const cookie = String(answer.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-social_login=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=600; Secure; HttpOnly; SameSite=Lax$/);
    jar.cookie = cookie.split(';')[0]!;
    const again = await call(harness, 'twitterRedirect', { headers: { ...siteHeaders(), ...inBrowser() }, ip: unique().ip });
    expect(String(again.headers['set-cookie']).split(';')[0]).toBe(jar.cookie);
    const { rows } = await harness.db.query<{ binding_hash: string }>('SELECT binding_hash FROM oauth_logins ORDER BY id DESC LIMIT 1');
    expect(rows[0]?.binding_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.binding_hash).not.toContain(jar.cookie.split('=')[1]);
  });

  it('keep only a hash of the state and never the same state twice', async () => {
    const first = (await start('google')).searchParams.get('state') ?? '';
    const second = (await start('google')).searchParams.get('state') ?? '';
    expect(first).not.toBe(second);
    const { rows } = await harness.db.query<{ state_hash: string }>('SELECT state_hash FROM oauth_logins');
    expect(rows.map((row) => row.state_hash)).not.toContain(first);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.state_hash))).toBe(true);
  });

  it('build the return address on an allowed site origin only; others are refused', async () => {
    expect((await start('facebook', OTHER_SITE)).searchParams.get('redirect_uri')).toBe(`${OTHER_SITE}/login`);
    for (const headers of <Record<string, string>[]>[
      siteHeaders('http://evil.example'),
      siteHeaders('https://nova.localhost:18080'),
      { 'x-forwarded-host': 'nova.localhost:18081' },
      { 'x-forwarded-host': 'nova.localhost:18080', 'x-forwarded-proto': 'javascript' },
      {},
    ]) {
      expectFailure(await call(harness, 'socialStart', { query: '?provider=google', headers }), 400, ERROR_CODES.badRequest, 'redirectNotAllowed');
    }
    expectFailure(await call(harness, 'vkGenPkce', { headers: siteHeaders('http://evil.example') }), 400, ERROR_CODES.badRequest, 'redirectNotAllowed');
  });

  it(`allow ${DEFAULT_IDENTITY_LIMITS.socialStartsPerIp.max} starts per client address in ${DEFAULT_IDENTITY_LIMITS.socialStartsPerIp.windowSeconds / 60} minutes, whichever provider`, async () => {
    const ip = unique().ip;
    const providers = ['google', 'twitter', 'vk'] as const;
    for (let index = 0; index < DEFAULT_IDENTITY_LIMITS.socialStartsPerIp.max; index += 1) {
      const { name, query } = START[providers[index % providers.length]!];
      expect((await call(harness, name, { query, headers: siteHeaders(), ip })).status).toBe(200);
    }
    const refused = await call(harness, 'socialStart', { query: '?provider=google', headers: siteHeaders(), ip });
    expectFailure(refused, 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(harness, 'socialStart', { query: '?provider=google', headers: siteHeaders(), ip: unique().ip })).status).toBe(200);
  });

  it('refuse a provider this deployment has not configured', async () => {
    const only = await createTestApp({ oauth: { providers: {}, redirectOrigins: [SITE] } });
    try {
      expectFailure(await call(only, 'twitterRedirect', { headers: siteHeaders() }), 404, ERROR_CODES.notFound, 'socialProviderUnavailable');
      expectFailure(
        await call(only, 'socialStart', { query: '?provider=apple', headers: siteHeaders() }),
        404,
        ERROR_CODES.notFound,
        'socialProviderUnavailable',
      );
      expectFailure(
        await call(only, 'googleAuth', { query: `?code=abc&state=${'s'.repeat(43)}` }),
        404,
        ERROR_CODES.notFound,
        'socialProviderUnavailable',
      );
      expect(okData('loginConfig', await call(only, 'loginConfig')).providers).toEqual([]);
    } finally {
      await only.cleanup();
    }
    expect(okData('loginConfig', await call(harness, 'loginConfig')).providers).toEqual(['google', 'apple', 'facebook', 'twitter', 'vk']);
    expectFailure(await call(harness, 'socialStart', { query: '?provider=vk', headers: siteHeaders() }), 400, ERROR_CODES.badRequest, /provider/);
  });
});

describe('completion calls', () => {
  it('log in with each provider: a social account on the first login, the same account the next time', async () => {
    for (const provider of ['google', 'apple', 'facebook', 'twitter', 'vk'] as const) {
      const login = `player-${provider}`;
      const first = okData('googleAuth', await logInWith(provider, login));
      expect(first).toMatchObject({ type: 'THIRD_PARTY' });
      expect(first.account).toMatch(new RegExp(`^${provider}-[0-9a-f]{10}$`));
      const info = okData('usersInfo', await call(harness, 'usersInfo', { token: first.token }));
      expect(info).toMatchObject({ account: first.account, type: 'THIRD_PARTY', provider });
      // Only OpenID Connect providers vouch for an address (email_verified).
      expect(info.email).toBe(provider === 'google' || provider === 'apple' ? `${login}@${DEMO_EMAIL_DOMAIN}` : null);

      const again = okData('googleAuth', await logInWith(provider, login));
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
    const short = okData('googleAuth', await logInWith('google', 'player-short'));
    expect(new Date(short.expiresAt).getTime()).toBe(harness.clock.now().getTime() + ACCOUNT_RULES.sessionHours * 3_600_000);
    const back = await authorizeAs((await start('google')).href, 'player-remembered');
    const remembered = okData('googleAuth', await call(harness, 'googleAuth', { headers: inBrowser(), query: completionQuery(back, { remember: '1' }) }));
    expect(new Date(remembered.expiresAt).getTime()).toBe(harness.clock.now().getTime() + ACCOUNT_RULES.rememberedSessionHours * 3_600_000);
  });

  it('keep different people, and one person at different providers, apart', async () => {
    const alice = okData('googleAuth', await logInWith('twitter', 'alice-x'));
    const bob = okData('googleAuth', await logInWith('twitter', 'bob-x'));
    const aliceVk = okData('googleAuth', await logInWith('vk', 'alice-x'));
    expect(new Set([alice.account, bob.account, aliceVk.account]).size).toBe(3);
  });

  it('never takes over an address another account has bound', async () => {
    await createAccount(harness, { email: `taken@${DEMO_EMAIL_DOMAIN}` });
    const result = okData('googleAuth', await logInWith('google', 'taken'));
    expect(okData('usersInfo', await call(harness, 'usersInfo', { headers: bearer(result.token) })).email).toBeNull();
  });

  it('refuse a code and state brought by another browser, or none, and spend the state so it is worth nothing after', async () => {
    const back = await authorizeAs((await start('google')).href, 'victim-of-a-leak');
    const stranger = { cookie: `__Host-social_login=${'x'.repeat(43)}` };
    expectFailure(await call(harness, 'googleAuth', { headers: stranger, query: completionQuery(back) }), 401, ERROR_CODES.codeRejected, 'socialStateInvalid');
    expectFailure(await call(harness, 'googleAuth', { headers: inBrowser(), query: completionQuery(back) }), 401, ERROR_CODES.codeRejected, 'socialStateInvalid');
    const other = await authorizeAs((await start('google')).href, 'victim-of-a-leak');
    expectFailure(await call(harness, 'googleAuth', { query: completionQuery(other) }), 401, ERROR_CODES.codeRejected, 'socialStateInvalid');
    // The starting browser logs in with a fresh login as always.
    expect((await logInWith('google', 'victim-of-a-leak')).status).toBe(200);
  });

  it('accept a state once only', async () => {
    const back = await authorizeAs((await start('google')).href, 'once');
    okData('googleAuth', await call(harness, 'googleAuth', { headers: inBrowser(), query: completionQuery(back) }));
    expectFailure(await call(harness, 'googleAuth', { headers: inBrowser(), query: completionQuery(back) }), 401, ERROR_CODES.codeRejected, 'socialStateInvalid');
  });

  it('refuse a state of another provider, an unknown one and an expired one', async () => {
    const back = await authorizeAs((await start('facebook')).href, 'mixup');
    expectFailure(await call(harness, 'twitterAuth', { headers: inBrowser(), query: completionQuery(back) }), 401, ERROR_CODES.codeRejected, 'socialStateInvalid');
    // The mismatch used the state up: the right provider cannot be tried with it afterwards either.
    expectFailure(await call(harness, 'facebookAuth', { headers: inBrowser(), query: completionQuery(back) }), 401, ERROR_CODES.codeRejected, 'socialStateInvalid');

    expectFailure(
      await call(harness, 'facebookAuth', { query: `?code=abc&state=${'x'.repeat(43)}` }),
      401,
      ERROR_CODES.codeRejected,
      'socialStateInvalid',
    );

    const late = await authorizeAs((await start('vk')).href, 'late');
    harness.clock.advance({ minutes: SOCIAL_LOGIN_TTL_MINUTES, seconds: 1 });
    expectFailure(await call(harness, 'vkAuth', { headers: inBrowser(), query: completionQuery(late) }), 401, ERROR_CODES.codeRejected, 'socialStateInvalid');
  });

  it('answer a refused code or a wrong issuer with socialLoginFailed, never a server error', async () => {
    const url = await start('google');
    const back = await authorizeAs(url.href, 'badcode');
    back.searchParams.set('code', 'not-the-code');
    expectFailure(await call(harness, 'googleAuth', { headers: inBrowser(), query: completionQuery(back) }), 400, ERROR_CODES.badRequest, 'socialLoginFailed');

    const mixed = await authorizeAs((await start('apple')).href, 'mixed-issuer');
    mixed.searchParams.set('iss', 'https://attacker.example');
    expectFailure(await call(harness, 'appleAuth', { headers: inBrowser(), query: completionQuery(mixed) }), 400, ERROR_CODES.badRequest, 'socialLoginFailed');

    const plain = await authorizeAs((await start('twitter')).href, 'badcode2');
    plain.searchParams.set('code', 'forged');
    expectFailure(await call(harness, 'twitterAuth', { headers: inBrowser(), query: completionQuery(plain) }), 400, ERROR_CODES.badRequest, 'socialLoginFailed');
  });

  it('answer socialLoginFailed when the provider cannot be reached', async () => {
    const down = await startDemoOAuthServer({ redirectOrigins: [SITE] });
    const { settings } = readOAuthSettings(down.env);
    const app = await createTestApp({ oauth: settings });
    try {
      await down.close();
      expectFailure(await call(app, 'socialStart', { query: '?provider=google', headers: siteHeaders() }), 400, ERROR_CODES.badRequest, 'socialLoginFailed');
    } finally {
      await app.cleanup();
    }
  });

  it('validate the query like every call', async () => {
    expectFailure(await call(harness, 'googleAuth', { query: '?code=abc' }), 400, ERROR_CODES.badRequest, /state/);
    expectFailure(await call(harness, 'googleAuth', { query: `?code=abc&state=${'s'.repeat(43)}&extra=1` }), 400, ERROR_CODES.badRequest, /extra/);
  });
});

describe('configuration', () => {
  it('reads every provider from OAUTH_* variables, with the providers\' public endpoints by default', () => {
    const config = loadConfig({
      OAUTH_GOOGLE_CLIENT_ID: 'g',
      OAUTH_GOOGLE_CLIENT_SECRET: 'gs',
      OAUTH_VK_CLIENT_ID: 'v',
      OAUTH_REDIRECT_ORIGINS: 'https://www.example.com, http://nova.localhost:8080',
    });
    expect(config.oauth).toEqual({
      providers: {
        google: { kind: 'oidc', clientId: 'g', clientSecret: 'gs', scope: 'openid email', issuer: 'https://accounts.google.com' },
        vk: {
          kind: 'oauth2',
          clientId: 'v',
          clientSecret: null,
          scope: 'vkid.personal_info',
          authorizationEndpoint: 'https://id.vk.com/authorize',
          tokenEndpoint: 'https://id.vk.com/oauth2/auth',
          userinfoEndpoint: 'https://id.vk.com/oauth2/user_info',
        },
      },
      redirectOrigins: ['https://www.example.com', 'http://nova.localhost:8080'],
    });
  });

  it('stops the start on endpoints without https (except this machine) and on origins that are not origins', () => {
    const attempt = () =>
      loadConfig({
        OAUTH_GOOGLE_CLIENT_ID: 'g',
        OAUTH_GOOGLE_ISSUER: 'http://accounts.example.com',
        OAUTH_FACEBOOK_CLIENT_ID: 'f',
        OAUTH_FACEBOOK_TOKEN_ENDPOINT: 'not a url',
        OAUTH_APPLE_CLIENT_ID: 'a',
        OAUTH_APPLE_SCOPE: 'email',
        OAUTH_REDIRECT_ORIGINS: 'https://www.example.com/login',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/OAUTH_GOOGLE_ISSUER[\s\S]*OAUTH_APPLE_SCOPE[\s\S]*OAUTH_FACEBOOK_TOKEN_ENDPOINT[\s\S]*OAUTH_REDIRECT_ORIGINS/);
    expect(loadConfig({ OAUTH_TWITTER_CLIENT_ID: 't', OAUTH_TWITTER_TOKEN_ENDPOINT: 'http://127.0.0.1:9/token' }).oauth.providers.twitter)
      .toMatchObject({ tokenEndpoint: 'http://127.0.0.1:9/token' });
  });

  it('npm start offers all five quick logins with the demo provider, returning to every brand host', async () => {
    // The very step tooling/scripts/start.sh takes: the demo provider's variables, as the script reads them.
    const { stdout } = await run('pnpm', ['--silent', '--filter', 'tooling', 'run', 'demo-oauth', 'env', '--port', '8070', '--site-port', '8080'], { cwd: REPO_ROOT });
    const env = Object.fromEntries(
      stdout.trim().split('\n').map((line) => /^export ([A-Z_]+)='(.*)'$/.exec(line)!.slice(1, 3) as [string, string]),
    );
    const config = loadConfig(env);
    expect(config.oauthProviders).toEqual([...SOCIAL_PROVIDERS]);
    for (const brand of BRAND_IDS) expect(config.oauth.redirectOrigins).toContain(`http://${brand}.localhost:8080`);
  });
});

