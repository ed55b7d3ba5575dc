import type { EndpointName, SocialProvider } from 'shared-contracts';
import { expect } from 'vitest';
import { readOAuthSettings } from '../src/oauth/config.js';
import { call, okData } from './api-calls.js';
import { createTestApp, type TestApp } from './helpers.js';
import { unique } from './identity-helpers.js';
import { authorizeAs, startDemoOAuthServer, type DemoOAuthServer } from 'tooling/demo-oauth';

/**
 * Social logins (SPEC §6, §7) against a real OAuth 2 / OpenID Connect server in this process (oidc-provider), on a
 * real database: the player's part on the provider's pages is done with fetch.
 */

export const SITE = 'http://nova.localhost:18080';
export const OTHER_SITE = 'https://hikari.example.com';

export const START: Record<SocialProvider, { name: EndpointName; query: string }> = {
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

export const siteHeaders = (origin = SITE) => {
  const url = new URL(origin);
  return { 'x-forwarded-host': url.host, 'x-forwarded-proto': url.protocol.slice(0, -1) };
};

/** The API with every provider of the demo OAuth server, and the test's browser. */
export interface SocialLoginHarness extends TestApp {
  server: DemoOAuthServer;
  /** The test's browser: the social-login binding cookie the starts set, sent back as a browser would. */
  jar: { cookie: string };
}

export async function createSocialLoginHarness(): Promise<SocialLoginHarness> {
  const server = await startDemoOAuthServer({ redirectOrigins: [SITE, OTHER_SITE] });
  try {
    const { settings, problems } = readOAuthSettings(server.env);
    expect(problems).toEqual([]);
    const harness = await createTestApp({ oauth: settings });
    return {
      ...harness,
      server,
      jar: { cookie: '' },
      cleanup: async () => {
        await harness.cleanup();
        await server.close();
      },
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}

export const inBrowser = (harness: SocialLoginHarness): Record<string, string> =>
  harness.jar.cookie ? { cookie: harness.jar.cookie } : {};

export async function start(harness: SocialLoginHarness, provider: SocialProvider, origin = SITE): Promise<URL> {
  const { name, query } = START[provider];
  // A client address of its own per start: one address may start only so many (socialStartsPerIp).
  const answer = await call(harness, name, { query, headers: { ...siteHeaders(origin), ...inBrowser(harness) }, ip: unique().ip });
  const data = okData('socialStart', answer);
  harness.jar.cookie = String(answer.headers['set-cookie']).split(';')[0]!;
  return new URL(data.authorizeUrl);
}

/** The query a landing page hands to the completion call: code, state, and iss / device_id when present. */
export function completionQuery(back: URL, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const key of ['code', 'state', 'iss']) {
    const value = back.searchParams.get(key);
    if (value) query.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return `?${query.toString()}`;
}

export async function logInWith(harness: SocialLoginHarness, provider: SocialProvider, login: string) {
  const back = await authorizeAs((await start(harness, provider)).href, login);
  const extra: Record<string, string> = provider === 'vk' ? { device_id: 'device-1' } : {};
  return call(harness, COMPLETE[provider], { headers: inBrowser(harness), query: completionQuery(back, extra) });
}
