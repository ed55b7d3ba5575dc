import { startTestOAuthServer } from '../../api/test/oauth-server.js';
import { OAUTH_REDIRECT_ORIGINS, PORTS } from './ports.js';

/**
 * The social providers of the browser tests: one real OAuth 2 / OpenID Connect server (oidc-provider with its
 * development login page, where any login name signs in) standing in for Google, Apple, Facebook, Twitter and VK.
 * The API gets its OAUTH_* variables from `oauthEnv` (playwright.config.ts). Started and stopped by Playwright.
 */
const server = await startTestOAuthServer({ port: PORTS.oauth, redirectOrigins: OAUTH_REDIRECT_ORIGINS });
process.stdout.write(`test OAuth server at ${server.issuer}\n`);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
