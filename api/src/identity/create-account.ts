import { parseArgs } from 'node:util';
import { ACCOUNT_RULES } from 'shared-contracts';
import { accountNameSchema, emailSchema, newPasswordSchema } from 'shared-contracts/schemas';
import type { z } from 'zod';
import { ConfigError, loadConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { describeDatabase, openDatabase } from '../db/open.js';
import { AccountExistsError, EmailTakenError, createPlatformAccount } from './accounts.js';
import { enrolmentText } from './agent-totp.js';
import { isCommonPassword } from './common-passwords.js';
import { DEFAULT_PASSWORD_HASHING, PasswordHasher } from './passwords.js';
import { TotpSecrets } from './totp-secrets.js';
import { ROLES, type Role } from './types.js';

export const USAGE =
  'Usage: pnpm --filter api run create-account -- --account NAME [--email ADDRESS] [--role player|agent] [--lead]\n' +
  "  --lead gives an agent the support lead's permission (the lead's dashboard); it needs --role agent.\n" +
  '  With REQUIRE_AGENT_TOTP (on in production) an agent gets its authenticator secret too, printed once as with\n' +
  '  agent-totp: it could not log in without one.\n' +
  '  The password comes from the ACCOUNT_PASSWORD environment variable, or from standard input\n' +
  '  (piped, or typed at a hidden prompt). It is never accepted as an argument: arguments end up in shell\n' +
  '  histories and process lists.\n';

/** English for the shared schemas' message keys, for an operator at a terminal. */
const EXPLANATIONS: Record<string, string> = {
  accountTooShort: `must have at least ${ACCOUNT_RULES.accountMin} characters`,
  accountTooLong: `must have at most ${ACCOUNT_RULES.accountMax} characters`,
  accountCharacters: 'may use only letters, digits and . _ @ -',
  passwordTooShort: `must have at least ${ACCOUNT_RULES.passwordMin} characters`,
  passwordTooLong: `must have at most ${ACCOUNT_RULES.passwordMax} characters`,
  passwordBlank: 'may not be only spaces',
  emailInvalid: 'is not a valid e-mail address',
};

export class CommandError extends Error {
  constructor(
    message: string,
    readonly showUsage = false,
  ) {
    super(message);
    this.name = 'CommandError';
  }
}

function check<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = [...new Set(parsed.error.issues.map((issue) => EXPLANATIONS[issue.message] ?? issue.message))];
  throw new CommandError(`${what} ${problems.join('; ')}`);
}

export interface CreateAccountArguments {
  account: string;
  email: string | null;
  role: Role;
  lead: boolean;
}

export function parseCreateAccountArgs(argv: readonly string[]): CreateAccountArguments {
  // `pnpm run x -- --account a` hands the separator through.
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  if (args.some((arg) => /^--?password(=|$)/i.test(arg))) {
    throw new CommandError('--password is not accepted: set ACCOUNT_PASSWORD or send the password on standard input', true);
  }
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { account: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' }, lead: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CommandError((error as Error).message, true);
  }
  if (values.account === undefined) throw new CommandError('--account is required', true);
  const role = values.role ?? 'player';
  if (!(ROLES as readonly string[]).includes(role)) throw new CommandError(`--role must be one of ${ROLES.join(', ')}`, true);
  const lead = values.lead ?? false;
  if (lead && role !== 'agent') throw new CommandError('--lead is for agents only: add --role agent', true);
  return {
    account: check(accountNameSchema, values.account, `Account "${values.account}"`),
    email: values.email === undefined ? null : check(emailSchema, values.email, `E-mail "${values.email}"`),
    role: role as Role,
    lead,
  };
}

export interface PasswordInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?: (mode: boolean) => unknown;
}

async function readAll(input: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads one line at a terminal without echoing it. */
function promptHidden(input: PasswordInput, prompt: NodeJS.WritableStream, question: string): Promise<string> {
  const setRawMode = input.setRawMode?.bind(input);
  if (!setRawMode) return Promise.reject(new CommandError('cannot hide typing on this terminal; use ACCOUNT_PASSWORD'));
  prompt.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      setRawMode(false);
      input.pause();
      input.removeListener('data', onData);
      prompt.write('\n');
    };
    const onData = (chunk: Buffer | string) => {
      for (const character of chunk.toString()) {
        if (character === '\r' || character === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (character === '\u0003' || character === '\u0004') {
          finish();
          reject(new CommandError('cancelled'));
          return;
        }
        if (character === '\u007f' || character === '\b') value = value.slice(0, -1);
        else value += character;
      }
    };
    setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}

/** ACCOUNT_PASSWORD, else standard input (a pipe's content without its final line break, or a hidden prompt). */
export async function readPassword(env: NodeJS.ProcessEnv, input: PasswordInput, prompt: NodeJS.WritableStream): Promise<string> {
  const fromEnv = env.ACCOUNT_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (input.isTTY) {
    const first = await promptHidden(input, prompt, 'Password: ');
    const second = await promptHidden(input, prompt, 'Repeat the password: ');
    if (first !== second) throw new CommandError('the two passwords differ');
    return first;
  }
  const piped = (await readAll(input)).replace(/\r?\n$/, '');
  if (piped === '') throw new CommandError('no password: set ACCOUNT_PASSWORD or send it on standard input', true);
  return piped;
}

export interface CreateAccountIo {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  stdin: PasswordInput;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export interface CreateAccountOptions {
  /** An open, migrated database (tests); by default the configured one is opened, migrated and closed. */
  db?: Database;
  hasher?: PasswordHasher;
  now?: () => Date;
}

/** The `create-account` operator command; resolves to the process exit code and never throws. */
export async function runCreateAccount(io: CreateAccountIo, options: CreateAccountOptions = {}): Promise<number> {
  try {
    const args = parseCreateAccountArgs(io.argv);
    const password = check(newPasswordSchema, await readPassword(io.env, io.stdin, io.stderr), 'The password');
    if (isCommonPassword(password)) throw new CommandError('The password is one of the most used ones: choose another');
    const hasher = options.hasher ?? new PasswordHasher(DEFAULT_PASSWORD_HASHING);
    const config = loadConfig(io.env);
    const now = (options.now ?? (() => new Date()))();
    // An agent the API would refuse without a second factor gets it at once: no password-only window, no second step.
    const enrol = args.role === 'agent' && config.requireAgentTotp;
    let where = 'the database';
    let enrolment = '';
    const create = async (db: Database) => {
      const account = await createPlatformAccount(db, hasher, { ...args, password });
      if (enrol) enrolment = enrolmentText(account.account, await new TotpSecrets(config.totpSecretKey).enrol(db, account.id, now), now);
      return account;
    };
    let created;
    if (options.db) {
      created = await create(options.db);
    } else {
      where = describeDatabase(config.database);
      const db = await openDatabase(config.database);
      try {
        await migrate(db);
        created = await create(db);
      } finally {
        await db.close();
      }
    }
    io.stdout.write(
      `Created ${created.lead ? 'lead ' : ''}${created.role} account "${created.account}" (id ${created.id})` +
        `${args.email ? ` with e-mail ${args.email}` : ''} in ${where}\n`,
    );
    if (enrolment) io.stdout.write(enrolment);
    else if (created.role === 'agent') {
      io.stdout.write(`It logs in with its password alone until enrolled: agent-totp -- --account ${created.account}\n`);
    }
    return 0;
  } catch (error) {
    const known =
      error instanceof CommandError ||
      error instanceof AccountExistsError ||
      error instanceof EmailTakenError ||
      error instanceof ConfigError;
    io.stderr.write(`create-account: ${error instanceof Error ? error.message : String(error)}\n`);
    if (error instanceof CommandError && error.showUsage) io.stderr.write(USAGE);
    if (!known && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
    return 1;
  }
}
