import { randomUUID } from 'node:crypto';
import { ACCOUNT_RULES, ERROR_CODES } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { DEFAULT_IDENTITY_LIMITS } from 'api/testing';
import { envelopeOf, passwordLogin, type ApiUnderTest, type InjectAnswer } from './api-under-test.js';

/**
 * Issue 6 "brute force and code guessing: refused and throttled", and "token leaks (URL, logs)": password
 * guessing against one account from many addresses (which must not keep its owner out), password spraying from one address, reset-code guessing from
 * many addresses, a flood of code requests, each spread over two API replicas on one database (the throttles
 * must hold across them). Then every answer is checked for redirects and the logs for every secret involved.
 */

/** Addresses the first password attack takes in turn: enough for the account's ceiling within theirs. */
const GUESSING_ADDRESSES = 8;

/** The address of the first password attack's guess `index`. */
export function guessingAddress(index: number): string {
  return `203.0.0.${index % GUESSING_ADDRESSES}`;
}

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
}

/** A mailer keeping messages in memory (the API's Mailer interface), so codes can be read back. */
export function memoryMailer(): {
  mailer: { send(message: CapturedMail): Promise<void>; description: string; close(): Promise<void> };
  sent: CapturedMail[];
} {
  const sent: CapturedMail[] = [];
  return {
    sent,
    mailer: {
      description: 'memory',
      async send(message) {
        sent.push(message);
      },
      async close() {},
    },
  };
}

export interface AbuseSubject {
  /** Two replicas of the API over one database. */
  replicas: readonly [ApiUnderTest, ApiUnderTest];
  /** Mail both replicas sent, in order (reset mails go out after the answer: wait for them). */
  sent: CapturedMail[];
  /** Everything both replicas logged so far. */
  logs: () => string;
  /** The account under attack (a player with an e-mail address and a password). */
  victim: { account: string; password: string; email: string };
  /** Account names a sprayer tries (none needs to exist: unknown names are throttled like real ones). */
  others: readonly string[];
  /** Another real account whose session token is looked for in the logs too. */
  bystander: { account: string; password: string };
  limits: { loginPerAccount: number; loginPerIp: number; codeChecksPerIp: number; codeSendsPerAddress: number };
}

/** The demo accounts as victim and bystander, `sprayed` made-up names, and the API's default limits. */
export function demoAbuseTargets(sprayed: number): Pick<AbuseSubject, 'victim' | 'others' | 'bystander' | 'limits'> {
  return {
    victim: { account: 'player1', password: 'player1-pass', email: 'player1@demo.example' },
    others: Array.from({ length: sprayed }, (_, index) => `sprayed${index}`),
    bystander: { account: 'player2', password: 'player2-pass' },
    limits: {
      loginPerAccount: DEFAULT_IDENTITY_LIMITS.loginPerAccount.max,
      loginPerIp: DEFAULT_IDENTITY_LIMITS.loginPerIp.max,
      codeChecksPerIp: DEFAULT_IDENTITY_LIMITS.codeChecksPerIp.max,
      codeSendsPerAddress: DEFAULT_IDENTITY_LIMITS.codeSendsPerAddress.max,
    },
  };
}

export interface AttackFigures {
  attack: string;
  tried: number;
  /** Answered on the merits: the password or code was actually checked (and was wrong). */
  checked: number;
  /** Refused by a throttle (4290) before any check. */
  throttled: number;
  /** Got in: a session, a password reset, a code sent beyond the limit. */
  succeeded: number;
  /** The most checks the limits allow for this attack; null where checks are not what is bounded. */
  allowed: number | null;
  other: number;
}

export interface AbuseResult {
  attacks: AttackFigures[];
  /** Answers with a 3xx status or a Location header (the API never redirects; a token must never ride one). */
  redirects: number;
  /** Secrets (tokens, passwords, codes) found in the logs. */
  logLeaks: string[];
  secretsSearched: number;
  problems: string[];
}

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });

function tally(figures: AttackFigures, answer: InjectAnswer, checkedCode: number): void {
  figures.tried += 1;
  const code = envelopeOf(answer)?.code;
  if (code === 1) figures.succeeded += 1;
  else if (code === ERROR_CODES.tooManyRequests) figures.throttled += 1;
  else if (code === checkedCode) figures.checked += 1;
  else figures.other += 1;
}

async function waitForMail(sent: CapturedMail[], count: number): Promise<void> {
  for (let wait = 0; sent.length < count && wait < 100; wait += 1) await new Promise((resolve) => setTimeout(resolve, 50));
}

export async function runAbuse(subject: AbuseSubject, guesses: number): Promise<AbuseResult> {
  const { replicas, victim, limits } = subject;
  const secrets = new Set<string>([victim.password]);
  let redirects = 0;
  const send = async (index: number, request: Parameters<ApiUnderTest['inject']>[0]) => {
    const answer = await replicas[index % 2]!.inject(request);
    if ((answer.statusCode >= 300 && answer.statusCode < 400) || answer.headers.location !== undefined) redirects += 1;
    return answer;
  };
  /** A JSON POST from `remoteAddress`, to one replica or the other by `index`. */
  const post = (index: number, url: string, remoteAddress: string, body: unknown) =>
    send(index, { method: 'POST', url, remoteAddress, ...json(body) });
  const attacks: AttackFigures[] = [];
  const attack = (name: string, allowed: number | null): AttackFigures => {
    const figures = { attack: name, tried: 0, checked: 0, throttled: 0, succeeded: 0, allowed, other: 0 };
    attacks.push(figures);
    return figures;
  };

  // 1. Guessing one account's password from a few addresses in turn: the account's ceiling, then every one of them
  // has failed there and is refused. Then from new addresses, twice each: past the ceiling each gets one check.
  const guessing = attack(`password guesses at ${victim.account} from ${GUESSING_ADDRESSES} addresses in turn`, limits.loginPerAccount);
  for (let index = 0; index < guesses; index += 1) {
    const password = `Guess-${index}-${randomUUID().slice(0, 8)}`;
    if (index < 5) secrets.add(password);
    tally(
      guessing,
      await post(index, ENDPOINTS.loginPassword.path, guessingAddress(index), { account: victim.account, password }),
      ERROR_CODES.invalidCredentials,
    );
  }
  const freshAddresses = attack(
    `password guesses at ${victim.account} past its ceiling, twice from each new address`,
    Math.ceil(guesses / 2),
  );
  for (let index = 0; index < guesses; index += 1) {
    const password = `Fresh-${index}-${randomUUID().slice(0, 8)}`;
    const address = `203.3.${(index >> 1) >> 8}.${(index >> 1) & 255}`;
    tally(
      freshAddresses,
      await post(index, ENDPOINTS.loginPassword.path, address, { account: victim.account, password }),
      ERROR_CODES.invalidCredentials,
    );
  }
  // The owner: refused at an address that guessed, logged in from one of their own (SEC review 35 #2).
  const atGuesser = envelopeOf(
    await post(1, ENDPOINTS.loginPassword.path, guessingAddress(0), { account: victim.account, password: victim.password }),
  );
  const atOwn = envelopeOf(
    await post(0, ENDPOINTS.loginPassword.path, '198.18.0.1', { account: victim.account, password: victim.password }),
  );
  const ownerToken = (atOwn?.data as { token?: unknown } | null | undefined)?.token;
  if (typeof ownerToken === 'string') secrets.add(ownerToken);

  // 2. Spraying one common password over many accounts from one address.
  const spraying = attack('password spraying from one address', limits.loginPerIp);
  for (let index = 0; index < guesses; index += 1) {
    const account = subject.others[index % subject.others.length]!;
    tally(
      spraying,
      await post(index, ENDPOINTS.loginPassword.path, '198.18.1.1', { account, password: 'Password123!' }),
      ERROR_CODES.invalidCredentials,
    );
  }

  // 3. Guessing the e-mailed reset code from a new address each time; afterwards the real code must be dead.
  const mailsBefore = subject.sent.length;
  await post(0, ENDPOINTS.forgotPassword.path, '198.18.2.1', { email: victim.email });
  await waitForMail(subject.sent, mailsBefore + 1);
  const realCode = /\b(\d{6})\b/.exec(subject.sent.at(-1)?.text ?? '')?.[1];
  if (realCode) secrets.add(realCode);
  // Each guess is checked (4012), but the code dies after ACCOUNT_RULES.codeAttemptsMax wrong ones and a new
  // one takes a mail, of which an address gets a few an hour: the real code must not work afterwards.
  const codeGuessing = attack(`reset-code guesses, a new address each (code dies after ${ACCOUNT_RULES.codeAttemptsMax})`, null);
  for (let index = 0; index < guesses; index += 1) {
    let code = String((index * 7919) % 1_000_000).padStart(6, '0');
    if (code === realCode) code = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    tally(
      codeGuessing,
      await post(index, ENDPOINTS.resetPassword.path, `203.1.${index >> 8}.${index & 255}`, {
        email: victim.email,
        code,
        newPassword: 'Taken-over-pass-1',
      }),
      ERROR_CODES.codeRejected,
    );
  }
  const deadCode = realCode
    ? await post(1, ENDPOINTS.resetPassword.path, '198.18.2.2', { email: victim.email, code: realCode, newPassword: 'Taken-over-pass-1' })
    : null;

  // 4. Guessing codes from one address: the per-address throttle, whatever the code.
  const oneAddress = attack('reset-code guesses from one address', limits.codeChecksPerIp);
  for (let index = 0; index < guesses; index += 1) {
    tally(
      oneAddress,
      await post(index, ENDPOINTS.resetPassword.path, '198.18.3.1', {
        email: `nobody${index}@example.test`,
        code: '123456',
        newPassword: 'Taken-over-pass-1',
      }),
      ERROR_CODES.codeRejected,
    );
  }

  // 5. Asking for reset mails to the victim over and over (mail bombing): the mails actually sent count.
  const flood = attack('reset mails asked for one address (succeeded = mails sent)', limits.codeSendsPerAddress);
  const mailsBeforeFlood = subject.sent.length;
  for (let index = 0; index < guesses; index += 1) {
    const answer = await post(index, ENDPOINTS.forgotPassword.path, `203.2.${index >> 8}.${index & 255}`, { email: victim.email });
    flood.tried += 1;
    if (envelopeOf(answer)?.code === ERROR_CODES.tooManyRequests) flood.throttled += 1;
    else flood.other += 1;
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  flood.succeeded = subject.sent.length - mailsBeforeFlood;

  const problems: string[] = [];
  for (const figures of [guessing, freshAddresses, spraying, codeGuessing, oneAddress]) {
    if (figures.succeeded > 0) problems.push(`${figures.attack}: ${figures.succeeded} got in`);
    if (figures.allowed !== null && figures.checked > figures.allowed)
      problems.push(`${figures.attack}: ${figures.checked} checked, the limit allows ${figures.allowed}`);
    if (figures.other > 0) problems.push(`${figures.attack}: ${figures.other} answers neither checked nor throttled`);
  }
  if (flood.succeeded > limits.codeSendsPerAddress)
    problems.push(`${flood.succeeded} reset mails sent, the limit allows ${limits.codeSendsPerAddress}`);
  if (atGuesser?.code !== ERROR_CODES.tooManyRequests)
    problems.push(`the right password from an address that guessed answered ${atGuesser?.code}, not 4290`);
  if (atOwn?.code !== 1) problems.push(`the owner, from an address that never failed, was refused with ${atOwn?.code}`);
  if (!realCode) problems.push('no reset mail arrived');
  else if (envelopeOf(deadCode!)?.code === 1) problems.push('the real reset code still worked after the guesses');

  secrets.add(subject.bystander.password);
  secrets.add(await passwordLogin(replicas[1], subject.bystander.account, subject.bystander.password, '198.18.9.9'));
  if (redirects > 0) problems.push(`${redirects} answers redirected`);
  const output = subject.logs();
  const logLeaks = [...secrets].filter((secret) => output.includes(secret));
  for (const leak of logLeaks) problems.push(`the logs contain a secret (${leak.slice(0, 4)}...)`);
  return { attacks, redirects, logLeaks, secretsSearched: secrets.size, problems };
}
