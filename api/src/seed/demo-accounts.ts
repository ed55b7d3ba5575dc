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
  /** The support lead's permission (agents only). */
  lead?: boolean;
}

/**
 * The demo site's accounts (README, browser tests). Loaded with the demo games: into the embedded database by
 * default, into a DATABASE_URL database only with SEED_DEMO=1, and never with NODE_ENV=production (config.ts).
 * Their passwords are public: never on a real site.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    account: 'player1',
    password: 'player1-pass',
    email: 'player1@demo.example',
    birthday: '1996-04-12',
    phone: '+821012345678',
    role: 'player',
  },
  { account: 'player2', password: 'player2-pass', email: 'player2@demo.example', birthday: '1989-11-03', phone: null, role: 'player' },
  { account: 'agent1', password: 'agent1-pass', email: null, birthday: '1990-07-21', phone: '+886212345678', role: 'agent' },
  { account: 'lead1', password: 'lead1-pass', email: null, birthday: '1985-02-14', phone: '+81312345678', role: 'agent', lead: true },
];

export interface DemoAccountsResult {
  created: number;
  /** Existing accounts whose missing birthday or phone was filled in. */
  completed: number;
}

/**
 * Idempotent: a missing demo account is created with its documented password, role, e-mail, birthday and phone.
 * An existing one only gets a missing birthday or phone filled in: its password, role and e-mail are never put
 * back, because whoever changed them (an operator locking the demo agent out of a site, or its owner) meant it,
 * and restoring a published password at every start would reopen the account.
 */
export async function seedDemoAccounts(
  db: Database,
  hasher: PasswordHasher,
  accounts: readonly DemoAccount[] = DEMO_ACCOUNTS,
  now: Date = new Date(),
): Promise<DemoAccountsResult> {
  const result: DemoAccountsResult = { created: 0, completed: 0 };
  for (const demo of accounts) {
    const { rows } = await db.query<{ id: number; birthday: string | null; phone: string | null }>(
      'SELECT id, birthday, phone FROM accounts WHERE lower(account) = lower($1)',
      [demo.account],
    );
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
    const profileOk = existing.birthday !== null && (demo.phone === null || existing.phone !== null);
    if (profileOk) continue;
    await db.query(
      `UPDATE accounts SET updated_at = $2, birthday = COALESCE(birthday, $3::date), phone = COALESCE(phone, $4::text)
       WHERE id = $1`,
      [existing.id, now, demo.birthday, demo.phone],
    );
    result.completed += 1;
  }
  return result;
}
