import { ERROR_CODES, type EndpointName } from 'shared-contracts';
import { ENDPOINTS, envelopeSchema } from 'shared-contracts/schemas';
import { expect } from 'vitest';
import type { z } from 'zod';
import { createPlatformAccount } from '../src/identity/accounts.js';
import { injectJson, testHasher, type JsonAnswer, type TestApp } from './helpers.js';

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
/** The whole answer to a call without a live session (-600), which logs the browser out. */
export const SESSION_INVALID = { code: ERROR_CODES.sessionInvalid, msg: 'sessionInvalid', data: null };

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

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export interface CallOptions {
  query?: string;
  body?: unknown;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** Calls an endpoint of the shared table by name. */
export function call(harness: TestApp, name: EndpointName, options: CallOptions = {}): Promise<JsonAnswer> {
  const endpoint = ENDPOINTS[name];
  return injectJson(harness.app, {
    method: endpoint.method,
    url: `${endpoint.path}${options.query ?? ''}`,
    remoteAddress: options.ip ?? '203.0.113.1',
    headers: { ...(options.token ? bearer(options.token) : {}), ...options.headers },
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
}

/** Expects success and returns the data, checked against the endpoint's response schema. */
export function okData<Name extends EndpointName>(name: Name, answer: JsonAnswer): z.output<(typeof ENDPOINTS)[Name]['response']> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const parsed = envelopeSchema(ENDPOINTS[name].response as z.ZodType).parse(answer.body);
  expect(parsed.code).toBe(1);
  return parsed.data as z.output<(typeof ENDPOINTS)[Name]['response']>;
}

export function expectFailure(answer: JsonAnswer, status: number, code: number, msg: string | RegExp): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ code, data: null });
  const text = (answer.body as { msg: string }).msg;
  if (typeof msg === 'string') expect(text).toBe(msg);
  else expect(text).toMatch(msg);
}

export async function login(harness: TestApp, account: string, password: string = PASSWORD, ip?: string) {
  return call(harness, 'loginPassword', { body: { account, password }, ...(ip ? { ip } : {}) });
}

export async function loginToken(harness: TestApp, account: string, password: string = PASSWORD, ip?: string): Promise<string> {
  return okData('loginPassword', await login(harness, account, password, ip)).token;
}
