import { startDemoOAuthServer } from 'tooling/demo-oauth';
import { OAUTH_REDIRECT_ORIGINS, PORTS } from './ports.js';

/**
 * The social providers of the browser tests: the demo OAuth 2 / OpenID Connect server `npm start` runs too
 * (tooling/src/demo-oauth, where any login name signs in), standing in for Google, Apple, Facebook, Twitter and VK.
 * The API gets its OAUTH_* variables from `oauthEnv` (playwright.config.ts). Started and stopped by Playwright.
 */
const server = await startDemoOAuthServer({ port: PORTS.oauth, redirectOrigins: OAUTH_REDIRECT_ORIGINS });
process.stdout.write(`demo OAuth server at ${server.issuer}\n`);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
