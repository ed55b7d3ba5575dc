import { Readable } from 'node:stream';
import { ERROR_CODES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { runAgentTotp } from '../src/identity/agent-totp.js';
import { createPlatformAccount } from '../src/identity/accounts.js';
import { runCreateAccount } from '../src/identity/create-account.js';
import { totpCode } from '../src/identity/totp.js';
import { call, expectFailure } from './api-calls.js';
import { commandOutput, createTestApp, harnessForFile, testHasher } from './helpers.js';
import { PASSWORD, createAccount, unique } from './identity-helpers.js';

/** REQUIRE_AGENT_TOTP (on by default with NODE_ENV=production): an agent logs in only with an authenticator. */
const harness = harnessForFile(() => createTestApp({ requireAgentTotp: true }));

function login(account: string, extra: { otp?: string; ip?: string; password?: string } = {}) {
  return call(harness, 'loginPassword', {
    body: { account, password: extra.password ?? PASSWORD, ...(extra.otp ? { otp: extra.otp } : {}) },
    ip: extra.ip ?? unique().ip,
  });
}

/** Runs `agent-totp` on the test database; the secret it printed. */
async function enrol(account: string): Promise<string> {
  const { stdout, stderr, written } = commandOutput();
  expect(await runAgentTotp({ argv: ['--account', account], env: {}, stdout, stderr }, { db: harness.db, now: harness.clock.now })).toBe(0);
  const secret = /secret: ([A-Z2-7]{32})/.exec(written().out)?.[1];
  if (!secret) throw new Error(`no secret in: ${written().out}`);
  return secret;
}

/** Runs `create-account` on the test database with this environment; its exit code and output. */
async function createAccountCommand(argv: string[], env: NodeJS.ProcessEnv) {
  const { stdout, stderr, written } = commandOutput();
  const stdin = Object.assign(Readable.from([]), { isTTY: false });
  const code = await runCreateAccount(
    { argv, env: { ACCOUNT_PASSWORD: PASSWORD, ...env }, stdin, stdout, stderr },
    { db: harness.db, hasher: testHasher, now: harness.clock.now },
  );
  return { code, ...written() };
}

describe('REQUIRE_AGENT_TOTP', () => {
  it('refuses an agent and a lead with no authenticator after the right password, and no player', async () => {
    const agent = await createAccount(harness, { role: 'agent' });
    const lead = await createPlatformAccount(
      harness.db,
      testHasher,
      { account: unique('lead').name, password: PASSWORD, email: null, role: 'agent', lead: true },
      harness.clock.now(),
    );
    for (const { account } of [agent, lead]) {
      expectFailure(await login(account), 401, ERROR_CODES.invalidCredentials, 'totpNotEnrolled');
      // A code sent anyway changes nothing: there is no secret to check it against.
      expectFailure(await login(account, { otp: '123456' }), 401, ERROR_CODES.invalidCredentials, 'totpNotEnrolled');
      // A wrong password learns nothing of the enrolment.
      expectFailure(await login(account, { password: 'Not-the-password-1' }), 401, ERROR_CODES.invalidCredentials, 'invalidCredentials');
    }
    const player = await createAccount(harness);
    expect((await login(player.account)).status).toBe(200);
    const { rows } = await harness.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM account_events WHERE account_id = ANY($1::int[]) AND kind = 'login'",
      [[agent.id, lead.id]],
    );
    expect(rows[0]?.count).toBe(0);
  });

  it('counts the refusal as no failed attempt, and logs the agent in with a code once an operator enrolled one', async () => {
    const agent = await createAccount(harness, { role: 'agent' });
    const ip = unique().ip;
    // More than the five failures that lock an account at one address.
    for (let attempt = 0; attempt < 7; attempt += 1) {
      expectFailure(await login(agent.account, { ip }), 401, ERROR_CODES.invalidCredentials, 'totpNotEnrolled');
    }
    const secret = await enrol(agent.account);
    expectFailure(await login(agent.account, { ip }), 401, ERROR_CODES.invalidCredentials, 'otpRequired');
    expect((await login(agent.account, { ip, otp: totpCode(secret, agent.account, harness.clock.now()) })).status).toBe(200);
  });

  it('has create-account enrol an agent it makes (printed once, as agent-totp does), never a player', async () => {
    const name = unique('desk').name;
    const made = await createAccountCommand(['--account', name, '--role', 'agent'], { REQUIRE_AGENT_TOTP: '1' });
    expect(made.code).toBe(0);
    expect(made.out).toContain(`Created agent account "${name}"`);
    expect(made.out).toContain('otpauth://totp/');
    const secret = /secret: ([A-Z2-7]{32})/.exec(made.out)?.[1];
    if (!secret) throw new Error(`no secret in: ${made.out}`);
    expect(made.out).toContain(`secret=${secret}`);
    expect(made.out).toContain(`should show ${totpCode(secret, name, harness.clock.now())} now`);
    expectFailure(await login(name), 401, ERROR_CODES.invalidCredentials, 'otpRequired');
    expect((await login(name, { otp: totpCode(secret, name, harness.clock.now()) })).status).toBe(200);

    const player = await createAccountCommand(['--account', unique('plain').name], { REQUIRE_AGENT_TOTP: '1' });
    expect(player.code).toBe(0);
    expect(player.out).not.toContain('otpauth://');
  });

  it('leaves the enrolment to agent-totp when the setting is off where create-account runs, and says so', async () => {
    const name = unique('desk').name;
    const made = await createAccountCommand(['--account', name, '--role', 'agent'], { REQUIRE_AGENT_TOTP: '0' });
    expect(made.code).toBe(0);
    expect(made.out).not.toContain('otpauth://');
    expect(made.out).toContain(`agent-totp -- --account ${name}`);
    // This API requires it: the agent is refused until enrolled.
    expectFailure(await login(name), 401, ERROR_CODES.invalidCredentials, 'totpNotEnrolled');
  });
});
