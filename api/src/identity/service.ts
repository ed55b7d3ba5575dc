import { ACCOUNT_RULES, ERROR_CODES, type LoginResult, type SocialProvider, type UserInfo } from 'shared-contracts';
import type { BackgroundTasks } from '../background.js';
import type { Database } from '../db/database.js';
import { ApiFailure } from '../http/api-failure.js';
import { renderMail } from '../mail/templates.js';
import type { Mailer } from '../mail/transport.js';
import { recordAccountEvent, uniqueViolation } from './accounts.js';
import { VerificationCodes } from './codes.js';
import { isCommonPassword } from './common-passwords.js';
import { totpStep } from './totp.js';
import type { PasswordHasher } from './passwords.js';
import { Sessions } from './sessions.js';
import type { IdentityLimits } from './limits.js';
import { Throttle, type ThrottleEntry } from './throttle.js';
import type { AccountType, AuthenticatedAccount } from './types.js';

/** The `msg` of identity refusals: stable keys the browser translates (`account:errors.<msg>`). */
export const IDENTITY_MESSAGES = {
  sessionInvalid: 'sessionInvalid',
  invalidCredentials: 'invalidCredentials',
  tooManyAttempts: 'tooManyAttempts',
  resendTooSoon: 'resendTooSoon',
  codeRejected: 'codeRejected',
  emailTaken: 'emailTaken',
  passwordSame: 'passwordSame',
  passwordNotSet: 'passwordNotSet',
  currentPasswordWrong: 'currentPasswordWrong',
  passwordTooCommon: 'passwordTooCommon',
  otpRequired: 'otpRequired',
  otpInvalid: 'otpInvalid',
  passwordRequired: 'passwordRequired',
  birthdayLocked: 'birthdayLocked',
} as const;

export { DEFAULT_IDENTITY_LIMITS, type IdentityLimits } from './limits.js';

const BUCKETS = {
  loginAccountIp: 'login_account_ip',
  loginAccount: 'login_account',
  loginIp: 'login_ip',
  codeSendEmail: 'code_send_email',
  codeSendAccount: 'code_send_account',
  codeSendIp: 'code_send_ip',
  codeCheckIp: 'code_check_ip',
} as const;

export interface IdentityDependencies {
  db: Database;
  now: () => Date;
  hasher: PasswordHasher;
  mailer: Mailer;
  background: BackgroundTasks;
  limits: IdentityLimits;
  providers: readonly SocialProvider[];
}

interface PasswordRow {
  id: number;
  account: string;
  type: AccountType;
  password_hash: string | null;
}

/** 4000 `passwordTooCommon` for a new password on the bundled list of the most used ones. */
function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new ApiFailure(ERROR_CODES.badRequest, IDENTITY_MESSAGES.passwordTooCommon);
}

/** The throttle key of one account name at one client address (account names cannot contain a space). */
function accountAddressKey(accountKey: string, ip: string): string {
  return `${accountKey} ${ip}`;
}

/** `p***@example.com`: enough for the owner to recognise an address, not to reveal it to an old mailbox's readers. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

const failure = {
  session: () => new ApiFailure(ERROR_CODES.sessionInvalid, IDENTITY_MESSAGES.sessionInvalid),
  credentials: () => new ApiFailure(ERROR_CODES.invalidCredentials, IDENTITY_MESSAGES.invalidCredentials),
  code: () => new ApiFailure(ERROR_CODES.codeRejected, IDENTITY_MESSAGES.codeRejected),
  throttled: (retryAfterSeconds: number) =>
    new ApiFailure(ERROR_CODES.tooManyRequests, IDENTITY_MESSAGES.tooManyAttempts, { retryAfterSeconds }),
};

/**
 * Logins, sessions, password changes and resets, and e-mail binding: the rules of the identity calls, over the
 * database, a password hasher, a mail transport and an injectable clock.
 */
export class IdentityService {
  readonly sessions: Sessions;
  private readonly codes: VerificationCodes;
  private readonly throttle: Throttle;

  constructor(private readonly deps: IdentityDependencies) {
    this.sessions = new Sessions(deps.db, deps.now);
    this.codes = new VerificationCodes(deps.db, deps.now);
    this.throttle = new Throttle(deps.db, deps.now);
  }

  get providers(): readonly SocialProvider[] {
    return this.deps.providers;
  }

  /** The account behind a token, or the -600 refusal. */
  async authenticate(token: string | null): Promise<AuthenticatedAccount> {
    const account = await this.sessions.resolve(token);
    if (!account) throw failure.session();
    return account;
  }

  /**
   * Remember me asks for a remembered session: longer lifetime and idle time (ACCOUNT_RULES; never for agents).
   * An account with a TOTP secret (agents an operator enrolled) also needs `otp`, the authenticator's current code:
   * without one the answer is 4011 `otpRequired` and nothing else happens; a wrong or already used one is 4011
   * `otpInvalid` and counts as a failed attempt.
   */
  async loginWithPassword(
    accountName: string,
    password: string,
    remember: boolean,
    ip: string,
    otp?: string | undefined,
  ): Promise<LoginResult> {
    const { db, hasher } = this.deps;
    const accountKey = accountName.toLowerCase();
    const attempt = await this.guard(this.passwordCheckEntries(accountKey, ip));
    const { rows } = await db.query<PasswordRow & { totp_secret: string | null }>(
      'SELECT id, account, type, password_hash, totp_secret FROM accounts WHERE lower(account) = lower($1)',
      [accountName],
    );
    const row = rows[0];
    // Unknown accounts and social accounts (no password) cost a verification too: the same answer in the same time.
    const verified =
      row && row.type === 'PLATFORM' && row.password_hash
        ? await hasher.verify(row.password_hash, password)
        : await hasher.verifyNothing(password);
    if (!row || !verified || !row.password_hash) throw failure.credentials();
    if (row.totp_secret) await this.checkSecondFactor(row.id, row.account, row.totp_secret, otp, attempt);
    // A success is not a failure: withdraw this attempt and forget this address's earlier failures at the account.
    // The account-wide count stays: a guesser spread over many addresses must not be reset by the owner's logins.
    await this.throttle.forget(attempt);
    await this.throttle.clear(BUCKETS.loginAccountIp, accountAddressKey(accountKey, ip));
    const passwordHash = row.password_hash;
    return db.transaction(async (tx) => {
      if (hasher.needsRehash(passwordHash)) {
        await tx.query('UPDATE accounts SET password_hash = $2 WHERE id = $1', [row.id, await hasher.hash(password)]);
      }
      const session = await this.sessions.create(row.id, remember, tx);
      await recordAccountEvent(tx, row.id, 'login', ip, this.deps.now());
      return { token: session.token, account: row.account, type: row.type, expiresAt: session.expiresAt.toISOString() };
    });
  }

  async logout(account: AuthenticatedAccount, ip: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.sessions.revoke(account.sessionId, tx);
      await recordAccountEvent(tx, account.accountId, 'logout', ip, this.deps.now());
    });
  }

  /** Only ever the token owner's own row: the account id comes from the session, never from the request. */
  async userInfo(account: AuthenticatedAccount): Promise<UserInfo> {
    const { rows } = await this.deps.db.query<UserInfo>(
      `SELECT a.account, a.type, a.email, a.phone, to_char(a.birthday, 'YYYY-MM-DD') AS birthday,
         CASE WHEN a.type = 'THIRD_PARTY' THEN (
           SELECT i.provider FROM account_identities i WHERE i.account_id = a.id ORDER BY i.created_at, i.id LIMIT 1
         ) END AS provider
       FROM accounts a WHERE a.id = $1`,
      [account.accountId],
    );
    const row = rows[0];
    // The account was deleted after the session was checked.
    if (!row) throw failure.session();
    return row;
  }

  /**
   * Checks the current password, sets the new one, ends every session of the account (this one included) and
   * starts a fresh one for the caller: a token copied before the change is worthless afterwards. The bound
   * address is told (after the answer).
   */
  async changePassword(
    account: AuthenticatedAccount,
    oldPassword: string,
    newPassword: string,
    ip: string,
    language: string | undefined,
  ): Promise<LoginResult> {
    const { db, hasher, now } = this.deps;
    const { rows } = await db.query<PasswordRow & { email: string | null }>(
      'SELECT id, account, type, password_hash, email FROM accounts WHERE id = $1',
      [account.accountId],
    );
    const row = rows[0];
    if (!row) throw failure.session();
    if (row.type !== 'PLATFORM' || !row.password_hash) {
      throw new ApiFailure(ERROR_CODES.forbidden, IDENTITY_MESSAGES.passwordNotSet);
    }
    // Guessing the current password through a stolen session counts against the same limits as logins.
    const attempt = await this.guard(this.passwordCheckEntries(row.account.toLowerCase(), ip));
    if (!(await hasher.verify(row.password_hash, oldPassword))) throw failure.credentials();
    await this.throttle.forget(attempt);
    if (oldPassword.normalize('NFC') === newPassword.normalize('NFC')) {
      throw new ApiFailure(ERROR_CODES.badRequest, IDENTITY_MESSAGES.passwordSame);
    }
    refuseCommonPassword(newPassword);
    const passwordHash = await hasher.hash(newPassword);
    const renewed = await db.transaction(async (tx) => {
      const at = now();
      await tx.query('UPDATE accounts SET password_hash = $2, updated_at = $3 WHERE id = $1', [row.id, passwordHash, at]);
      await this.sessions.revokeAll(row.id, tx);
      const session = await this.sessions.create(row.id, account.remember, tx);
      await recordAccountEvent(tx, row.id, 'password_changed', ip, at);
      return { token: session.token, account: row.account, type: row.type, expiresAt: session.expiresAt.toISOString() };
    });
    this.notifyPasswordChanged(row.account, row.email, language);
    return renewed;
  }

  /**
   * Forgot password. Answers the same whether or not the address belongs to an account: the throttling is per
   * address and client whatever the address, and the lookup and the mail happen after the answer.
   */
  async requestPasswordReset(email: string, ip: string, language: string | undefined): Promise<{ resendAfterSeconds: number }> {
    const emailKey = email.toLowerCase();
    await this.codeSendGuard([{ bucket: BUCKETS.codeSendEmail, key: emailKey }], ip);
    this.deps.background.run('password reset mail', async () => {
      const { rows } = await this.deps.db.query<{ id: number; email: string }>(
        `SELECT id, email FROM accounts WHERE lower(email) = lower($1) AND type = 'PLATFORM' AND password_hash IS NOT NULL`,
        [email],
      );
      const row = rows[0];
      if (!row) return;
      const code = await this.codes.issue('reset_password', row.id, row.email);
      await this.deps.mailer.send({ to: row.email, ...renderMail('resetPassword', language, this.mailValues(code)) });
    });
    return { resendAfterSeconds: ACCOUNT_RULES.codeResendSeconds };
  }

  /** Sets a new password with a reset code; every session of the account ends, and the address is told. */
  async resetPassword(email: string, code: string, newPassword: string, ip: string, language: string | undefined): Promise<void> {
    const { db, hasher, now } = this.deps;
    // Before the code is tried: a refused password must not use the code up.
    refuseCommonPassword(newPassword);
    const attempt = await this.guard([{ bucket: BUCKETS.codeCheckIp, key: ip, limit: this.deps.limits.codeChecksPerIp }]);
    const { rows } = await db.query<{ id: number; account: string }>(
      `SELECT id, account FROM accounts WHERE lower(email) = lower($1) AND type = 'PLATFORM' AND password_hash IS NOT NULL`,
      [email],
    );
    const row = rows[0];
    if (!row || !(await this.codes.accept('reset_password', row.id, email, code))) throw failure.code();
    await this.throttle.forget(attempt);
    const passwordHash = await hasher.hash(newPassword);
    await db.transaction(async (tx) => {
      const at = now();
      await tx.query('UPDATE accounts SET password_hash = $2, updated_at = $3 WHERE id = $1', [row.id, passwordHash, at]);
      await this.sessions.revokeAll(row.id, tx);
      await recordAccountEvent(tx, row.id, 'password_reset', ip, at);
    });
    this.notifyPasswordChanged(row.account, email, language);
    // Whoever proved the mailbox may log in again at once, from any address.
    await this.throttle.clear(BUCKETS.loginAccount, row.account.toLowerCase());
    await this.throttle.clearPrefix(BUCKETS.loginAccountIp, accountAddressKey(row.account.toLowerCase(), ''));
  }

  /**
   * Mails a code that binds `email` to the account (sent and awaited: a failure is reported to the player). An
   * account with a password proves it first (4011 `currentPasswordWrong`, counted like a failed login): the bound
   * address receives password resets, so a session alone must not be able to move it.
   */
  async sendBindCode(
    account: AuthenticatedAccount,
    email: string,
    currentPassword: string | undefined,
    ip: string,
    language: string | undefined,
  ): Promise<{ resendAfterSeconds: number }> {
    await this.confirmCurrentPassword(account, currentPassword, ip);
    const attempt = await this.codeSendGuard(
      [
        { bucket: BUCKETS.codeSendAccount, key: String(account.accountId) },
        { bucket: BUCKETS.codeSendEmail, key: email.toLowerCase() },
      ],
      ip,
    );
    try {
      const code = await this.codes.issue('bind_email', account.accountId, email);
      await this.deps.mailer.send({ to: email, ...renderMail('bindEmail', language, this.mailValues(code)) });
    } catch (error) {
      // Nothing reached the player: no cool-down for a message that was never sent.
      await this.throttle.forget(attempt);
      throw error;
    }
    return { resendAfterSeconds: ACCOUNT_RULES.codeResendSeconds };
  }

  /**
   * Binds the address the code was sent to; 4090 when another account has it meanwhile. The address it replaces
   * gets a notice (after the answer), so an owner whose session was stolen learns of the change.
   */
  async bindEmail(
    account: AuthenticatedAccount,
    email: string,
    code: string,
    ip: string,
    language: string | undefined,
  ): Promise<{ email: string }> {
    const { db, now } = this.deps;
    const attempt = await this.guard([{ bucket: BUCKETS.codeCheckIp, key: ip, limit: this.deps.limits.codeChecksPerIp }]);
    if (!(await this.codes.accept('bind_email', account.accountId, email, code))) throw failure.code();
    await this.throttle.forget(attempt);
    const taken = () => new ApiFailure(ERROR_CODES.conflict, IDENTITY_MESSAGES.emailTaken);
    const { rows } = await db.query<{ id: number }>('SELECT id FROM accounts WHERE lower(email) = lower($1) AND id <> $2', [
      email,
      account.accountId,
    ]);
    if (rows.length > 0) throw taken();
    let previous: string | null;
    try {
      previous = await db.transaction(async (tx) => {
        const { rows: before } = await tx.query<{ email: string | null }>('SELECT email FROM accounts WHERE id = $1 FOR UPDATE', [
          account.accountId,
        ]);
        const at = now();
        await tx.query('UPDATE accounts SET email = $2, updated_at = $3 WHERE id = $1', [account.accountId, email, at]);
        await recordAccountEvent(tx, account.accountId, 'email_bound', ip, at);
        return before[0]?.email ?? null;
      });
    } catch (error) {
      if (uniqueViolation(error) === 'accounts_email_key') throw taken();
      throw error;
    }
    if (previous && previous.toLowerCase() !== email.toLowerCase()) {
      const notice = renderMail('emailChanged', language, { account: account.account, email: maskEmail(email) });
      this.deps.background.run('e-mail changed notice', () => this.deps.mailer.send({ to: previous, ...notice }));
    }
    return { email };
  }

  /**
   * The authenticator code of an account with a TOTP secret, once the password was right. Without a code the
   * password attempt is withdrawn (it was no failure) and the login form asks for one; a wrong code, or one already
   * used (its time step is not after the last accepted one), stays counted as a failure.
   */
  private async checkSecondFactor(accountId: number, account: string, secret: string, otp: string | undefined, attempt: number[]): Promise<void> {
    if (otp === undefined) {
      await this.throttle.forget(attempt);
      throw new ApiFailure(ERROR_CODES.invalidCredentials, IDENTITY_MESSAGES.otpRequired);
    }
    const step = totpStep(secret, account, otp, this.deps.now());
    const accepted =
      step !== null &&
      (
        await this.deps.db.query(
          'UPDATE accounts SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)',
          [accountId, step],
        )
      ).rowCount === 1;
    if (!accepted) throw new ApiFailure(ERROR_CODES.invalidCredentials, IDENTITY_MESSAGES.otpInvalid);
  }

  /** For an account with a password: the one given must be it (4011), counted against the login limits. */
  private async confirmCurrentPassword(account: AuthenticatedAccount, password: string | undefined, ip: string): Promise<void> {
    const { rows } = await this.deps.db.query<PasswordRow>('SELECT id, account, type, password_hash FROM accounts WHERE id = $1', [
      account.accountId,
    ]);
    const row = rows[0];
    if (!row) throw failure.session();
    if (row.type !== 'PLATFORM' || !row.password_hash) return;
    if (password === undefined) throw new ApiFailure(ERROR_CODES.badRequest, IDENTITY_MESSAGES.passwordRequired);
    const attempt = await this.guard(this.passwordCheckEntries(row.account.toLowerCase(), ip));
    if (!(await this.deps.hasher.verify(row.password_hash, password))) {
      throw new ApiFailure(ERROR_CODES.invalidCredentials, IDENTITY_MESSAGES.currentPasswordWrong);
    }
    await this.throttle.forget(attempt);
  }

  /**
   * Sets the birthday while none is saved (it is locked after: age rules depend on it, so a player cannot age
   * themselves up later; 4090 `birthdayLocked`) and the phone number. Values equal to the saved ones change nothing,
   * so a retried save neither fails nor logs a second event. The row is locked while it is read and written: of
   * two first birthdays sent at once, one is saved and the other refused.
   */
  async updateProfile(account: AuthenticatedAccount, changes: { birthday?: string; phone?: string }, ip: string): Promise<UserInfo> {
    await this.deps.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ birthday: string | null; phone: string | null }>(
        `SELECT to_char(birthday, 'YYYY-MM-DD') AS birthday, phone FROM accounts WHERE id = $1 FOR UPDATE`,
        [account.accountId],
      );
      const row = rows[0];
      if (!row) throw failure.session();
      if (changes.birthday !== undefined && row.birthday !== null && changes.birthday !== row.birthday) {
        throw new ApiFailure(ERROR_CODES.conflict, IDENTITY_MESSAGES.birthdayLocked);
      }
      const birthday = row.birthday ?? changes.birthday ?? null;
      const phone = changes.phone ?? row.phone;
      if (birthday === row.birthday && phone === row.phone) return;
      const at = this.deps.now();
      await tx.query('UPDATE accounts SET birthday = $2, phone = $3, updated_at = $4 WHERE id = $1', [account.accountId, birthday, phone, at]);
      await recordAccountEvent(tx, account.accountId, 'profile_updated', ip, at);
    });
    return this.userInfo(account);
  }

  /** Mails the account's bound address, if any, that its password changed (after the answer; a failure is logged). */
  private notifyPasswordChanged(account: string, email: string | null, language: string | undefined): void {
    if (!email) return;
    const notice = renderMail('passwordChanged', language, { account });
    this.deps.background.run('password changed notice', () => this.deps.mailer.send({ to: email, ...notice }));
  }

  private mailValues(code: string) {
    return { code, minutes: ACCOUNT_RULES.codeTtlMinutes };
  }

  /** A password check counts per (account, address), per account over every address, and per address. */
  private passwordCheckEntries(accountKey: string, ip: string): ThrottleEntry[] {
    const { limits } = this.deps;
    return [
      { bucket: BUCKETS.loginAccountIp, key: accountAddressKey(accountKey, ip), limit: limits.loginPerAccountAndIp },
      { bucket: BUCKETS.loginAccount, key: accountKey, limit: limits.loginPerAccount },
      { bucket: BUCKETS.loginIp, key: ip, limit: limits.loginPerIp },
    ];
  }

  /** Counts an attempt under every entry; 4290 `tooManyAttempts` when one is over its limit. */
  private async guard(entries: readonly ThrottleEntry[]): Promise<number[]> {
    const result = await this.throttle.hit(entries);
    if (!result.allowed) throw failure.throttled(result.retryAfterSeconds);
    return result.ids;
  }

  /**
   * Before a code is sent: 4290 `resendTooSoon` within the resend cool-down of any of the keys, 4290
   * `tooManyAttempts` over the hourly volume of a key or of the client address.
   */
  private async codeSendGuard(keys: readonly { bucket: string; key: string }[], ip: string): Promise<number[]> {
    const wait = await this.throttle.coolDown(keys, ACCOUNT_RULES.codeResendSeconds);
    if (wait > 0) {
      throw new ApiFailure(ERROR_CODES.tooManyRequests, IDENTITY_MESSAGES.resendTooSoon, { retryAfterSeconds: wait });
    }
    return this.guard([
      ...keys.map((key) => ({ ...key, limit: this.deps.limits.codeSendsPerAddress })),
      { bucket: BUCKETS.codeSendIp, key: ip, limit: this.deps.limits.codeSendsPerIp },
    ]);
  }
}
