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
    db: Database,
    now: () => Date,
    private readonly limits: IdentityLimits,
  ) {
    this.throttle = new Throttle(db, now);
  }

  /** A password check (`accountKey`: the account name in lower case) counts per (account, address), per account, and per address. */
  passwordCheck(accountKey: string, ip: string): Promise<number[]> {
    const { limits } = this;
    return this.guard([
      { bucket: BUCKETS.loginAccountIp, key: accountAddressKey(accountKey, ip), limit: limits.loginPerAccountAndIp },
      { bucket: BUCKETS.loginAccount, key: accountKey, limit: limits.loginPerAccount },
      { bucket: BUCKETS.loginIp, key: ip, limit: limits.loginPerIp },
    ]);
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
    if (!result.allowed) throw identityFailure.throttled(result.retryAfterSeconds);
    return result.ids;
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
