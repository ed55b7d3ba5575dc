import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { newTotpSecret, totpStep } from './totp.js';

/**
 * Agents' authenticator (TOTP) secrets at rest (security review 2 #4): `accounts.totp_secret` holds each one sealed
 * with AES-256-GCM under TOTP_SECRET_KEY, the account's id as associated data, so a copy of the table (a backup, a
 * replica, a read-only SQL leak) gives nobody the second factor, and a sealed value moved to another account does not
 * open there. Enrolment (`agent-totp`, `create-account` with REQUIRE_AGENT_TOTP) and the login's code check both go
 * through this module; nothing else reads or writes the column.
 *
 * Stored form: `v1:` then base64url of the 12-byte nonce, the ciphertext and the 16-byte tag. The prefix names the
 * format and the key it was sealed with, so a later key rotation can add `v2:` under a new key and still open `v1:`.
 * A base32 secret (A-Z, 2-7) never contains `:`, so a plain one left from before is told apart by the prefix alone.
 */
export const SEALED_PREFIX = 'v1:';
export const TOTP_KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The key used when TOTP_SECRET_KEY is unset outside production (the demo and the tests). It is in the source, so it
 * protects nothing: configuration refuses to start with it, or without a key, when NODE_ENV=production.
 */
export const DEVELOPMENT_ONLY_TOTP_SECRET_KEY = Buffer.from('development-only-totp-key-32byte', 'utf8');

/** A stored secret that does not open: another key (TOTP_SECRET_KEY changed), another account's value, or altered. */
export class TotpSecretUnreadable extends Error {
  constructor(accountId: number, why: string) {
    super(`the authenticator secret of account ${accountId} cannot be read: ${why}`);
    this.name = 'TotpSecretUnreadable';
  }
}

/** Whether a TOTP_SECRET_KEY value is 32 bytes in base64 (`openssl rand -base64 32`). */
export function parseTotpSecretKey(value: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(value)) return null;
  const key = Buffer.from(value, 'base64');
  return key.length === TOTP_KEY_BYTES ? key : null;
}

const associatedData = (accountId: number) => Buffer.from(`accounts.totp_secret:${accountId}`, 'utf8');

export class TotpSecrets {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== TOTP_KEY_BYTES) throw new Error(`the TOTP secret key must have ${TOTP_KEY_BYTES} bytes`);
    this.key = Buffer.from(key);
  }

  /** Whether a stored value is sealed (else it is a plain base32 secret from before sealing). */
  static isSealed(stored: string): boolean {
    return stored.startsWith(SEALED_PREFIX);
  }

  seal(accountId: number, secret: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(associatedData(accountId));
    const sealed = Buffer.concat([nonce, cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${SEALED_PREFIX}${sealed.toString('base64url')}`;
  }

  /** The base32 secret of a stored value; TotpSecretUnreadable when it does not open for this account and key. */
  open(accountId: number, stored: string): string {
    if (!TotpSecrets.isSealed(stored)) throw new TotpSecretUnreadable(accountId, 'not sealed (the API seals plain secrets at start)');
    const sealed = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
    if (sealed.length <= NONCE_BYTES + TAG_BYTES) throw new TotpSecretUnreadable(accountId, 'too short');
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(accountId));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new TotpSecretUnreadable(accountId, 'another TOTP_SECRET_KEY, another account, or an altered value');
    }
  }

  /**
   * The time step a login's `code` belongs to when it is valid at `at` for the account's stored secret, else null
   * (see totpStep); TotpSecretUnreadable when the stored value does not open.
   */
  codeStep(accountId: number, account: string, stored: string, code: string, at: Date): number | null {
    return totpStep(this.open(accountId, stored), account, code, at);
  }

  /**
   * Gives the account a new secret, sealed, replacing any earlier one (and its last used step); answers the plain
   * secret, to be shown to the operator once.
   */
  async enrol(db: Queryable, accountId: number, now: Date): Promise<string> {
    const secret = newTotpSecret();
    await db.query('UPDATE accounts SET totp_secret = $2, totp_last_step = NULL, updated_at = $3 WHERE id = $1', [
      accountId,
      this.seal(accountId, secret),
      now,
    ]);
    return secret;
  }

  /**
   * At the API's start: seals every secret still stored plain (enrolled before sealing), and names the accounts
   * whose sealed secret does not open with this key. Safe on every replica at once: a value is replaced only if it
   * is still the plain one read, so a secret is sealed once.
   */
  async sealStored(db: Queryable): Promise<{ sealed: number; unreadable: number[] }> {
    const { rows } = await db.query<{ id: number; totp_secret: string }>(
      'SELECT id, totp_secret FROM accounts WHERE totp_secret IS NOT NULL ORDER BY id',
    );
    let sealed = 0;
    const unreadable: number[] = [];
    for (const row of rows) {
      if (TotpSecrets.isSealed(row.totp_secret)) {
        try {
          this.open(row.id, row.totp_secret);
        } catch {
          unreadable.push(row.id);
        }
        continue;
      }
      const { rowCount } = await db.query('UPDATE accounts SET totp_secret = $3 WHERE id = $1 AND totp_secret = $2', [
        row.id,
        row.totp_secret,
        this.seal(row.id, row.totp_secret),
      ]);
      sealed += rowCount;
    }
    return { sealed, unreadable };
  }
}
