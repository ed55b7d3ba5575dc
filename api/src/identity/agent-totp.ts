import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { describeDatabase, openDatabase } from '../db/open.js';
import { totpCode, totpUri } from './totp.js';
import { TotpSecrets } from './totp-secrets.js';

export const AGENT_TOTP_USAGE =
  'Usage: pnpm --filter api run agent-totp -- --account NAME [--remove]\n' +
  '  Enrols a new authenticator (TOTP) secret for an agent account, replacing any earlier one, and prints it as an\n' +
  '  otpauth:// address to add to an authenticator app (or type its secret in). From then on the agent logs in\n' +
  "  with the password and the app's current code. --remove takes the second factor away (a lost phone): the agent\n" +
  '  logs in with the password alone until enrolled again, or not at all with REQUIRE_AGENT_TOTP (on in production).\n' +
  '  The secret is stored sealed with TOTP_SECRET_KEY: run it with the same key as the API.\n';

class AgentTotpError extends Error {}

export interface AgentTotpIo {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export interface AgentTotpOptions {
  /** An open, migrated database (tests); by default the configured one is opened, migrated and closed. */
  db?: Database;
  now?: () => Date;
}

/** What the operator is shown of a new enrolment, once (agent-totp, and create-account with REQUIRE_AGENT_TOTP). */
export function enrolmentText(account: string, secret: string, now: Date): string {
  return (
    `Second factor enrolled for agent "${account}". Add it to an authenticator app (the address as a QR code, or\n` +
    `the secret typed in), then log in with the password and the app's current code:\n` +
    `  ${totpUri(secret, account)}\n` +
    `  secret: ${secret}\n` +
    `The app should show ${totpCode(secret, account, now)} now. Shown this once: it is not printed again.\n`
  );
}

async function apply(db: Database, secrets: TotpSecrets, account: string, remove: boolean, now: Date): Promise<string> {
  const { rows } = await db.query<{ id: number; account: string; role: string }>(
    'SELECT id, account, role FROM accounts WHERE lower(account) = lower($1)',
    [account],
  );
  const row = rows[0];
  if (!row) throw new AgentTotpError(`no account named "${account}"`);
  if (row.role !== 'agent') throw new AgentTotpError(`"${row.account}" is not an agent: the second factor is for agent accounts`);
  if (remove) {
    await db.query('UPDATE accounts SET totp_secret = NULL, totp_last_step = NULL, updated_at = $2 WHERE id = $1', [row.id, now]);
    return (
      `Second factor removed from agent "${row.account}": it logs in with its password alone until enrolled again` +
      ` (with REQUIRE_AGENT_TOTP, not at all).\n`
    );
  }
  return enrolmentText(row.account, await secrets.enrol(db, row.id, now), now);
}

/** The `agent-totp` operator command; resolves to the process exit code and never throws. */
export async function runAgentTotp(io: AgentTotpIo, options: AgentTotpOptions = {}): Promise<number> {
  try {
    const args = io.argv[0] === '--' ? io.argv.slice(1) : [...io.argv];
    let values;
    try {
      ({ values } = parseArgs({
        args,
        options: { account: { type: 'string' }, remove: { type: 'boolean' } },
        strict: true,
        allowPositionals: false,
      }));
    } catch (error) {
      throw new AgentTotpError((error as Error).message);
    }
    if (!values.account) throw new AgentTotpError('--account is required');
    const now = (options.now ?? (() => new Date()))();
    const config = loadConfig(io.env);
    const secrets = new TotpSecrets(config.totpSecretKey);
    if (options.db) {
      io.stdout.write(await apply(options.db, secrets, values.account, values.remove === true, now));
      return 0;
    }
    const db = await openDatabase(config.database);
    try {
      await migrate(db);
      io.stdout.write(await apply(db, secrets, values.account, values.remove === true, now));
      io.stdout.write(`(${describeDatabase(config.database)})\n`);
    } finally {
      await db.close();
    }
    return 0;
  } catch (error) {
    io.stderr.write(`agent-totp: ${error instanceof Error ? error.message : String(error)}\n`);
    if (error instanceof AgentTotpError) io.stderr.write(AGENT_TOTP_USAGE);
    else if (!(error instanceof ConfigError) && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
    return 1;
  }
}
