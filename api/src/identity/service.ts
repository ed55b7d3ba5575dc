import { ERROR_CODES, type Language, type LoginResult, type SocialProvider, type UserInfo } from 'shared-contracts';
import { ApiFailure } from '../http/api-failure.js';
import { recordAccountEvent } from './accounts.js';
import { AttemptLimits, type AttemptWatch } from './attempt-limits.js';
import type { IdentityLimits } from './limits.js';
import { Mailbox, type MailboxDependencies } from './mailbox.js';
import { IDENTITY_MESSAGES, identityFailure as failure, refuseCommonPassword, requireSessionAccount } from './refusals.js';
import type { TotpSecrets } from './totp-secrets.js';
import { Sessions } from './sessions.js';
import type { AccountType, AuthenticatedAccount } from './types.js';

export { DEFAULT_IDENTITY_LIMITS, type IdentityLimits } from './limits.js';

export interface IdentityDependencies extends MailboxDependencies {
  limits: IdentityLimits;
  providers: readonly SocialProvider[];
  /** Opens the stored authenticator secrets (sealed under TOTP_SECRET_KEY). */
  totpSecrets: TotpSecrets;
  /** REQUIRE_AGENT_TOTP: an agent with no authenticator enrolled is refused (4011 `totpNotEnrolled`). */
  requireAgentTotp: boolean;
  /** The limits' refusals and accounts past their ceiling, for the metrics and the log (none in unit tests). */
  attemptWatch?: AttemptWatch;
}

interface PasswordRow {
  id: number;
  account: string;
  type: AccountType;
  password_hash: string | null;
}

/**
 * Logins, sessions, password changes and the profile, and (in `mailbox`) password resets and e-mail binding: the
 * rules of the identity calls, over the database, a password hasher, a mail transport and an injectable clock.
 */
export class IdentityService {
  readonly sessions: Sessions;
  /** Forgot password and binding an address: the calls that prove a mailbox with a mailed code. */
  readonly mailbox: Mailbox;
  private readonly attempts: AttemptLimits;

  constructor(private readonly deps: IdentityDependencies) {
    this.sessions = new Sessions(deps.db, deps.now);
    this.attempts = new AttemptLimits(deps.db, deps.now, deps.limits, deps.attemptWatch);
    this.mailbox = new Mailbox(deps, this.sessions, this.attempts);
  }

  get providers(): readonly SocialProvider[] {
    return this.deps.providers;
  }

  /** The account behind a token, or the -600 refusal. */
  /** The session's account, or -600; `activity: false` for a call the browser makes by itself (`SessionStore.resolve`). */
  async authenticate(token: string | null, options: { activity?: boolean } = {}): Promise<AuthenticatedAccount> {
    return requireSessionAccount(await this.sessions.resolve(token, options));
  }

  /**
   * Remember me asks for a remembered session: longer lifetime and idle time (ACCOUNT_RULES; never for agents).
   * An account with a TOTP secret (agents an operator enrolled) also needs `otp`, the authenticator's current code:
   * without one the answer is 4011 `otpRequired` and nothing else happens; a wrong or already used one is 4011
   * `otpInvalid` and counts as a failed attempt. With REQUIRE_AGENT_TOTP an agent (a lead too) with no secret is
   * 4011 `totpNotEnrolled` after the right password, which is withdrawn as for `otpRequired`: an operator enrols one.
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
    const attempt = await this.attempts.passwordCheck(accountKey, ip);
    const { rows } = await db.query<PasswordRow & { role: string; totp_secret: string | null }>(
      'SELECT id, account, type, role, password_hash, totp_secret FROM accounts WHERE lower(account) = lower($1)',
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
    else if (row.role === 'agent' && this.deps.requireAgentTotp) {
      await this.attempts.forget(attempt);
      throw new ApiFailure(ERROR_CODES.invalidCredentials, IDENTITY_MESSAGES.totpNotEnrolled);
    }
    // A success is not a failure: withdraw this attempt and forget this address's earlier failures at the account.
    await this.attempts.forget(attempt);
    await this.attempts.loggedIn(accountKey, ip);
    const passwordHash = row.password_hash;
    return db.transaction(async (tx) => {
      if (hasher.needsRehash(passwordHash)) {
        await tx.query('UPDATE accounts SET password_hash = $2 WHERE id = $1', [row.id, await hasher.hash(password)]);
      }
      const session = await this.sessions.create(row.id, remember, tx);
      await recordAccountEvent(tx, row.id, 'login', ip, this.deps.now());
      return { token: session.token, account: row.account, type: row.type, role: session.role, expiresAt: session.expiresAt.toISOString() };
    });
  }

  async logout(account: AuthenticatedAccount, ip: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.sessions.revoke(account.sessionId, tx);
      await recordAccountEvent(tx, account.accountId, 'logout', ip, this.deps.now());
    });
  }

  /**
   * Logs the account out of every other device: every session but the caller's ends at once (the next call of each
   * answers -600, its live stream ends at once) and the caller's goes on with the same token. Answers
   * how many live sessions ended; none is no failure, so a retry or a second press changes nothing. A call that
   * ended some is written to the security log.
   */
  async logoutOthers(account: AuthenticatedAccount, ip: string): Promise<{ ended: number }> {
    return this.deps.db.transaction(async (tx) => {
      const ended = await this.sessions.revokeAllBut(account.accountId, account.sessionId, tx);
      if (ended > 0) await recordAccountEvent(tx, account.accountId, 'other_sessions_ended', ip, this.deps.now());
      return { ended };
    });
  }

  /** Only ever the token owner's own row: the account id comes from the session, never from the request. */
  async userInfo(account: AuthenticatedAccount): Promise<UserInfo> {
    const { rows } = await this.deps.db.query<UserInfo>(
      `SELECT a.account, a.type, a.role, a.email, a.phone, to_char(a.birthday, 'YYYY-MM-DD') AS birthday,
         CASE WHEN a.type = 'THIRD_PARTY' THEN (
           SELECT i.provider FROM account_identities i WHERE i.account_id = a.id ORDER BY i.created_at, i.id LIMIT 1
         ) END AS provider
       FROM accounts a WHERE a.id = $1`,
      [account.accountId],
    );
    return requireSessionAccount(rows[0]);
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
    language: Language,
  ): Promise<LoginResult> {
    const { db, hasher, now } = this.deps;
    const { rows } = await db.query<PasswordRow & { email: string | null }>(
      'SELECT id, account, type, password_hash, email FROM accounts WHERE id = $1',
      [account.accountId],
    );
    const row = requireSessionAccount(rows[0]);
    if (row.type !== 'PLATFORM' || !row.password_hash) {
      throw new ApiFailure(ERROR_CODES.forbidden, IDENTITY_MESSAGES.passwordNotSet);
    }
    // Guessing the current password through a stolen session counts against the same limits as logins.
    const attempt = await this.attempts.passwordCheck(row.account.toLowerCase(), ip);
    // 4011 as a login's refusal, but naming the current password: this form asks for no account (as e-mail binding).
    if (!(await hasher.verify(row.password_hash, oldPassword))) {
      throw new ApiFailure(ERROR_CODES.invalidCredentials, IDENTITY_MESSAGES.currentPasswordWrong);
    }
    await this.attempts.forget(attempt);
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
      return { token: session.token, account: row.account, type: row.type, role: session.role, expiresAt: session.expiresAt.toISOString() };
    });
    this.mailbox.notifyPasswordChanged(row.account, row.email, language);
    return renewed;
  }

  /**
   * The authenticator code of an account with a TOTP secret (`stored`, sealed), once the password was right. Without a code the
   * password attempt is withdrawn (it was no failure) and the login form asks for one; a wrong code, or one already
   * used (its time step is not after the last accepted one), stays counted as a failure.
   */
  private async checkSecondFactor(
    accountId: number,
    account: string,
    stored: string,
    otp: string | undefined,
    attempt: number[],
  ): Promise<void> {
    if (otp === undefined) {
      await this.attempts.forget(attempt);
      throw new ApiFailure(ERROR_CODES.invalidCredentials, IDENTITY_MESSAGES.otpRequired);
    }
    const step = this.deps.totpSecrets.codeStep(accountId, account, stored, otp, this.deps.now());
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
      const row = requireSessionAccount(rows[0]);
      if (changes.birthday !== undefined && row.birthday !== null && changes.birthday !== row.birthday) {
        throw new ApiFailure(ERROR_CODES.conflict, IDENTITY_MESSAGES.birthdayLocked);
      }
      const birthday = row.birthday ?? changes.birthday ?? null;
      const phone = changes.phone ?? row.phone;
      if (birthday === row.birthday && phone === row.phone) return;
      const at = this.deps.now();
      await tx.query('UPDATE accounts SET birthday = $2, phone = $3, updated_at = $4 WHERE id = $1', [
        account.accountId,
        birthday,
        phone,
        at,
      ]);
      await recordAccountEvent(tx, account.accountId, 'profile_updated', ip, at);
    });
    return this.userInfo(account);
  }
}
