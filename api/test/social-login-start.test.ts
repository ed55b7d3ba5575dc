import { ERROR_CODES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IDENTITY_LIMITS } from '../src/identity/limits.js';
import { call, expectFailure, okData } from './api-calls.js';
import { createTestApp, harnessForFile } from './helpers.js';
import { unique } from './identity-helpers.js';
import { DEMO_CLIENTS } from 'tooling/demo-oauth';
import { createSocialLoginHarness, inBrowser, OTHER_SITE, SITE, siteHeaders, START, start } from './social-login-helpers.js';

const harness = harnessForFile(createSocialLoginHarness);

describe('start calls', () => {
  it('send the browser to the provider with state, PKCE S256, nonce for OpenID Connect, and our own landing page', async () => {
    for (const provider of ['google', 'apple', 'facebook', 'twitter', 'vk'] as const) {
      const url = await start(harness, provider);
      expect(url.origin).toBe(harness.server.issuer);
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
    harness.jar.cookie = '';
    const answer = await call(harness, 'socialStart', { query: '?provider=google', headers: siteHeaders(), ip: unique().ip });
    const cookie = String(answer.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-social_login=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=600; Secure; HttpOnly; SameSite=Lax$/);
    harness.jar.cookie = cookie.split(';')[0]!;
    const again = await call(harness, 'twitterRedirect', { headers: { ...siteHeaders(), ...inBrowser(harness) }, ip: unique().ip });
    expect(String(again.headers['set-cookie']).split(';')[0]).toBe(harness.jar.cookie);
    const { rows } = await harness.db.query<{ binding_hash: string }>('SELECT binding_hash FROM oauth_logins ORDER BY id DESC LIMIT 1');
    expect(rows[0]?.binding_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.binding_hash).not.toContain(harness.jar.cookie.split('=')[1]);
  });

  it('keep only a hash of the state and never the same state twice', async () => {
    const first = (await start(harness, 'google')).searchParams.get('state') ?? '';
    const second = (await start(harness, 'google')).searchParams.get('state') ?? '';
    expect(first).not.toBe(second);
    const { rows } = await harness.db.query<{ state_hash: string }>('SELECT state_hash FROM oauth_logins');
    expect(rows.map((row) => row.state_hash)).not.toContain(first);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.state_hash))).toBe(true);
  });

  it('build the return address on an allowed site origin only; others are refused', async () => {
    expect((await start(harness, 'facebook', OTHER_SITE)).searchParams.get('redirect_uri')).toBe(`${OTHER_SITE}/login`);
    for (const headers of <Record<string, string>[]>[
      siteHeaders('http://evil.example'),
      siteHeaders('https://nova.localhost:18080'),
      { 'x-forwarded-host': 'nova.localhost:18081' },
      { 'x-forwarded-host': 'nova.localhost:18080', 'x-forwarded-proto': 'javascript' },
      {},
    ]) {
      expectFailure(
        await call(harness, 'socialStart', { query: '?provider=google', headers }),
        400,
        ERROR_CODES.badRequest,
        'redirectNotAllowed',
      );
    }
    expectFailure(
      await call(harness, 'vkGenPkce', { headers: siteHeaders('http://evil.example') }),
      400,
      ERROR_CODES.badRequest,
      'redirectNotAllowed',
    );
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
      expectFailure(
        await call(only, 'twitterRedirect', { headers: siteHeaders() }),
        404,
        ERROR_CODES.notFound,
        'socialProviderUnavailable',
      );
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
    expectFailure(
      await call(harness, 'socialStart', { query: '?provider=vk', headers: siteHeaders() }),
      400,
      ERROR_CODES.badRequest,
      /provider/,
    );
  });
});
