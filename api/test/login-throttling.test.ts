import { ERROR_CODES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IDENTITY_LIMITS } from '../src/identity/limits.js';
import { loggerOptions } from '../src/http/logging.js';
import { call, expectFailure, okData } from './api-calls.js';
import { capturedLog, codeIn, createTestApp, harnessForFile, readOutbox, type TestApp } from './helpers.js';
import { createAccount, INVALID_CREDENTIALS, login, loginToken, PASSWORD, unique } from './identity-helpers.js';

const harness = harnessForFile(createTestApp);
const CEILING = DEFAULT_IDENTITY_LIMITS.loginPerAccount.max;

/** `count` wrong passwords for `account`, each from an address of its own. */
async function guessFromManyAddresses(account: string, count: number, app: TestApp = harness): Promise<void> {
  for (let attempt = 0; attempt < count; attempt += 1) {
    expect((await login(app, account, `Wrong-${attempt}-guess`, unique().ip)).status).toBe(401);
  }
}

describe('brute-force throttling', () => {
  it('locks an account at one address after 5 failures there in 15 minutes, even for the right password, until the window passes', async () => {
    const account = await createAccount(harness);
    const ip = unique().ip;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(harness, account.account, `Wrong-${attempt}-pass`, ip)).body).toEqual(INVALID_CREDENTIALS);
    }
    const locked = await login(harness, account.account, PASSWORD, ip);
    expectFailure(locked, 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    harness.clock.advance({ minutes: 14 });
    expect((await login(harness, account.account, PASSWORD, ip)).status).toBe(429);
    harness.clock.advance({ minutes: 1, seconds: 1 });
    expect(okData('loginPassword', await login(harness, account.account, PASSWORD, ip)).account).toBe(account.account);
  });

  it('lets nobody lock somebody else out: failures from other addresses leave the owner logging in from theirs', async () => {
    const agent = await createAccount(harness, { role: 'agent' });
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await login(harness, agent.account, `Wrong-${attempt}-pass`, unique().ip)).status).toBe(401);
    }
    expect(okData('loginPassword', await login(harness, agent.account, PASSWORD, unique().ip)).account).toBe(agent.account);
  });

  it(`past ${DEFAULT_IDENTITY_LIMITS.loginPerAccount.max} failures of an account over every address, the owner still logs in from a fresh address`, async () => {
    const lead = await createAccount(harness, { role: 'agent' });
    await harness.db.query('UPDATE accounts SET lead = true WHERE account = $1', [lead.account]);
    await guessFromManyAddresses(lead.account, CEILING);
    // SEC review 35 #2: this was 429 for 15 minutes from anywhere, the right password included.
    expect(okData('loginPassword', await login(harness, lead.account, PASSWORD, unique().ip)).account).toBe(lead.account);
  });

  it('past the ceiling refuses every address that failed at the account, and gives each fresh address one try', async () => {
    const account = await createAccount(harness);
    const failedOnce = unique().ip;
    const failedTwice = unique().ip;
    expect((await login(harness, account.account, 'Wrong-first-pass', failedOnce)).status).toBe(401);
    for (const attempt of [1, 2]) expect((await login(harness, account.account, `Wrong-${attempt}-pass`, failedTwice)).status).toBe(401);
    await guessFromManyAddresses(account.account, CEILING - 4);
    // The ceiling's own failure, from an address that fails there for the first time.
    const last = unique().ip;
    expect((await login(harness, account.account, 'Wrong-last-pass', last)).status).toBe(401);
    for (const ip of [failedOnce, failedTwice, last]) {
      const refused = await login(harness, account.account, PASSWORD, ip);
      expectFailure(refused, 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
    const fresh = unique().ip;
    expect((await login(harness, account.account, 'Wrong-fresh-pass', fresh)).body).toEqual(INVALID_CREDENTIALS);
    expectFailure(await login(harness, account.account, PASSWORD, fresh), 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
    expect((await login(harness, account.account, PASSWORD, unique().ip)).status).toBe(200);
    // Once the guesses have left the window, an address that failed has its usual budget again.
    harness.clock.advance({ seconds: DEFAULT_IDENTITY_LIMITS.loginPerAccount.windowSeconds + 1 });
    expect((await login(harness, account.account, PASSWORD, failedTwice)).status).toBe(200);
  });

  it('past the ceiling still holds every address to its 20 failures over all accounts', async () => {
    const account = await createAccount(harness);
    await guessFromManyAddresses(account.account, CEILING);
    const sprayer = unique().ip;
    for (let attempt = 0; attempt < DEFAULT_IDENTITY_LIMITS.loginPerIp.max; attempt += 1) {
      expect((await login(harness, unique('spray').name, PASSWORD, sprayer)).status).toBe(401);
    }
    expectFailure(await login(harness, account.account, PASSWORD, sprayer), 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
  });

  it('past the ceiling checks the current password of a password change from a fresh address', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    await guessFromManyAddresses(account.account, CEILING);
    const ip = unique().ip;
    const changed = await call(harness, 'changePassword', { token, ip, body: { oldPassword: PASSWORD, newPassword: 'Brand-new-pass-7' } });
    expect(changed.status).toBe(200);
  });

  it('lifts every lock of an account when its password is reset', async () => {
    const email = `${unique('locked').name.toLowerCase()}@example.com`;
    const account = await createAccount(harness, { email });
    const ip = unique().ip;
    for (let attempt = 0; attempt < 5; attempt += 1) await login(harness, account.account, `Wrong-${attempt}-pass`, ip);
    const { max } = DEFAULT_IDENTITY_LIMITS.loginPerAccount;
    for (let attempt = 5; attempt < max; attempt += 1) await login(harness, account.account, `Wrong-${attempt}-pass`, unique().ip);
    expect((await login(harness, account.account, PASSWORD, ip)).status).toBe(429);
    await call(harness, 'forgotPassword', { body: { email }, ip: unique().ip });
    await harness.app.background.idle();
    const mail = (await readOutbox(harness.outbox)).filter((message) => message.to === email).at(-1);
    const reset = await call(harness, 'resetPassword', {
      body: { email, code: codeIn(mail?.text ?? ''), newPassword: 'After-reset-77' },
      ip: unique().ip,
    });
    expect(reset.status).toBe(200);
    expect((await login(harness, account.account, 'After-reset-77', ip)).status).toBe(200);
  });

  it('throttles unknown accounts exactly like real ones', async () => {
    const ghost = unique('ghost').name;
    const answers = [];
    const ip = unique().ip;
    for (let attempt = 0; attempt < 6; attempt += 1) answers.push(await login(harness, ghost, PASSWORD, ip));
    expect(answers.slice(0, 5).map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);
    expect(answers[5]?.status).toBe(429);
  });

  it('limits one client address to 20 failures across accounts; other addresses go on', async () => {
    const ip = unique().ip;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await login(harness, unique('spray').name, PASSWORD, ip)).status).toBe(401);
    }
    const account = await createAccount(harness);
    expectFailure(await login(harness, account.account, PASSWORD, ip), 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
    expect((await login(harness, account.account, PASSWORD, unique().ip)).status).toBe(200);
  });

  it("forgets an address's failures after a successful login from it", async () => {
    const account = await createAccount(harness);
    const ip = unique().ip;
    for (let attempt = 0; attempt < 4; attempt += 1) await login(harness, account.account, 'Wrong-pass-1', ip);
    expect((await login(harness, account.account, PASSWORD, ip)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) await login(harness, account.account, 'Wrong-pass-1', ip);
    expect((await login(harness, account.account, PASSWORD, ip)).status).toBe(200);
  });

  it('never lets parallel guesses past the limit', async () => {
    const account = await createAccount(harness);
    const ip = unique().ip;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => login(harness, account.account, `Wrong-${index}-pass`, ip)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(7);
  });

  it('counts wrong current passwords in change password against the account at that address', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    const ip = unique().ip;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await call(harness, 'changePassword', {
        token,
        ip,
        body: { oldPassword: `Guess-${attempt}-x`, newPassword: 'Brand-new-pass-7' },
      });
      expect(answer.status).toBe(401);
    }
    const answer = await call(harness, 'changePassword', { token, ip, body: { oldPassword: PASSWORD, newPassword: 'Brand-new-pass-7' } });
    expectFailure(answer, 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
  });
});

describe('accounts past their login ceiling, as the operators see them', () => {
  it('counts each account once as it passes, by standing, and logs a warning naming a desk account', async () => {
    const log = capturedLog();
    const watched = await createTestApp({ logger: loggerOptions('info', log.stream) });
    try {
      const passed = async (standing: string) => {
        const metric = await watched.app.metrics.registry.getSingleMetric('platform_login_ceiling_passed_total')?.get();
        return metric?.values.find((value) => value.labels.standing === standing)?.value;
      };
      expect(await passed('agent')).toBe(0);
      const agent = await createAccount(watched, { role: 'agent' });
      await guessFromManyAddresses(agent.account, CEILING + 3, watched);
      expect(await passed('agent')).toBe(1);
      const player = await createAccount(watched);
      await guessFromManyAddresses(player.account, CEILING + 1, watched);
      expect(await passed('player')).toBe(1);
      const warnings = log
        .text()
        .split('\n')
        .filter((line) => line.includes('past its ceiling'))
        .map((line) => JSON.parse(line) as { level: number; account: string; standing: string });
      expect(warnings.map(({ level, account, standing }) => [level, account, standing])).toEqual([
        [40, agent.account.toLowerCase(), 'agent'],
        [30, player.account.toLowerCase(), 'player'],
      ]);

      const fresh = unique().ip;
      await login(watched, agent.account, 'Wrong-again-pass', fresh);
      await login(watched, agent.account, PASSWORD, fresh);
      const refusals = await watched.app.metrics.registry.getSingleMetric('platform_login_limit_refusals_total')?.get();
      expect(refusals?.values.find((value) => value.labels.bucket === 'login_account_ip')?.value).toBe(1);
    } finally {
      await watched.cleanup();
    }
  });
});
