import type { SocialProvider } from 'shared-contracts';

/**
 * The demo OAuth server's clients and addresses (server.ts), apart from the server itself so that a configuration
 * file can hand the API its variables without loading the server. The secrets are public on purpose: the server
 * only ever runs on the machine of whoever tries the site, for `npm start` and the tests.
 */

export interface DemoClient {
  clientId: string;
  clientSecret: string | null;
}

/** One client per provider; Twitter authenticates with HTTP Basic, VK is a public client (PKCE only). */
export const DEMO_CLIENTS: Record<SocialProvider, DemoClient> = {
  google: { clientId: 'demo-google', clientSecret: 'demo-google-secret' },
  apple: { clientId: 'demo-apple', clientSecret: 'demo-apple-secret' },
  facebook: { clientId: 'demo-facebook', clientSecret: 'demo-facebook-secret' },
  twitter: { clientId: 'demo-twitter', clientSecret: 'demo-twitter-secret' },
  vk: { clientId: 'demo-vk', clientSecret: null },
};

/** The user endpoints of the plain OAuth 2 providers, answering in each provider's own shape. */
export const RESOURCE_PATHS = {
  facebook: '/facebook/me',
  twitter: '/twitter/2/users/me',
  vk: '/vk/oauth2/user_info',
} as const;

/** The OAUTH_* variables that point the API at the demo server at `issuer` for all five providers. */
export function demoOAuthEnv(issuer: string, redirectOrigins: readonly string[]): Record<string, string> {
  const env: Record<string, string> = { OAUTH_REDIRECT_ORIGINS: redirectOrigins.join(',') };
  for (const name of Object.keys(DEMO_CLIENTS) as SocialProvider[]) {
    const prefix = `OAUTH_${name.toUpperCase()}_`;
    env[`${prefix}CLIENT_ID`] = DEMO_CLIENTS[name].clientId;
    const secret = DEMO_CLIENTS[name].clientSecret;
    if (secret) env[`${prefix}CLIENT_SECRET`] = secret;
    if (name === 'google' || name === 'apple') {
      env[`${prefix}ISSUER`] = issuer;
      // The demo server answers e-mail to Apple's client too (real Apple sends it only with a form POST).
      if (name === 'apple') env[`${prefix}SCOPE`] = 'openid email';
    } else {
      env[`${prefix}AUTHORIZATION_ENDPOINT`] = `${issuer}/auth`;
      env[`${prefix}TOKEN_ENDPOINT`] = `${issuer}/token`;
      env[`${prefix}USERINFO_ENDPOINT`] = `${issuer}${RESOURCE_PATHS[name]}`;
    }
  }
  return env;
}
