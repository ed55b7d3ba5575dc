import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { demoOAuthEnv } from 'tooling/demo-oauth-clients';
import { LONG_QUEUE_THRESHOLD, OAUTH_REDIRECT_ORIGINS, PORTS } from './support/ports.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A fresh embedded database per run: the API seeds its demo data into it.
const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-pglite-'));
const remoteOrigins = {
  CATALOG_URL: `http://localhost:${PORTS.catalog}`,
  SUPPORT_URL: `http://localhost:${PORTS.support}`,
  ACCOUNT_URL: `http://localhost:${PORTS.account}`,
  API_URL: `http://127.0.0.1:${PORTS.api}`,
};

function serve(app: string, folder: string, port: number, env: Record<string, string> = {}) {
  return {
    command: `node tooling/bin/serve-app.js --app ${app} --port ${port} --dir ${folder}/dist`,
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/index.html`,
    env: { ...remoteOrigins, ...env },
    reuseExistingServer: false,
    timeout: 30_000,
  };
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'browser', testIgnore: /\.clock\.spec\.ts$/ },
    // Moving the API's clock a day forward expires uploads, codes and throttles: only after every other test.
    { name: 'moved clock', testMatch: /\.clock\.spec\.ts$/, dependencies: ['browser'] },
  ],
  webServer: [
    {
      command: 'pnpm exec tsx support/mail-sink.ts',
      url: `http://127.0.0.1:${PORTS.mailbox}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Google, Apple, Facebook, Twitter and VK: one local OAuth 2 / OpenID Connect server (oidc-provider).
      command: 'pnpm exec tsx support/oauth-server.ts',
      url: `http://127.0.0.1:${PORTS.oauth}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'pnpm --filter e2e exec tsx support/create-accounts.ts && pnpm --filter api run start',
      cwd: repoRoot,
      url: `http://127.0.0.1:${PORTS.api}/health`,
      env: {
        PORT: String(PORTS.api),
        METRICS_PORT: String(PORTS.apiMetrics),
        DATA_DIR: dataDir,
        OUTBOX_DIR: path.join(dataDir, 'outbox'),
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
        // The browser tests move the API's clock (24-hour auto-end) through POST /__test__/clock.
        API_TEST_CLOCK: '1',
        SUPPORT_LONG_QUEUE: String(LONG_QUEUE_THRESHOLD),
        ...demoOAuthEnv(`http://127.0.0.1:${PORTS.oauth}`, OAUTH_REDIRECT_ORIGINS),
      },
      reuseExistingServer: false,
      // The accounts, the migrations and the seeds first: a minute or two on a busy machine.
      timeout: 240_000,
    },
    serve('shell', 'shell', PORTS.shell),
    serve('catalog', 'mfe-catalog', PORTS.catalog),
    serve('support', 'mfe-support', PORTS.support),
    serve('account', 'mfe-account', PORTS.account),
    serve('shell', 'shell', PORTS.shellWithSupportDown, { SUPPORT_URL: `http://localhost:${PORTS.deadSupport}` }),
  ],
});
