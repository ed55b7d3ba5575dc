import { ACCOUNT_RULES, ERROR_CODES, type Language } from 'shared-contracts';
import type { BackgroundTasks } from '../background.js';
import type { Database } from '../db/database.js';
import { ApiFailure } from '../http/api-failure.js';
import { renderMail } from '../mail/templates.js';
import type { Mailer } from '../mail/transport.js';
import { recordAccountEvent, uniqueViolation } from './accounts.js';
import type { AttemptLimits } from './attempt-limits.js';
import { VerificationCodes } from './codes.js';
import type { PasswordHasher } from './passwords.js';
import { IDENTITY_MESSAGES, identityFailure, refuseCommonPassword } from './refusals.js';
import type { Sessions } from './sessions.js';
import type { AuthenticatedAccount } from './types.js';

/** What the mailbox calls work with: the database, its clock, the password hasher and the mail transport. */
export interface MailboxDependencies {
  db: Database;
  now: () => Date;
  hasher: PasswordHasher;
  mailer: Mailer;
  background: BackgroundTasks;
}

/** `p***@example.com`: enough for the owner to recognise an address, not to reveal it to an old mailbox's readers. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

const codeMailValues = (code: string) => ({ code, minutes: ACCOUNT_RULES.codeTtlMinutes });

/**
 * The identity calls that prove a mailbox with a mailed code: forgot password (a reset code to the bound address)
 * and binding an address to the account.
 */
export class Mailbox {
  private readonly codes: VerificationCodes;

  constructor(
    private readonly deps: MailboxDependencies,
    private readonly sessions: Sessions,
    private readonly attempts: AttemptLimits,
  ) {
    this.codes = new VerificationCodes(deps.db, deps.now);
  }

  /**
   * Forgot password. Answers the same whether or not the address belongs to an account: the throttling is per
   * address and client whatever the address, and the lookup and the mail happen after the answer.
   */
  async requestPasswordReset(email: string, ip: string, language: Language): Promise<{ resendAfterSeconds: number }> {
    await this.attempts.codeSendToAddress(email, ip);
    this.deps.background.run('password reset mail', async () => {
      const { rows } = await this.deps.db.query<{ id: number; email: string }>(
        `SELECT id, email FROM accounts WHERE lower(email) = lower($1) AND type = 'PLATFORM' AND password_hash IS NOT NULL`,
        [email],
      );
      const row = rows[0];
      if (!row) return;
      const code = await this.codes.issue('reset_password', row.id, row.email);
      await this.deps.mailer.send({ to: row.email, ...renderMail('resetPassword', language, codeMailValues(code)) });
    });
    return { resendAfterSeconds: ACCOUNT_RULES.codeResendSeconds };
  }

  /** Sets a new password with a reset code; every session of the account ends, and the address is told. */
  async resetPassword(email: string, code: string, newPassword: string, ip: string, language: Language): Promise<void> {
    const { db, hasher, now } = this.deps;
    // Before the code is tried: a refused password must not use the code up.
    refuseCommonPassword(newPassword);
    const attempt = await this.attempts.codeCheck(ip);
    const { rows } = await db.query<{ id: number; account: string }>(
      `SELECT id, account FROM accounts WHERE lower(email) = lower($1) AND type = 'PLATFORM' AND password_hash IS NOT NULL`,
      [email],
    );
    const row = rows[0];
    if (!row || !(await this.codes.accept('reset_password', row.id, email, code))) throw identityFailure.code();
    await this.attempts.forget(attempt);
    const passwordHash = await hasher.hash(newPassword);
    await db.transaction(async (tx) => {
      const at = now();
      await tx.query('UPDATE accounts SET password_hash = $2, updated_at = $3 WHERE id = $1', [row.id, passwordHash, at]);
      await this.sessions.revokeAll(row.id, tx);
      await recordAccountEvent(tx, row.id, 'password_reset', ip, at);
    });
    this.notifyPasswordChanged(row.account, email, language);
    await this.attempts.mailboxProved(row.account.toLowerCase());
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
    language: Language,
  ): Promise<{ resendAfterSeconds: number }> {
    await this.confirmCurrentPassword(account, currentPassword, ip);
    const attempt = await this.attempts.codeSendForAccount(account.accountId, email, ip);
    try {
      const code = await this.codes.issue('bind_email', account.accountId, email);
      await this.deps.mailer.send({ to: email, ...renderMail('bindEmail', language, codeMailValues(code)) });
    } catch (error) {
      // Nothing reached the player: no cool-down for a message that was never sent.
      await this.attempts.forget(attempt);
      throw error;
    }
    return { resendAfterSeconds: ACCOUNT_RULES.codeResendSeconds };
  }

  /**
   * Binds the address the code was sent to; 4090 when another account has it meanwhile. The address it replaces
   * gets a notice (after the answer), so an owner whose session was stolen learns of the change.
   */
  async bindEmail(account: AuthenticatedAccount, email: string, code: string, ip: string, language: Language): Promise<{ email: string }> {
    const { db, now } = this.deps;
    const attempt = await this.attempts.codeCheck(ip);
    if (!(await this.codes.accept('bind_email', account.accountId, email, code))) throw identityFailure.code();
    await this.attempts.forget(attempt);
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

  /** Mails the account's bound address, if any, that its password changed (after the answer; a failure is logged). */
  notifyPasswordChanged(account: string, email: string | null, language: Language): void {
    if (!email) return;
    const notice = renderMail('passwordChanged', language, { account });
    this.deps.background.run('password changed notice', () => this.deps.mailer.send({ to: email, ...notice }));
  }

  /** For an account with a password: the one given must be it (4011), counted against the login limits. */
  private async confirmCurrentPassword(account: AuthenticatedAccount, password: string | undefined, ip: string): Promise<void> {
    const { rows } = await this.deps.db.query<{ account: string; type: string; password_hash: string | null }>(
      'SELECT account, type, password_hash FROM accounts WHERE id = $1',
      [account.accountId],
    );
    const row = rows[0];
    if (!row) throw identityFailure.session();
    if (row.type !== 'PLATFORM' || !row.password_hash) return;
    if (password === undefined) throw new ApiFailure(ERROR_CODES.badRequest, IDENTITY_MESSAGES.passwordRequired);
    const attempt = await this.attempts.passwordCheck(row.account.toLowerCase(), ip);
    if (!(await this.deps.hasher.verify(row.password_hash, password))) {
      throw new ApiFailure(ERROR_CODES.invalidCredentials, IDENTITY_MESSAGES.currentPasswordWrong);
    }
    await this.attempts.forget(attempt);
  }
}
