import type { Database } from '../db/database.js';
import { AccountExistsError, createPlatformAccount, EmailTakenError } from '../identity/accounts.js';
import type { PasswordHasher } from '../identity/passwords.js';
import type { Role } from '../identity/types.js';

export interface DemoAccount {
  account: string;
  password: string;
  email: string | null;
  /** The user info of SPEC §3, so the user center shows a filled-in account (YYYY-MM-DD; + and digits). */
  birthday: string;
  phone: string | null;
  role: Role;
}

/**
 * The demo site's accounts (README, browser tests). Loaded with the demo games: into the embedded database by
 * default, into a DATABASE_URL database only with SEED_DEMO=1. Their passwords are public: never on a real site.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { account: 'player1', password: 'player1-pass', email: 'player1@demo.example', birthday: '1996-04-12', phone: '+821012345678', role: 'player' },
  { account: 'player2', password: 'player2-pass', email: 'player2@demo.example', birthday: '1989-11-03', phone: null, role: 'player' },
  { account: 'agent1', password: 'agent1-pass', email: null, birthday: '1990-07-21', phone: '+886212345678', role: 'agent' },
];

export interface DemoAccountsResult {
  created: number;
  restored: number;
}

/**
 * Idempotent: a missing demo account is created; an existing one is put back to its documented state (password,
 * role, e-mail unless another account holds that address), so the documented logins work after every start even
 * if someone changed them while trying the site. A missing birthday or phone is filled in; one a visitor set is
 * kept (a birthday is locked once set). Unchanged accounts are left untouched.
 */
export async function seedDemoAccounts(
  db: Database,
  hasher: PasswordHasher,
  accounts: readonly DemoAccount[] = DEMO_ACCOUNTS,
  now: Date = new Date(),
): Promise<DemoAccountsResult> {
  const result: DemoAccountsResult = { created: 0, restored: 0 };
  for (const demo of accounts) {
    const { rows } = await db.query<{
      id: number;
      type: string;
      role: string;
      email: string | null;
      password_hash: string | null;
      birthday: string | null;
      phone: string | null;
    }>('SELECT id, type, role, email, password_hash, birthday, phone FROM accounts WHERE lower(account) = lower($1)', [demo.account]);
    const existing = rows[0];
    if (!existing) {
      try {
        const created = await createPlatformAccount(db, hasher, demo, now);
        await db.query('UPDATE accounts SET birthday = $2, phone = $3 WHERE id = $1', [created.id, demo.birthday, demo.phone]);
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
    const profileOk = existing.birthday !== null && (demo.phone === null || existing.phone !== null);
    if (passwordOk && emailOk && profileOk && existing.type === 'PLATFORM' && existing.role === demo.role) continue;
    const passwordHash = passwordOk ? existing.password_hash : await hasher.hash(demo.password);
    await db.query(
      `UPDATE accounts SET type = 'PLATFORM', role = $2, password_hash = $3, updated_at = $5,
         email = CASE WHEN $4::text IS NULL OR EXISTS (
           SELECT 1 FROM accounts other WHERE lower(other.email) = lower($4::text) AND other.id <> $1
         ) THEN email ELSE $4::text END,
         birthday = COALESCE(birthday, $6::date), phone = COALESCE(phone, $7::text)
       WHERE id = $1`,
      [existing.id, demo.role, passwordHash, demo.email, now, demo.birthday, demo.phone],
    );
    result.restored += 1;
  }
  return result;
}
