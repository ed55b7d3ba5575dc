import { ACCOUNT_RULES, ERROR_CODES } from 'shared-contracts';
import type { Database } from '../db/database.js';
import { ApiFailure } from '../http/api-failure.js';
import type { IdentityLimits } from './limits.js';
import { IDENTITY_MESSAGES, identityFailure } from './refusals.js';
import { Throttle, type ThrottleEntry } from './throttle.js';

const BUCKETS = {
  loginAccountIp: 'login_account_ip',
  loginAccount: 'login_account',
  loginIp: 'login_ip',
  codeSendEmail: 'code_send_email',
  codeSendAccount: 'code_send_account',
  codeSendIp: 'code_send_ip',
  codeCheckIp: 'code_check_ip',
} as const;

/** Who an account is, as the watch reports it: `unknown` for a name no account has. */
export type AccountStanding = 'player' | 'agent' | 'lead' | 'unknown';

/**
 * What operators see of the limits (the API's metrics and log): each refusal by the bucket that refused it, and each
 * account whose failures passed the per-account ceiling, once as it passes.
 */
export interface AttemptWatch {
  refused(bucket: string): void;
  ceilingPassed(account: { key: string; standing: AccountStanding; failures: number; windowSeconds: number }): void;
}

const UNWATCHED: AttemptWatch = { refused: () => undefined, ceilingPassed: () => undefined };

/** The throttle key of one account name at one client address (account names cannot contain a space). */
function accountAddressKey(accountKey: string, ip: string): string {
  return `${accountKey} ${ip}`;
}

/**
 * The identity calls' brute-force and abuse limits (IdentityLimits) over the database throttle. Each check counts
 * an attempt and answers its ids, which `forget` withdraws when the attempt turned out to be no failure; a check
 * over a limit is refused with 4290.
 */
export class AttemptLimits {
  private readonly throttle: Throttle;

  constructor(
    private readonly db: Database,
    now: () => Date,
    private readonly limits: IdentityLimits,
    private readonly watch: AttemptWatch = UNWATCHED,
  ) {
    this.throttle = new Throttle(db, now);
  }

  /**
   * A password check (`accountKey`: the account name in lower case: a login, and the current password of a
   * password change or an e-mail change), and with it an enrolled agent's TOTP code, which counts as the same
   * attempt. It counts per (account, address), per account and per address. Only the first and the last refuse:
   * a ceiling per account that refused would let anybody with two addresses keep the owner out, the right password
   * included (SEC review 35 #2).
   *
   * Past the account's ceiling (`loginPerAccount`: a guesser spread over many addresses), every address gets
   * `loginPerAccountAndIpPastCeiling` (1) try at the account in the window instead of `loginPerAccountAndIp` (5):
   * an address that already failed there is refused, and a fresh one has one password (and code) checked. The owner
   * logs in from an address of their own; a guesser gains one guess per fresh address per window, each address
   * still held to `loginPerIp` over all accounts, and every agent's second factor besides. Not a growing delay:
   * held in the server it ties up a connection per guess while a guesser simply sends in parallel, and answered as
   * Retry-After it is a refusal again, which is the owner's lockout; a CAPTCHA or a proof of work would need a
   * third party or a client puzzle on every login form. An owner who mistypes during such an attack waits the
   * window at that address, or resets the password by mail (`mailboxProved` lifts every lock).
   */
  async passwordCheck(accountKey: string, ip: string): Promise<number[]> {
    const { limits } = this;
    const failures = await this.throttle.count(BUCKETS.loginAccount, accountKey, limits.loginPerAccount.windowSeconds);
    const pastCeiling = failures >= limits.loginPerAccount.max;
    const attempt = await this.guard([
      {
        bucket: BUCKETS.loginAccountIp,
        key: accountAddressKey(accountKey, ip),
        limit: pastCeiling ? limits.loginPerAccountAndIpPastCeiling : limits.loginPerAccountAndIp,
      },
      // Counted, never refusing: it only says when the account is past its ceiling.
      { bucket: BUCKETS.loginAccount, key: accountKey },
      { bucket: BUCKETS.loginIp, key: ip, limit: limits.loginPerIp },
    ]);
    // The first check past the ceiling tells the operators (again after the count fell back under it).
    if (failures === limits.loginPerAccount.max) {
      this.watch.ceilingPassed({
        key: accountKey,
        standing: await this.standingOf(accountKey),
        failures: failures + 1,
        windowSeconds: limits.loginPerAccount.windowSeconds,
      });
    }
    return attempt;
  }

  /** A code tried (a reset or binding code) counts per client address. */
  codeCheck(ip: string): Promise<number[]> {
    return this.guard([{ bucket: BUCKETS.codeCheckIp, key: ip, limit: this.limits.codeChecksPerIp }]);
  }

  /** A code mailed to `email` (a password reset). */
  codeSendToAddress(email: string, ip: string): Promise<number[]> {
    return this.codeSend([{ bucket: BUCKETS.codeSendEmail, key: email.toLowerCase() }], ip);
  }

  /** A code mailed to `email` for an account (binding the address), counted for both. */
  codeSendForAccount(accountId: number, email: string, ip: string): Promise<number[]> {
    return this.codeSend(
      [
        { bucket: BUCKETS.codeSendAccount, key: String(accountId) },
        { bucket: BUCKETS.codeSendEmail, key: email.toLowerCase() },
      ],
      ip,
    );
  }

  /** Withdraws attempts that turned out to be no failures. */
  forget(attempt: readonly number[]): Promise<void> {
    return this.throttle.forget(attempt);
  }

  /**
   * A login succeeded: this address's earlier failures at the account are forgotten. The account-wide count stays:
   * a guesser spread over many addresses must not be reset by the owner's logins.
   */
  loggedIn(accountKey: string, ip: string): Promise<void> {
    return this.throttle.clear(BUCKETS.loginAccountIp, accountAddressKey(accountKey, ip));
  }

  /** Whoever proved the account's mailbox may log in again at once, from any address. */
  async mailboxProved(accountKey: string): Promise<void> {
    await this.throttle.clear(BUCKETS.loginAccount, accountKey);
    await this.throttle.clearPrefix(BUCKETS.loginAccountIp, accountAddressKey(accountKey, ''));
  }

  /** Counts an attempt under every entry; 4290 `tooManyAttempts` when one is over its limit. */
  private async guard(entries: readonly ThrottleEntry[]): Promise<number[]> {
    const result = await this.throttle.hit(entries);
    if (!result.allowed) {
      for (const bucket of result.buckets) this.watch.refused(bucket);
      throw identityFailure.throttled(result.retryAfterSeconds);
    }
    return result.ids;
  }

  private async standingOf(accountKey: string): Promise<AccountStanding> {
    const { rows } = await this.db.query<{ role: string; lead: boolean }>('SELECT role, lead FROM accounts WHERE lower(account) = $1', [
      accountKey,
    ]);
    const row = rows[0];
    if (!row) return 'unknown';
    if (row.lead) return 'lead';
    return row.role === 'agent' ? 'agent' : 'player';
  }

  /**
   * Before a code is sent: 4290 `resendTooSoon` within the resend cool-down of any of the keys, 4290
   * `tooManyAttempts` over the hourly volume of a key or of the client address.
   */
  private async codeSend(keys: readonly { bucket: string; key: string }[], ip: string): Promise<number[]> {
    const wait = await this.throttle.coolDown(keys, ACCOUNT_RULES.codeResendSeconds);
    if (wait > 0) {
      throw new ApiFailure(ERROR_CODES.tooManyRequests, IDENTITY_MESSAGES.resendTooSoon, { retryAfterSeconds: wait });
    }
    return this.guard([
      ...keys.map((key) => ({ ...key, limit: this.limits.codeSendsPerAddress })),
      { bucket: BUCKETS.codeSendIp, key: ip, limit: this.limits.codeSendsPerIp },
    ]);
  }
}
