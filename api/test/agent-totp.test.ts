import { ERROR_CODES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { runAgentTotp } from '../src/identity/agent-totp.js';
import { totpCode } from '../src/identity/totp.js';
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

  it('validates the code field with the shared schema', async () => {
    const { account } = await enrolledAgent();
    expectFailure(await login(account, { otp: '12ab56' }), 400, ERROR_CODES.badRequest, 'Invalid body field "otp": otpInvalid');
  });
});
