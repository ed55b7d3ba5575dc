import { ERROR_CODES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { runAgentTotp } from '../src/identity/agent-totp.js';
import { DEFAULT_IDENTITY_LIMITS } from '../src/identity/limits.js';
import { newTotpSecret, totpCode } from '../src/identity/totp.js';
import { DEVELOPMENT_ONLY_TOTP_SECRET_KEY, TotpSecrets } from '../src/identity/totp-secrets.js';
import { call, expectFailure, okData } from './api-calls.js';
import { commandOutput, createTestApp, harnessForFile } from './helpers.js';
import { PASSWORD, createAccount, unique } from './identity-helpers.js';

const harness = harnessForFile(createTestApp);

/** Runs the operator command on the test database; its output and exit code. */
async function agentTotp(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const { stdout, stderr, written } = commandOutput();
  const code = await runAgentTotp({ argv, env: {}, stdout, stderr }, { db: harness.db, now: harness.clock.now });
  return { code, ...written() };
}

/** Enrols an agent and answers the secret the command printed. */
async function enrolledAgent(): Promise<{ account: string; secret: string }> {
  const agent = await createAccount(harness, { role: 'agent' });
  const { code, out } = await agentTotp(['--', '--account', agent.account]);
  expect(code).toBe(0);
  const secret = /secret: ([A-Z2-7]{32})/.exec(out)?.[1];
  if (!secret) throw new Error(`no secret in: ${out}`);
  expect(out).toContain(`otpauth://totp/`);
  expect(out).toContain(`secret=${secret}`);
  return { account: agent.account, secret };
}

/** What the accounts table holds for an account's second factor. */
async function storedSecret(account: string): Promise<string> {
  const { rows } = await harness.db.query<{ totp_secret: string | null }>(
    'SELECT totp_secret FROM accounts WHERE lower(account) = lower($1)',
    [account],
  );
  const stored = rows[0]?.totp_secret;
  if (!stored) throw new Error(`${account} has no second factor stored`);
  return stored;
}

function login(account: string, extra: { otp?: string; ip?: string } = {}) {
  return call(harness, 'loginPassword', {
    body: { account, password: PASSWORD, ...(extra.otp ? { otp: extra.otp } : {}) },
    ip: extra.ip ?? unique().ip,
  });
}

describe('TOTP second factor for agents', () => {
  it("asks an enrolled agent for the authenticator's code after the right password, and logs in with it once", async () => {
    const { account, secret } = await enrolledAgent();
    expectFailure(await login(account), 401, ERROR_CODES.invalidCredentials, 'otpRequired');
    const code = totpCode(secret, account, harness.clock.now());
    expect(okData('loginPassword', await login(account, { otp: code })).account).toBe(account);
    // The same code cannot log in a second time (someone who saw it typed).
    expectFailure(await login(account, { otp: code }), 401, ERROR_CODES.invalidCredentials, 'otpInvalid');
    // The next period's code works.
    harness.clock.advance({ seconds: 30 });
    expect((await login(account, { otp: totpCode(secret, account, harness.clock.now()) })).status).toBe(200);
  });

  it('refuses a wrong code as a failed attempt, and says nothing about the code to a wrong password', async () => {
    const { account, secret } = await enrolledAgent();
    const ip = unique().ip;
    const right = totpCode(secret, account, harness.clock.now());
    const wrong = right === '000000' ? '000001' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expectFailure(await login(account, { otp: wrong, ip }), 401, ERROR_CODES.invalidCredentials, 'otpInvalid');
    }
    // Guessing codes meets the same lock as guessing passwords.
    expectFailure(await login(account, { otp: right, ip }), 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
    const wrongPassword = await call(harness, 'loginPassword', { body: { account, password: 'Not-the-password-1' }, ip: unique().ip });
    expectFailure(wrongPassword, 401, ERROR_CODES.invalidCredentials, 'invalidCredentials');
  });

  it('past the login ceiling, logs an enrolled agent in from a fresh address with the password and a right code, once a wrong code there', async () => {
    const { account, secret } = await enrolledAgent();
    for (let attempt = 0; attempt < DEFAULT_IDENTITY_LIMITS.loginPerAccount.max; attempt += 1) {
      const guess = await call(harness, 'loginPassword', { body: { account, password: `Wrong-${attempt}-guess` }, ip: unique().ip });
      expect(guess.status).toBe(401);
    }
    // The form's first step (no code yet) is no failure: the same address then sends the code.
    const ip = unique().ip;
    expectFailure(await login(account, { ip }), 401, ERROR_CODES.invalidCredentials, 'otpRequired');
    expect(okData('loginPassword', await login(account, { ip, otp: totpCode(secret, account, harness.clock.now()) })).account).toBe(
      account,
    );
    // A wrong code is that address's one try.
    harness.clock.advance({ seconds: 30 });
    const right = totpCode(secret, account, harness.clock.now());
    const guesser = unique().ip;
    expectFailure(
      await login(account, { ip: guesser, otp: right === '000000' ? '000001' : '000000' }),
      401,
      ERROR_CODES.invalidCredentials,
      'otpInvalid',
    );
    expectFailure(await login(account, { ip: guesser, otp: right }), 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
  });

  it('leaves accounts without an enrolment alone, and --remove takes the second factor away (a lost phone)', async () => {
    const player = await createAccount(harness);
    expect((await login(player.account)).status).toBe(200);
    const { account } = await enrolledAgent();
    expect((await agentTotp(['--account', account, '--remove'])).out).toContain('Second factor removed');
    expect((await login(account)).status).toBe(200);
  });

  it('enrols agents only and explains a mistake', async () => {
    const player = await createAccount(harness);
    const refused = await agentTotp(['--account', player.account]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('is not an agent');
    expect((await agentTotp(['--account', 'nobody-here'])).err).toContain('no account named "nobody-here"');
    expect((await agentTotp([])).err).toContain('--account is required');
    expect((await login(player.account)).status).toBe(200);
  });

  it('stores the secret sealed, never as the base32 an authenticator reads, and logs in with its code all the same', async () => {
    const { account, secret } = await enrolledAgent();
    const stored = await storedSecret(account);
    expect(stored).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain(secret);
    expect(stored.toLowerCase()).not.toContain(secret.toLowerCase());
    // A second enrolment of the same secret would not even look the same: each sealing has its own nonce.
    const { rows } = await harness.db.query<{ count: number }>('SELECT count(*)::int AS count FROM accounts WHERE totp_secret = $1', [
      stored,
    ]);
    expect(rows[0]?.count).toBe(1);
    expect(okData('loginPassword', await login(account, { otp: totpCode(secret, account, harness.clock.now()) })).account).toBe(account);
  });

  it("logs nobody in with a sealed secret altered in the table, or copied onto another agent's row", async () => {
    const first = await enrolledAgent();
    const second = await enrolledAgent();
    const firstStored = await storedSecret(first.account);
    // Someone with write access to the table gives the second agent the first one's secret (whose code they know).
    await harness.db.query('UPDATE accounts SET totp_secret = $2 WHERE lower(account) = lower($1)', [second.account, firstStored]);
    const copied = await login(second.account, { otp: totpCode(first.secret, second.account, harness.clock.now()) });
    expect(copied.status).toBe(500);
    expect(copied.body).toMatchObject({ code: ERROR_CODES.serverError });
    // One character of the first agent's sealed secret changed.
    const at = firstStored.length - 5;
    const altered = `${firstStored.slice(0, at)}${firstStored[at] === 'A' ? 'B' : 'A'}${firstStored.slice(at + 1)}`;
    await harness.db.query('UPDATE accounts SET totp_secret = $2 WHERE lower(account) = lower($1)', [first.account, altered]);
    const changed = await login(first.account, { otp: totpCode(first.secret, first.account, harness.clock.now()) });
    expect(changed.status).toBe(500);
    // Put back, the same code logs in: the refusals used nothing up.
    await harness.db.query('UPDATE accounts SET totp_secret = $2 WHERE lower(account) = lower($1)', [first.account, firstStored]);
    expect((await login(first.account, { otp: totpCode(first.secret, first.account, harness.clock.now()) })).status).toBe(200);
  });

  it('seals, at start, a secret stored plain before sealing (once, on any number of replicas), and names those another key sealed', async () => {
    const agent = await createAccount(harness, { role: 'agent' });
    const plain = newTotpSecret();
    await harness.db.query('UPDATE accounts SET totp_secret = $2 WHERE id = $1', [agent.id, plain]);
    const secrets = new TotpSecrets(DEVELOPMENT_ONLY_TOTP_SECRET_KEY);
    // Two replicas starting at the same moment.
    const [one, two] = await Promise.all([secrets.sealStored(harness.db), secrets.sealStored(harness.db)]);
    expect(one.sealed + two.sealed).toBeGreaterThanOrEqual(1);
    const stored = await storedSecret(agent.account);
    expect(stored.startsWith('v1:')).toBe(true);
    expect(secrets.open(agent.id, stored)).toBe(plain);
    expect((await secrets.sealStored(harness.db)).sealed).toBe(0);
    expect((await login(agent.account, { otp: totpCode(plain, agent.account, harness.clock.now()) })).status).toBe(200);
    // Started with another key: the secret stays as it is, and the start names the account.
    const otherKey = new TotpSecrets(Buffer.alloc(32, 9));
    expect((await otherKey.sealStored(harness.db)).unreadable).toContain(agent.id);
    expect(await storedSecret(agent.account)).toBe(stored);
  });

  it('validates the code field with the shared schema', async () => {
    const { account } = await enrolledAgent();
    expectFailure(await login(account, { otp: '12ab56' }), 400, ERROR_CODES.badRequest, 'Invalid body field "otp": otpInvalid');
  });
});
