import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../src/db/migrate.js';
import { openTestDatabase } from './helpers.js';

/**
 * Issue 15 item 5: the lead's dashboard counts ratings by game and agent from the ratings alone (migration 0019), so
 * each rating carries its ticket's game and the agent it is put down to: the holder, else the last agent who
 * replied, else none. The trigger writes them on every insert, whoever makes it; the migration fills in the
 * ratings given before it.
 */
describe("a rating's game and agent", () => {
  it('are filled in for the ratings before migration 0019 and written by the trigger for the ones after', async () => {
    const database = await openTestDatabase();
    try {
      const migrations = await loadMigrations();
      await migrate(
        database.db,
        migrations.filter((migration) => migration.version < 19),
      );
      const { db } = database;
      await db.query("INSERT INTO games (id, slug, title) VALUES (1, 'first', 'First'), (2, 'second', 'Second')");
      await db.query('INSERT INTO inquiry_categories (id) VALUES (1)');
      const { rows: people } = await db.query<{ id: string }>(
        `INSERT INTO accounts (account, type, role, password_hash)
         VALUES ('rated-player', 'PLATFORM', 'player', '$argon2id$old'), ('rated-agent-1', 'PLATFORM', 'agent', '$argon2id$old'),
                ('rated-agent-2', 'PLATFORM', 'agent', '$argon2id$old') RETURNING id`,
      );
      const [player, first, second] = people.map((row) => row.id);
      const ratedTicket = async (gameId: number, holder: string | null, repliedBy: string[]) => {
        const { rows } = await db.query<{ id: string }>(
          `INSERT INTO tickets (account_id, request_id, ticket_type, game_id, category_id, title, content, contact_kind, contact, lang,
                                status, created_at, updated_at, ended_by, ended_at, assignee_account_id, assigned_at)
           VALUES ($1, gen_random_uuid(), '0', $2, 1, 'Rated ticket', 'A ticket that ended and was rated.', 'email', 'r@example.test', 'en',
                   'ended', '2026-01-01T08:00:00Z', '2026-01-01T10:00:00Z', 'agent', '2026-01-01T10:00:00Z', $3,
                   CASE WHEN $3::bigint IS NULL THEN NULL ELSE '2026-01-01T08:05:00Z'::timestamptz END) RETURNING id`,
          [player!, gameId, holder],
        );
        const id = rows[0]!.id;
        for (const [index, agent] of repliedBy.entries()) {
          await db.query(
            `INSERT INTO ticket_messages (ticket_id, author, author_account_id, request_id, content, created_at)
             VALUES ($1, 'agent', $2, gen_random_uuid(), 'An answer.', '2026-01-01T09:00:00Z'::timestamptz + $3 * interval '1 minute')`,
            [id, agent, index],
          );
        }
        await db.query("INSERT INTO ticket_ratings (ticket_id, score, created_at) VALUES ($1, 5, '2026-01-01T10:05:00Z')", [id]);
        return id;
      };
      const attribution = async (ids: string[]) => {
        const { rows } = await db.query<{ ticket_id: string; game_id: number; agent_account_id: string | null }>(
          'SELECT ticket_id, game_id, agent_account_id FROM ticket_ratings WHERE ticket_id = ANY ($1::bigint[]) ORDER BY ticket_id',
          [ids],
        );
        return rows.map((row) => [row.ticket_id, Number(row.game_id), row.agent_account_id]);
      };

      const before = [
        await ratedTicket(1, first!, [second!]),
        await ratedTicket(2, null, [first!, second!]),
        await ratedTicket(2, null, []),
      ];
      await migrate(database.db, migrations);
      expect(await attribution(before)).toEqual([
        [before[0], 1, first],
        [before[1], 2, second],
        [before[2], 2, null],
      ]);

      const after = [
        await ratedTicket(2, second!, [first!]),
        await ratedTicket(1, null, [second!, first!]),
        await ratedTicket(1, null, []),
      ];
      expect(await attribution(after)).toEqual([
        [after[0], 2, second],
        [after[1], 1, first],
        [after[2], 1, null],
      ]);
    } finally {
      await database.cleanup();
    }
    // A fresh database migrated twice.
  }, 60_000);
});
