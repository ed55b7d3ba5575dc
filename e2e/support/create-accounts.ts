import { writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { loadConfig, migrate, openDatabase, runAgentTotp, runCreateAccount } from 'api/testing/accounts';
import { MUTABLE } from './accounts.js';
import { DESK_ACCOUNTS } from './desk-accounts.js';
import { DRILL_ACCOUNTS } from './drill-accounts.js';
import { INQUIRY_ACCOUNTS } from './inquiry-accounts.js';

/**
 * The operator command (`create-account`, README "Accounts"), once per account the browser tests change, before the
 * API opens the embedded database. One process opens the database once for all of them: a process per account took
 * a minute and more before the API could start. The commands run at once: each hashes its password with the
 * production's argon2 parameters on a thread of its own, while the one database answers their queries in turn.
 */
/**
 * The operator command `agent-totp` for one agent; the secret it prints (for the agent's authenticator app) goes to
 * TOTP_SECRET_FILE, where the login test reads it to compute the app's codes.
 */
async function enrolSecondFactor(account: string): Promise<void> {
  let printed = '';
  const stdout = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      printed += String(chunk);
      done();
    },
  });
  const io = { argv: ['--account', account], env: process.env, stdout, stderr: process.stderr };
  if ((await runAgentTotp(io, { db })) !== 0) throw new Error(`agent-totp refused ${account}`);
  const secret = /secret: ([A-Z2-7]+)/.exec(printed)?.[1];
  const file = process.env.TOTP_SECRET_FILE;
  if (!secret || !file) throw new Error('agent-totp printed no secret, or TOTP_SECRET_FILE is not set');
  writeFileSync(file, secret);
}

const config = loadConfig(process.env);
const db = await openDatabase(config.database);
try {
  await migrate(db);
  const entries = Object.values({ ...MUTABLE, ...INQUIRY_ACCOUNTS, ...DRILL_ACCOUNTS, ...DESK_ACCOUNTS });
  const create = async (entry: (typeof entries)[number]) => {
    const { account, password, email } = entry;
    const argv = ['--account', account, ...(email ? ['--email', email] : []), ...('role' in entry ? ['--role', entry.role] : [])];
    const io = {
      argv,
      env: { ...process.env, ACCOUNT_PASSWORD: password },
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: process.stderr,
    };
    if ((await runCreateAccount(io, { db })) !== 0) throw new Error(`create-account refused ${account}`);
  };
  await Promise.all(entries.map(create));
  await enrolSecondFactor(DESK_ACCOUNTS.twoFactorAgent.account);
} finally {
  await db.close();
}
