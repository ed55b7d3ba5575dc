import { ERROR_CODES } from 'shared-contracts';
import { createPlatformAccount } from '../src/identity/accounts.js';
import { call, okData } from './api-calls.js';
import { testHasher, type TestApp } from './helpers.js';

let counter = 0;

/** A fresh account name and client address per use, so tests sharing one database never share throttles. */
export function unique(prefix = 'user'): { name: string; ip: string } {
  counter += 1;
  const salt = Math.random().toString(36).slice(2, 8);
  return { name: `${prefix}${counter}-${salt}`, ip: `198.51.${Math.floor(counter / 250)}.${counter % 250}` };
}

export const PASSWORD = 'Correct-horse-9';

/** The whole answer to a wrong password or unknown account, the same for both. */
export const INVALID_CREDENTIALS = { code: ERROR_CODES.invalidCredentials, msg: 'invalidCredentials', data: null };

export async function createAccount(
  harness: TestApp,
  options: { name?: string; password?: string; email?: string | null; role?: 'player' | 'agent' } = {},
) {
  const name = options.name ?? unique().name;
  return createPlatformAccount(
    harness.db,
    testHasher,
    { account: name, password: options.password ?? PASSWORD, email: options.email ?? null, role: options.role ?? 'player' },
    harness.clock.now(),
  );
}

/** A new player of their own, so lists and counts start empty, logged in with a session token. */
export async function loggedInPlayer(harness: TestApp, options: { name?: string } = {}) {
  const created = await createAccount(harness, options);
  return { ...created, token: await loginToken(harness, created.account) };
}

/** A social account linked to a (provider, subject) identity, as the social-login flow will create them. */
export async function createSocialAccount(harness: TestApp, provider: string, subject: string): Promise<{ id: number; account: string }> {
  const account = `${provider}_${subject}`;
  const { rows } = await harness.db.query<{ id: number }>(
    `INSERT INTO accounts (account, type, created_at, updated_at) VALUES ($1, 'THIRD_PARTY', $2, $2) RETURNING id`,
    [account, harness.clock.now()],
  );
  const id = rows[0]?.id ?? -1;
  await harness.db.query('INSERT INTO account_identities (account_id, provider, subject, created_at) VALUES ($1, $2, $3, $4)', [
    id,
    provider,
    subject,
    harness.clock.now(),
  ]);
  return { id, account };
}

export async function login(harness: TestApp, account: string, password: string = PASSWORD, ip?: string) {
  return call(harness, 'loginPassword', { body: { account, password }, ...(ip ? { ip } : {}) });
}

export async function loginToken(harness: TestApp, account: string, password: string = PASSWORD, ip?: string): Promise<string> {
  return okData('loginPassword', await login(harness, account, password, ip)).token;
}
