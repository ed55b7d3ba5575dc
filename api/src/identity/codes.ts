import { createHash, randomInt } from 'node:crypto';
import { ACCOUNT_RULES } from 'shared-contracts';
import type { Database, Queryable } from '../db/database.js';

export type CodePurpose = 'bind_email' | 'reset_password';

/**
 * The stored form of a code. Bound to its purpose, account and address, so a code hash copied to another row
 * proves nothing. (A six-digit code cannot resist offline guessing whatever the hash: it is protected by its short
 * life and the attempt limit, not by the hash alone.)
 */
function hashCode(purpose: CodePurpose, accountId: number, email: string, code: string): string {
  return createHash('sha256').update(`${purpose}:${accountId}:${email.toLowerCase()}:${code}`, 'utf8').digest('hex');
}

/**
 * E-mailed codes (ACCOUNT_RULES): random digits, stored hashed, valid for codeTtlMinutes, dead after
 * codeAttemptsMax tries, single use; issuing a code invalidates the account's previous code of the same purpose.
 */
export class VerificationCodes {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  /** A new code for `email`; returns the plain code, which exists only in the mail from then on. */
  async issue(purpose: CodePurpose, accountId: number, email: string): Promise<string> {
    const code = String(randomInt(0, 10 ** ACCOUNT_RULES.codeLength)).padStart(ACCOUNT_RULES.codeLength, '0');
    const now = this.now();
    const expiresAt = new Date(now.getTime() + ACCOUNT_RULES.codeTtlMinutes * 60 * 1000);
    await this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE verification_codes SET invalidated_at = $3
         WHERE account_id = $1 AND purpose = $2 AND consumed_at IS NULL AND invalidated_at IS NULL`,
        [accountId, purpose, now],
      );
      // Codes of this account that can no longer be used are of no further interest after a day.
      await tx.query(`DELETE FROM verification_codes WHERE account_id = $1 AND expires_at < $2`, [
        accountId,
        new Date(now.getTime() - 24 * 60 * 60 * 1000),
      ]);
      await tx.query(
        `INSERT INTO verification_codes (purpose, account_id, email, code_hash, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [purpose, accountId, email, hashCode(purpose, accountId, email, code), now, expiresAt],
      );
    });
    return code;
  }

  /**
   * One try at the live code sent to `email`: true consumes it. Every try counts; the try that reaches the
   * limit without the right code kills it. One statement, so racing tries cannot both win or exceed the limit.
   */
  async accept(purpose: CodePurpose, accountId: number, email: string, code: string, runner: Queryable = this.db): Promise<boolean> {
    const { rows } = await runner.query<{ accepted: boolean }>(
      `UPDATE verification_codes SET
         attempts = attempts + 1,
         consumed_at = CASE WHEN code_hash = $4 THEN $5::timestamptz END,
         invalidated_at = CASE WHEN code_hash <> $4 AND attempts + 1 >= $6 THEN $5::timestamptz END
       WHERE id = (
           SELECT id FROM verification_codes
           WHERE purpose = $1 AND account_id = $2 AND lower(email) = lower($3)
             AND consumed_at IS NULL AND invalidated_at IS NULL AND expires_at > $5 AND attempts < $6
           ORDER BY id DESC LIMIT 1
         )
         AND consumed_at IS NULL AND invalidated_at IS NULL AND attempts < $6
       RETURNING consumed_at IS NOT NULL AS accepted`,
      [purpose, accountId, email, hashCode(purpose, accountId, email, code), this.now(), ACCOUNT_RULES.codeAttemptsMax],
    );
    return rows[0]?.accepted === true;
  }
}
