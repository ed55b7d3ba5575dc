import type { Database, Queryable } from '../db/database.js';
import type { PasswordHasher } from './passwords.js';
import type { AccountType, Role } from './types.js';

export type AccountEventKind =
  'login' | 'logout' | 'other_sessions_ended' | 'password_changed' | 'password_reset' | 'email_bound' | 'created' | 'profile_updated';

/** A PostgreSQL unique violation (both drivers expose `code` and `constraint`). */
export function uniqueViolation(error: unknown): string | null {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' ? (typeof constraint === 'string' ? constraint : '') : null;
}

export class AccountExistsError extends Error {
  constructor(account: string) {
    super(`An account named "${account}" already exists (names are compared without regard to case)`);
    this.name = 'AccountExistsError';
  }
}

export class EmailTakenError extends Error {
  constructor(email: string) {
    super(`The e-mail address ${email} is already bound to another account`);
    this.name = 'EmailTakenError';
  }
}

export async function recordAccountEvent(
  runner: Queryable,
  accountId: number,
  kind: AccountEventKind,
  ip: string | null,
  at: Date,
): Promise<void> {
  await runner.query('INSERT INTO account_events (account_id, kind, ip, at) VALUES ($1, $2, $3, $4)', [accountId, kind, ip, at]);
}

export interface NewPlatformAccount {
  account: string;
  password: string;
  email?: string | null;
  role?: Role;
  /** The support lead's permission; only an agent may have it (migration 0017). */
  lead?: boolean;
}

/**
 * Creates an official (PLATFORM) account. Inputs must already satisfy the shared schemas (accountNameSchema,
 * newPasswordSchema, emailSchema); a taken name or address raises AccountExistsError / EmailTakenError.
 */
export async function createPlatformAccount(
  db: Database,
  hasher: PasswordHasher,
  input: NewPlatformAccount,
  now: Date = new Date(),
): Promise<{ id: number; account: string; type: AccountType; role: Role; lead: boolean }> {
  const passwordHash = await hasher.hash(input.password);
  const role = input.role ?? 'player';
  const lead = input.lead ?? false;
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO accounts (account, type, role, lead, password_hash, email, created_at, updated_at)
         VALUES ($1, 'PLATFORM', $2, $3, $4, $5, $6, $6) RETURNING id`,
        [input.account, role, lead, passwordHash, input.email ?? null, now],
      );
      const id = rows[0]?.id;
      if (id === undefined) throw new Error('account insert returned no id');
      await recordAccountEvent(tx, id, 'created', null, now);
      return { id, account: input.account, type: 'PLATFORM' as const, role, lead };
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'accounts_account_key') throw new AccountExistsError(input.account);
    if (constraint === 'accounts_email_key') throw new EmailTakenError(input.email ?? '');
    throw error;
  }
}
