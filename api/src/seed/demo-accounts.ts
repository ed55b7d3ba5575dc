import type { Database } from '../db/database.js';
import { AccountExistsError, createPlatformAccount, EmailTakenError } from '../identity/accounts.js';
import type { PasswordHasher } from '../identity/passwords.js';
import type { Role } from '../identity/types.js';

export interface DemoAccount {
  account: string;
  password: string;
  email: string | null;
  role: Role;
}

/**
 * The demo site's accounts (README, browser tests). Loaded with the demo games: into the embedded database by
 * default, into a DATABASE_URL database only with SEED_DEMO=1. Their passwords are public: never on a real site.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { account: 'player1', password: 'player1-pass', email: 'player1@demo.example', role: 'player' },
  { account: 'player2', password: 'player2-pass', email: 'player2@demo.example', role: 'player' },
  { account: 'agent1', password: 'agent1-pass', email: null, role: 'agent' },
];

export interface DemoAccountsResult {
  created: number;
  restored: number;
}

/**
 * Idempotent: a missing demo account is created; an existing one is put back to its documented state (password,
 * role, e-mail unless another account holds that address), so the documented logins work after every start even
 * if someone changed them while trying the site. Unchanged accounts are left untouched.
 */
export async function seedDemoAccounts(
  db: Database,
  hasher: PasswordHasher,
  accounts: readonly DemoAccount[] = DEMO_ACCOUNTS,
  now: Date = new Date(),
): Promise<DemoAccountsResult> {
  const result: DemoAccountsResult = { created: 0, restored: 0 };
  for (const demo of accounts) {
    const { rows } = await db.query<{ id: number; type: string; role: string; email: string | null; password_hash: string | null }>(
      'SELECT id, type, role, email, password_hash FROM accounts WHERE lower(account) = lower($1)',
      [demo.account],
    );
    const existing = rows[0];
    if (!existing) {
      try {
        await createPlatformAccount(db, hasher, demo, now);
        result.created += 1;
      } catch (error) {
        // Another replica seeding at the same moment created it (createPlatformAccount names the taken key).
        if (!(error instanceof AccountExistsError) && !(error instanceof EmailTakenError)) throw error;
      }
      continue;
    }
    const passwordOk =
      existing.password_hash !== null &&
      !hasher.needsRehash(existing.password_hash) &&
      (await hasher.verify(existing.password_hash, demo.password));
    const emailOk = demo.email === null || existing.email?.toLowerCase() === demo.email.toLowerCase();
    if (passwordOk && emailOk && existing.type === 'PLATFORM' && existing.role === demo.role) continue;
    const passwordHash = passwordOk ? existing.password_hash : await hasher.hash(demo.password);
    await db.query(
      `UPDATE accounts SET type = 'PLATFORM', role = $2, password_hash = $3, updated_at = $5,
         email = CASE WHEN $4::text IS NULL OR EXISTS (
           SELECT 1 FROM accounts other WHERE lower(other.email) = lower($4::text) AND other.id <> $1
         ) THEN email ELSE $4::text END
       WHERE id = $1`,
      [existing.id, demo.role, passwordHash, demo.email, now],
    );
    result.restored += 1;
  }
  return result;
}
