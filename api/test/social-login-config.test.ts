import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BRAND_IDS, SOCIAL_PROVIDERS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/config.js';

const run = promisify(execFile);

describe('configuration', () => {
  it("reads every provider from OAUTH_* variables, with the providers' public endpoints by default", () => {
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
    expect(
      loadConfig({ OAUTH_TWITTER_CLIENT_ID: 't', OAUTH_TWITTER_TOKEN_ENDPOINT: 'http://127.0.0.1:9/token' }).oauth.providers.twitter,
    ).toMatchObject({ tokenEndpoint: 'http://127.0.0.1:9/token' });
  });

  it('npm start offers all five quick logins with the demo provider, returning to every brand host', async () => {
    // The very step tooling/scripts/start.sh takes: the demo provider's variables, as the script reads them.
    const { stdout } = await run(
      'pnpm',
      ['--silent', '--filter', 'tooling', 'run', 'demo-oauth', 'env', '--port', '8070', '--site-port', '8080'],
      { cwd: REPO_ROOT },
    );
    const env = Object.fromEntries(
      stdout
        .trim()
        .split('\n')
        .map((line) => /^export ([A-Z_]+)='(.*)'$/.exec(line)!.slice(1, 3) as [string, string]),
    );
    const config = loadConfig(env);
    expect(config.oauthProviders).toEqual([...SOCIAL_PROVIDERS]);
    for (const brand of BRAND_IDS) expect(config.oauth.redirectOrigins).toContain(`http://${brand}.localhost:8080`);
  });
});
