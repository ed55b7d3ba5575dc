import { execFile } from 'node:child_process';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCreateAccount, type CreateAccountIo } from '../src/identity/create-account.js';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../src/seed/demo-accounts.js';
import { call, okData } from './api-calls.js';
import { commandOutput, createTestApp, harnessForFile, testHasher } from './helpers.js';
import { login, loginToken } from './identity-helpers.js';

const harness = harnessForFile(createTestApp);

describe('demo accounts', () => {
  it('seeded by two replicas starting at the same moment: each account made once, neither start fails', async () => {
    const accounts = [
      {
        account: 'seed-race',
        password: 'seed-race-pass',
        email: 'seed-race@demo.example',
        birthday: '2001-02-03',
        phone: null,
        role: 'player' as const,
      },
    ];
    const results = await Promise.all([
      seedDemoAccounts(harness.db, testHasher, accounts),
      seedDemoAccounts(harness.db, testHasher, accounts),
    ]);
    expect(results.map((result) => result.created).sort()).toEqual([0, 1]);
    const { rows } = await harness.db.query<{ count: number }>("SELECT count(*)::int AS count FROM accounts WHERE account = 'seed-race'");
    expect(rows[0]?.count).toBe(1);
  });

  it('are created once, log in with the documented passwords and carry their roles, e-mails, birthdays and phones', async () => {
    expect(await seedDemoAccounts(harness.db, testHasher)).toEqual({ created: 4, completed: 0 });
    expect(await seedDemoAccounts(harness.db, testHasher)).toEqual({ created: 0, completed: 0 });
    for (const demo of DEMO_ACCOUNTS) {
      const token = await loginToken(harness, demo.account, demo.password);
      const info = okData('usersInfo', await call(harness, 'usersInfo', { token }));
      expect(info).toMatchObject({
        account: demo.account,
        type: 'PLATFORM',
        email: demo.email,
        birthday: demo.birthday,
        phone: demo.phone,
      });
      // SPEC §3 user info: every demo account shows a birthday and a phone or an e-mail.
      expect(info.birthday).not.toBeNull();
      expect(info.email ?? info.phone).not.toBeNull();
    }
    const { rows } = await harness.db.query<{ account: string; role: string; lead: boolean }>(
      "SELECT account, role, lead FROM accounts WHERE account IN ('player1', 'player2', 'agent1', 'lead1') ORDER BY account",
    );
    expect(rows).toEqual([
      { account: 'agent1', role: 'agent', lead: false },
      { account: 'lead1', role: 'agent', lead: true },
      { account: 'player1', role: 'player', lead: false },
      { account: 'player2', role: 'player', lead: false },
    ]);
    expect(DEMO_ACCOUNTS.map(({ account, password, email }) => ({ account, password, email }))).toEqual([
      { account: 'player1', password: 'player1-pass', email: 'player1@demo.example' },
      { account: 'player2', password: 'player2-pass', email: 'player2@demo.example' },
      { account: 'agent1', password: 'agent1-pass', email: null },
      { account: 'lead1', password: 'lead1-pass', email: null },
    ]);
  });

  it('never get a changed password, role or e-mail back at the next seed', async () => {
    await seedDemoAccounts(harness.db, testHasher);
    const token = await loginToken(harness, 'agent1', 'agent1-pass');
    okData(
      'changePassword',
      await call(harness, 'changePassword', { token, body: { oldPassword: 'agent1-pass', newPassword: 'Changed-by-operator-1' } }),
    );
    await harness.db.query("UPDATE accounts SET role = 'player', email = 'moved@example.com' WHERE account = 'player2'");
    expect(await seedDemoAccounts(harness.db, testHasher)).toEqual({ created: 0, completed: 0 });
    expect((await login(harness, 'agent1', 'agent1-pass')).status).toBe(401);
    expect((await login(harness, 'agent1', 'Changed-by-operator-1')).status).toBe(200);
    const { rows } = await harness.db.query<{ role: string; email: string }>("SELECT role, email FROM accounts WHERE account = 'player2'");
    expect(rows[0]).toEqual({ role: 'player', email: 'moved@example.com' });
  });

  it('fill in a missing birthday or phone and nothing else', async () => {
    await seedDemoAccounts(harness.db, testHasher);
    await harness.db.query("UPDATE accounts SET phone = NULL WHERE account = 'player1'");
    expect(await seedDemoAccounts(harness.db, testHasher)).toEqual({ created: 0, completed: 1 });
    const { rows } = await harness.db.query<{ phone: string }>("SELECT phone FROM accounts WHERE account = 'player1'");
    expect(rows[0]?.phone).toBe(DEMO_ACCOUNTS[0]?.phone);
  });
});

function io(argv: string[], options: { env?: NodeJS.ProcessEnv; stdin?: string } = {}) {
  const { stdout, stderr, written } = commandOutput();
  const streams: CreateAccountIo = {
    argv,
    env: options.env ?? {},
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    stdout,
    stderr,
  };
  return { streams, output: written };
}

describe('create-account command', () => {
  it('creates a player from ACCOUNT_PASSWORD and an agent from standard input', async () => {
    const player = io(['--', '--account', 'operator-made', '--email', 'made@example.com'], { env: { ACCOUNT_PASSWORD: 'Strong-pass-99' } });
    expect(await runCreateAccount(player.streams, { db: harness.db, hasher: testHasher })).toBe(0);
    expect(player.output().out).toMatch(/Created player account "operator-made" \(id \d+\) with e-mail made@example.com/);
    expect(okData('loginPassword', await login(harness, 'operator-made', 'Strong-pass-99')).type).toBe('PLATFORM');

    const agent = io(['--account', 'agent-made', '--role', 'agent'], { stdin: 'Agent-pass-77\n' });
    expect(await runCreateAccount(agent.streams, { db: harness.db, hasher: testHasher })).toBe(0);
    const { rows } = await harness.db.query<{ role: string }>("SELECT role FROM accounts WHERE account = 'agent-made'");
    expect(rows[0]?.role).toBe('agent');
    expect((await login(harness, 'agent-made', 'Agent-pass-77')).status).toBe(200);
  });

  it('fails with a clear message and exit code 1', async () => {
    const cases: [string[], { env?: NodeJS.ProcessEnv; stdin?: string }, RegExp][] = [
      [['--account', 'x1', '--password', 'Strong-pass-99'], {}, /--password is not accepted/],
      [['--account', 'ok-name', '--password=Strong-pass-99'], {}, /--password is not accepted/],
      [[], { env: { ACCOUNT_PASSWORD: 'Strong-pass-99' } }, /--account is required/],
      [['--account', 'ab'], { env: { ACCOUNT_PASSWORD: 'Strong-pass-99' } }, /Account "ab" must have at least 3 characters/],
      [['--account', 'bad name'], { env: { ACCOUNT_PASSWORD: 'Strong-pass-99' } }, /may use only letters, digits/],
      [
        ['--account', 'fine-name', '--email', 'nope'],
        { env: { ACCOUNT_PASSWORD: 'Strong-pass-99' } },
        /E-mail "nope" is not a valid e-mail address/,
      ],
      [
        ['--account', 'fine-name', '--role', 'admin'],
        { env: { ACCOUNT_PASSWORD: 'Strong-pass-99' } },
        /--role must be one of player, agent/,
      ],
      [['--account', 'fine-name', '--colour', 'red'], { env: { ACCOUNT_PASSWORD: 'Strong-pass-99' } }, /Unknown option '--colour'/],
      [['--account', 'fine-name'], { stdin: '' }, /no password: set ACCOUNT_PASSWORD or send it on standard input/],
      [['--account', 'fine-name'], { env: { ACCOUNT_PASSWORD: 'short1' } }, /The password must have at least 8 characters/],
      [['--account', 'fine-name'], { env: { ACCOUNT_PASSWORD: ' '.repeat(10) } }, /The password may not be only spaces/],
      [['--account', 'fine-name'], { stdin: 'Password1\n' }, /The password is one of the most used ones/],
      [['--account', 'OPERATOR-MADE'], { env: { ACCOUNT_PASSWORD: 'Strong-pass-99' } }, /account named "OPERATOR-MADE" already exists/],
      [
        ['--account', 'other-name', '--email', 'MADE@example.com'],
        { env: { ACCOUNT_PASSWORD: 'Strong-pass-99' } },
        /already bound to another account/,
      ],
    ];
    for (const [argv, options, message] of cases) {
      const run = io(argv, options);
      expect(await runCreateAccount(run.streams, { db: harness.db, hasher: testHasher }), argv.join(' ')).toBe(1);
      expect(run.output().err, argv.join(' ')).toMatch(message);
      expect(run.output().err).not.toContain('Strong-pass-99');
      expect(run.output().out).toBe('');
    }
    const { rows } = await harness.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM accounts WHERE account IN ('fine-name', 'other-name', 'x1')",
    );
    expect(rows[0]?.count).toBe(0);
  });

  it('runs as a process that exits 1 on a refused call (the password never goes on the command line)', async () => {
    const apiRoot = fileURLToPath(new URL('..', import.meta.url));
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        path.join(apiRoot, 'node_modules', '.bin', 'tsx'),
        ['src/identity/create-account-cli.ts', '--', '--account', 'process-made', '--password', 'Process-pass-1'],
        { cwd: apiRoot, env: { ...process.env, ACCOUNT_PASSWORD: '' }, timeout: 60_000 },
        (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
      );
      child.stdin?.end();
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^create-account: --password is not accepted/);
    expect(result.stderr).toContain('Usage: pnpm --filter api run create-account');
  }, 60_000);
});
