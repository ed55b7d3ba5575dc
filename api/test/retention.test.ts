import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_RETENTION_DAYS, purgeUnauthenticatedRows } from '../src/retention.js';
import { createTestApp, harnessForFile } from './helpers.js';

const harness = harnessForFile(createTestApp);

const DAY_MS = 24 * 60 * 60 * 1000;

async function clientErrorAt(receivedAt: Date): Promise<number> {
  const { rows } = await harness.db.query<{ id: number }>(
    "INSERT INTO client_errors (received_at, code, message) VALUES ($1, 1106, 'retention test') RETURNING id",
    [receivedAt],
  );
  return rows[0]!.id;
}

async function socialLoginExpiringAt(expiresAt: Date): Promise<number> {
  const { rows } = await harness.db.query<{ id: number }>(
    `INSERT INTO oauth_logins (state_hash, provider, code_verifier, redirect_uri, created_at, expires_at, binding_hash)
     VALUES ($1, 'google', $4, 'https://nova.example.com/login', $2, $3, $5) RETURNING id`,
    [
      randomBytes(32).toString('hex'),
      new Date(expiresAt.getTime() - 10 * 60 * 1000),
      expiresAt,
      randomBytes(48).toString('base64url'),
      randomBytes(32).toString('hex'),
    ],
  );
  return rows[0]!.id;
}

async function remaining(table: 'client_errors' | 'oauth_logins', ids: number[]): Promise<number[]> {
  const { rows } = await harness.db.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = ANY($1::bigint[]) ORDER BY id`, [ids]);
  return rows.map((row) => Number(row.id));
}

describe('retention of what callers without a login leave behind', () => {
  it(`deletes client error reports older than ${CLIENT_ERROR_RETENTION_DAYS} days and expired social-login states, keeping the rest`, async () => {
    const now = harness.clock.now();
    const oldReport = await clientErrorAt(new Date(now.getTime() - (CLIENT_ERROR_RETENTION_DAYS * DAY_MS + 60_000)));
    const recentReport = await clientErrorAt(new Date(now.getTime() - (CLIENT_ERROR_RETENTION_DAYS * DAY_MS - 60_000)));
    const expiredLogin = await socialLoginExpiringAt(new Date(now.getTime() - 1_000));
    const liveLogin = await socialLoginExpiringAt(new Date(now.getTime() + 60_000));

    const purged = await purgeUnauthenticatedRows({ db: harness.db, now: harness.clock.now });
    expect(purged.clientErrors).toBeGreaterThanOrEqual(1);
    expect(purged.oauthLogins).toBeGreaterThanOrEqual(1);
    expect(await remaining('client_errors', [oldReport, recentReport])).toEqual([recentReport]);
    expect(await remaining('oauth_logins', [expiredLogin, liveLogin])).toEqual([liveLogin]);
  });

  it('runs by itself in every API process and stops when the app closes', async () => {
    const app = await createTestApp({ retentionIntervalMs: 20 });
    try {
      const old = await (async () => {
        const { rows } = await app.db.query<{ id: number }>(
          "INSERT INTO client_errors (received_at, code, message) VALUES ($1, 1106, 'scheduled retention') RETURNING id",
          [new Date(app.clock.now().getTime() - (CLIENT_ERROR_RETENTION_DAYS + 1) * DAY_MS)],
        );
        return rows[0]!.id;
      })();
      const gone = async () => (await app.db.query('SELECT 1 FROM client_errors WHERE id = $1', [old])).rows.length === 0;
      for (let wait = 0; !(await gone()) && wait < 100; wait += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await gone()).toBe(true);
    } finally {
      await app.cleanup();
    }
  });
});
