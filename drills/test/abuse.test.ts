import { ACCOUNT_RULES } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IDENTITY_LIMITS, DiskFileStore, buildApp, loggerOptions } from 'api/testing';
import { TEST_PASSWORD_HASHING, capturedLog, createTicketHarness, login, type TicketHarness } from 'api/testing/vitest';
import { demoAbuseTargets, guessingAddress, memoryMailer, runAbuse, type AbuseResult } from '../src/api/abuse.js';

/**
 * Issue 6 brute force, code guessing and token leaks, fast variant (`npm run drills` sends 500 of each): every
 * attack alternates between two API replicas on one database, so a throttle kept in one process would let twice
 * as many through. Both replicas log at trace level; the logs are searched for every secret involved.
 */
const GUESSES = 30;
const mail = memoryMailer();
const log = capturedLog();

let harness: TicketHarness;
let replica: Awaited<ReturnType<typeof buildApp>>;
let result: AbuseResult;

beforeAll(async () => {
  harness = await createTicketHarness({ mailer: mail.mailer, logger: loggerOptions('trace', log.stream) });
  replica = await buildApp({
    db: harness.db,
    passwordHashing: TEST_PASSWORD_HASHING,
    now: harness.clock.now,
    mailer: mail.mailer,
    fileStore: new DiskFileStore(harness.filesDir),
    uploadCleanupIntervalMs: false,
    logger: loggerOptions('trace', log.stream),
  });
  result = await runAbuse(
    {
      replicas: [harness.app, replica],
      sent: mail.sent,
      logs: log.text,
      ...demoAbuseTargets(12),
    },
    GUESSES,
  );
}, 120_000);

afterAll(async () => {
  await replica?.close();
  await harness?.cleanup();
});

const figures = (prefix: string) => {
  const found = result.attacks.find((attack) => attack.attack.startsWith(prefix));
  if (!found) throw new Error(`no attack ${prefix}`);
  return found;
};

describe('brute force and code guessing over two replicas', () => {
  it('lets no attack in, answers nothing with a redirect and logs no secret', () => {
    expect(result.problems).toEqual([]);
    expect(result.redirects).toBe(0);
    expect(result.logLeaks).toEqual([]);
    // Passwords, the real reset code and a session token were looked for.
    expect(result.secretsSearched).toBeGreaterThanOrEqual(8);
  });

  it('checks exactly as many passwords as the limits allow, counted across both replicas', () => {
    expect(figures('password guesses at player1 from')).toMatchObject({
      tried: GUESSES,
      checked: DEFAULT_IDENTITY_LIMITS.loginPerAccount.max,
      succeeded: 0,
    });
    // Past the account's ceiling each new address has one guess checked, its second refused.
    expect(figures('password guesses at player1 past')).toMatchObject({
      tried: GUESSES,
      checked: GUESSES / 2,
      throttled: GUESSES / 2,
      succeeded: 0,
    });
    expect(figures('password spraying')).toMatchObject({ tried: GUESSES, checked: DEFAULT_IDENTITY_LIMITS.loginPerIp.max, succeeded: 0 });
    expect(figures('reset-code guesses from one address')).toMatchObject({
      checked: DEFAULT_IDENTITY_LIMITS.codeChecksPerIp.max,
      succeeded: 0,
    });
  });

  it(`kills a reset code after ${ACCOUNT_RULES.codeAttemptsMax} wrong guesses from anywhere, and mails no more codes than allowed`, () => {
    expect(figures('reset-code guesses, a new address each')).toMatchObject({ tried: GUESSES, succeeded: 0, throttled: 0 });
    expect(figures('reset mails').succeeded).toBeLessThanOrEqual(DEFAULT_IDENTITY_LIMITS.codeSendsPerAddress.max);
    expect(figures('reset mails').throttled).toBe(GUESSES);
  });

  it('lets the owner in from a fresh address at once, and from an address that guessed once the window has passed', async () => {
    expect((await login(harness, 'player1', 'player1-pass', '198.18.10.1')).status).toBe(200);
    expect((await login(harness, 'player1', 'player1-pass', guessingAddress(1))).status).toBe(429);
    harness.clock.advance({ seconds: DEFAULT_IDENTITY_LIMITS.loginPerAccount.windowSeconds + 1 });
    expect((await login(harness, 'player1', 'player1-pass', guessingAddress(1))).status).toBe(200);
  });
});
