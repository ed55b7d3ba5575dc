import { createHash, randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { ACCOUNT_RULES } from 'shared-contracts';
import { TEMPLATE_PLAYER, type ApiDatabase } from './site.js';

export type RunSql = <Row>(sql: string, params: unknown[]) => Promise<Row[]>;

/** Runs `work` on the database directly (the embedded folder only while no API holds it). */
export async function withDatabase<T>(database: ApiDatabase, work: (run: RunSql) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') {
    // The API's search indexes use pg_trgm (migration 0016): writing an account updates one.
    const db = await PGlite.create(database.dataDir, { extensions: { pg_trgm } });
    try {
      return await work(async <Row>(sql: string, params: unknown[]) => (await db.query<Row>(sql, params)).rows);
    } finally {
      await db.close();
    }
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return await work(async <Row>(sql: string, params: unknown[]) => (await client.query(sql, params)).rows as Row[]);
  } finally {
    await client.end();
  }
}

/**
 * Adds the bench's players with a session each, straight in the database as an import would, and returns their
 * bearer tokens: logging thousands of players in through argon2id would take minutes. Only the tokens' SHA-256 is
 * stored, as the API stores its own (api/src/identity/sessions.ts). Needs TEMPLATE_PLAYER (prepareDatabase).
 */
export async function addPlayers(database: ApiDatabase, count: number): Promise<string[]> {
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const hashes = tokens.map((token) => createHash('sha256').update(token, 'utf8').digest('hex'));
  const now = new Date();
  const expires = new Date(now.getTime() + ACCOUNT_RULES.sessionHours * 60 * 60 * 1000);
  await withDatabase(database, (run) =>
    run(
      `WITH template AS (SELECT password_hash FROM accounts WHERE account = $4),
            players AS (SELECT 'bench-player-' || n AS account, hash FROM unnest($1::text[]) WITH ORDINALITY AS h (hash, n)),
            made AS (INSERT INTO accounts (account, type, role, password_hash, created_at, updated_at)
                     SELECT players.account, 'PLATFORM', 'player', template.password_hash, $2, $2 FROM players, template
                     RETURNING id, account)
       INSERT INTO sessions (account_id, token_hash, created_at, expires_at, last_seen_at)
       SELECT made.id, players.hash, $2, $3, $2 FROM made JOIN players USING (account)`,
      [hashes, now, expires, TEMPLATE_PLAYER],
    ),
  );
  return tokens;
}
