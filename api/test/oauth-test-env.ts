import type { SocialProvider } from 'shared-contracts';

/**
 * The test OAuth server's clients and addresses (see oauth-server.ts), apart from the server itself so that a
 * configuration file can hand the API its variables without loading the server.
 */

export interface TestClient {
  clientId: string;
  clientSecret: string | null;
}

/** One client per provider; Twitter authenticates with HTTP Basic, VK is a public client (PKCE only). */
export const TEST_CLIENTS: Record<SocialProvider, TestClient> = {
  google: { clientId: 'test-google', clientSecret: 'test-google-secret' },
  apple: { clientId: 'test-apple', clientSecret: 'test-apple-secret' },
  facebook: { clientId: 'test-facebook', clientSecret: 'test-facebook-secret' },
  twitter: { clientId: 'test-twitter', clientSecret: 'test-twitter-secret' },
  vk: { clientId: 'test-vk', clientSecret: null },
};

/** The user endpoints of the plain OAuth 2 providers, answering in each provider's own shape. */
export const RESOURCE_PATHS = {
  facebook: '/facebook/me',
  twitter: '/twitter/2/users/me',
  vk: '/vk/oauth2/user_info',
} as const;

/** The OAUTH_* variables that point the API at the test server at `issuer` for all five providers. */
export function testOAuthEnv(issuer: string, redirectOrigins: readonly string[]): Record<string, string> {
  const env: Record<string, string> = { OAUTH_REDIRECT_ORIGINS: redirectOrigins.join(',') };
  for (const name of Object.keys(TEST_CLIENTS) as SocialProvider[]) {
    const prefix = `OAUTH_${name.toUpperCase()}_`;
    env[`${prefix}CLIENT_ID`] = TEST_CLIENTS[name].clientId;
    const secret = TEST_CLIENTS[name].clientSecret;
    if (secret) env[`${prefix}CLIENT_SECRET`] = secret;
    if (name === 'google' || name === 'apple') {
      env[`${prefix}ISSUER`] = issuer;
      // The test server answers e-mail to Apple's client too (real Apple sends it only with a form POST).
      if (name === 'apple') env[`${prefix}SCOPE`] = 'openid email';
    } else {
      env[`${prefix}AUTHORIZATION_ENDPOINT`] = `${issuer}/auth`;
      env[`${prefix}TOKEN_ENDPOINT`] = `${issuer}/token`;
      env[`${prefix}USERINFO_ENDPOINT`] = `${issuer}${RESOURCE_PATHS[name]}`;
    }
  }
  return env;
}
