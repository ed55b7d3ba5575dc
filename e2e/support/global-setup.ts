import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoOAuthEnv } from 'tooling/demo-oauth-clients';
import { LONG_QUEUE_THRESHOLD, OAUTH_REDIRECT_ORIGINS, PORTS } from './ports.js';
import { serveApp, startServer, type RunningServer } from './servers.js';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The set-up's own scripts run with tsx itself: `pnpm exec` first reads the workspace, 3-5 s of wall time on the
 * loaded machine (2.9 s for tsx alone against 5.9-8.4 s through pnpm), before the accounts and the API.
 */
const tsx = path.join(e2eDir, 'node_modules', '.bin', 'tsx');

/** Starts every server of a list at once; when one fails, stops the others and throws its error. */
async function startAll(running: RunningServer[], starts: Promise<RunningServer>[]): Promise<void> {
  const results = await Promise.allSettled(starts);
  for (const result of results) if (result.status === 'fulfilled') running.push(result.value);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * The composed site the browser tests run against: the mail sink, the social providers' OAuth server and the API
 * (on a fresh embedded database, after the accounts the tests change), then the four apps' origins and a shell whose
 * support remote is down. Each group starts at once (Playwright's webServer list starts one server after the other,
 * each waiting for the last); the origins wait for the API, as their first-view servers warm up on its answers.
 * The function returned stops them all.
 */
export default async function startSite(): Promise<() => Promise<void>> {
  // A fresh embedded database per run: the API seeds its demo data into it.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-pglite-'));
  // Where the set-up writes the two-factor agent's secret; the test workers inherit the runner's environment.
  const totpSecretFile = path.join(dataDir, 'totp-secret');
  process.env.TOTP_SECRET_FILE = totpSecretFile;
  const running: RunningServer[] = [];
  const stop = async () => {
    await Promise.all(running.splice(0).map((server) => server.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const remoteOrigins = {
    CATALOG_URL: `http://localhost:${PORTS.catalog}`,
    SUPPORT_URL: `http://localhost:${PORTS.support}`,
    ACCOUNT_URL: `http://localhost:${PORTS.account}`,
    API_URL: `http://127.0.0.1:${PORTS.api}`,
  };
  const origin = (app: string, folder: string, port: number, env: Record<string, string> = {}) =>
    serveApp(app, folder, port, { ...remoteOrigins, ...env });
  try {
    await startAll(running, [
      startServer('mail-sink', tsx, ['support/mail-sink.ts'], {
        cwd: e2eDir,
        url: `http://127.0.0.1:${PORTS.mailbox}/health`,
        timeoutMs: 30_000,
      }),
      // Google, Apple, Facebook, Twitter and VK: one local OAuth 2 / OpenID Connect server (oidc-provider).
      startServer('oauth', tsx, ['support/oauth-server.ts'], {
        cwd: e2eDir,
        url: `http://127.0.0.1:${PORTS.oauth}/.well-known/openid-configuration`,
        timeoutMs: 30_000,
      }),
      startServer('api', 'sh', ['-c', `"${tsx}" support/create-accounts.ts && pnpm --filter api run start`], {
        cwd: e2eDir,
        url: `http://127.0.0.1:${PORTS.api}/health`,
        env: {
          PORT: String(PORTS.api),
          METRICS_PORT: String(PORTS.apiMetrics),
          DATA_DIR: dataDir,
          OUTBOX_DIR: path.join(dataDir, 'outbox'),
          TOTP_SECRET_FILE: totpSecretFile,
          SEED_DEMO: '1',
          LOG_LEVEL: 'warn',
          SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
          // The browser tests move the API's clock (24-hour auto-end) through POST /__test__/clock.
          API_TEST_CLOCK: '1',
          SUPPORT_LONG_QUEUE: String(LONG_QUEUE_THRESHOLD),
          ...demoOAuthEnv(`http://127.0.0.1:${PORTS.oauth}`, OAUTH_REDIRECT_ORIGINS),
        },
        // The accounts, the migrations and the seeds first: a minute or two on a busy machine.
        timeoutMs: 240_000,
      }),
    ]);
    await startAll(running, [
      origin('shell', 'shell', PORTS.shell),
      origin('catalog', 'mfe-catalog', PORTS.catalog),
      origin('support', 'mfe-support', PORTS.support),
      origin('account', 'mfe-account', PORTS.account),
      origin('shell', 'shell', PORTS.shellWithSupportDown, { SUPPORT_URL: `http://localhost:${PORTS.deadSupport}` }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
