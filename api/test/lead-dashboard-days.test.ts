import { describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/database.js';
import { loadMigrations, migrate } from '../src/db/migrate.js';
import { LeadDashboardStats } from '../src/lead-dashboard/stats.js';
import { openTestDatabase } from './helpers.js';

/** The range the tickets below fall in, and the days the dashboard reads them for. */
const FROM = '2026-02-01';
const TO = '2026-02-10';

/**
 * Tickets opened over ten days at times with microseconds, `count` of them from number `first`: each is first
 * answered after an uneven time (every fifth after exactly ten minutes, so equal times share a day), and two in
 * three are ended.
 */
async function addTickets(db: Queryable, player: string, first: number, count: number): Promise<void> {
  await db.query(
    `WITH numbered AS (
       SELECT n, '2026-02-01T00:00:00Z'::timestamptz + (n * 7919 % 864000) * interval '1.000123 second' AS opened,
              CASE WHEN n % 5 = 0 THEN interval '10 minutes' ELSE (n * 104729 % 90000) * interval '1.234567 second' END AS to_answer,
              n % 3 <> 0 AS ended
       FROM generate_series($2::int, $2::int + $3::int - 1) n)
     INSERT INTO tickets (account_id, request_id, ticket_type, game_id, category_id, title, content, contact_kind, contact, lang,
                          status, created_at, updated_at, first_agent_reply_at, last_agent_reply_at, ended_by, ended_at)
     SELECT $1, gen_random_uuid(), '0', 1, 1, 'Timed ticket', 'A ticket with uneven times.', 'email', 't@example.test', 'en',
            CASE WHEN ended THEN 'ended' ELSE 'replied' END, opened, opened, opened + to_answer, opened + to_answer,
            CASE WHEN ended THEN 'agent' END, CASE WHEN ended THEN opened + to_answer + (n % 7) * interval '3.3 hours' END
     FROM numbered`,
    [player, first, count],
  );
}

/**
 * What the dashboard showed before migration 0023, read from the tickets themselves: each day's tickets and
 * percentiles (unrounded), and the range's.
 */
async function fromTickets(db: Queryable, at: string, seconds: string) {
  const { rows } = await db.query<{ day: string | null; tickets: number; p50: number; p90: number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, tickets, p50, p90 FROM (
       SELECT (${at} AT TIME ZONE 'UTC')::date AS day, count(*)::int AS tickets,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY ${seconds}) AS p50, percentile_cont(0.9) WITHIN GROUP (ORDER BY ${seconds}) AS p90
       FROM tickets WHERE ${at} >= $1::timestamptz AND ${at} < $2::timestamptz GROUP BY GROUPING SETS ((1), ())) per_day
     ORDER BY day NULLS LAST`,
    [`${FROM}T00:00:00Z`, '2026-02-11T00:00:00Z'],
  );
  return rows;
}

/** The same from the days' rows: a day's percentiles from its times in order, the range's from all of them. */
async function fromDays(db: Queryable, measure: string) {
  const { rows } = await db.query<{ day: string | null; tickets: number; p50: number; p90: number }>(
    `SELECT day, tickets, p50, p90 FROM (
       SELECT to_char(day, 'YYYY-MM-DD') AS day, tickets, sorted_percentile_cont(seconds, 0.5) AS p50,
              sorted_percentile_cont(seconds, 0.9) AS p90
       FROM lead_dashboard_days WHERE measure = $1 AND day BETWEEN $2::date AND $3::date AND tickets > 0
       UNION ALL
       SELECT NULL, count(*)::int, percentile_cont(0.5) WITHIN GROUP (ORDER BY v), percentile_cont(0.9) WITHIN GROUP (ORDER BY v)
       FROM lead_dashboard_days CROSS JOIN LATERAL unnest(seconds) v WHERE measure = $1 AND day BETWEEN $2::date AND $3::date) kept
     ORDER BY day NULLS LAST`,
    [measure, FROM, TO],
  );
  return rows;
}

async function expectDaysAsTickets(db: Queryable): Promise<void> {
  // Exactly equal doubles, before the dashboard rounds them to whole seconds.
  expect(await fromDays(db, 'first_response')).toEqual(await fromTickets(db, 'first_agent_reply_at', 'first_response_seconds'));
  expect(await fromDays(db, 'resolution')).toEqual(await fromTickets(db, 'ended_at', 'resolution_seconds'));
  const { rows: opened } = await db.query<{ day: string; tickets: number }>(
    `SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS tickets FROM tickets GROUP BY 1
     EXCEPT SELECT to_char(day, 'YYYY-MM-DD'), tickets FROM lead_dashboard_days WHERE measure = 'opened'`,
  );
  expect(opened).toEqual([]);
}

/**
 * Issue 15 item 5: the lead's dashboard reads openings, first answers and ends from a row per day (migration 0023)
 * instead of every ticket of the range, and its figures stay exactly what the tickets give: the migration fills the
 * days in for the tickets before it, and the trigger keeps them in step with every later write.
 */
describe("the dashboard's days", () => {
  // Every migration from the first, then 300 tickets written through the trigger: slow on the embedded database.
  it('give the same figures as the tickets, before and after tickets are opened, answered, ended, reopened, moved and deleted', async () => {
    const database = await openTestDatabase();
    try {
      const { db } = database;
      const migrations = await loadMigrations();
      await migrate(
        db,
        migrations.filter((migration) => migration.version < 23),
      );
      await db.query("INSERT INTO games (id, slug, title) VALUES (1, 'first', 'First')");
      await db.query('INSERT INTO inquiry_categories (id) VALUES (1)');
      const { rows: people } = await db.query<{ id: string }>(
        "INSERT INTO accounts (account, type, role, password_hash) VALUES ('timed-player', 'PLATFORM', 'player', '$argon2id$old') RETURNING id",
      );
      const player = people[0]!.id;
      await addTickets(db, player, 1, 200);
      await migrate(db, migrations);
      await expectDaysAsTickets(db);

      await addTickets(db, player, 201, 100);
      // An answer moved to another day, an end taken back, another end later, a reopening's clock, a deletion.
      await db.query("UPDATE tickets SET first_agent_reply_at = first_agent_reply_at + interval '2 days 0.5 second' WHERE id % 11 = 0");
      await db.query("UPDATE tickets SET status = 'replied', ended_at = NULL, ended_by = NULL WHERE id % 13 = 0 AND status = 'ended'");
      await db.query("UPDATE tickets SET ended_at = ended_at + interval '7 hours 0.25 second' WHERE id % 17 = 0 AND ended_at IS NOT NULL");
      await db.query("UPDATE tickets SET created_at = created_at - interval '1 day' WHERE id % 19 = 0");
      await db.query('DELETE FROM tickets WHERE id % 23 = 0');
      // A change the trigger ignores: it touches none of the times.
      await db.query("UPDATE tickets SET updated_at = updated_at + interval '1 minute' WHERE id % 2 = 0");
      await expectDaysAsTickets(db);

      // Through the dashboard itself: every day's figures in whole seconds (rounded as the database rounds a double),
      // as the tickets give them.
      const read = await new LeadDashboardStats(db).read(FROM, TO);
      const shown = async (at: string, seconds: string) => {
        const rows = await fromTickets(db, at, seconds);
        const { rows: rounded } = await db.query<{ p50: number; p90: number }>(
          'SELECT round(p50)::int AS p50, round(p90)::int AS p90 FROM unnest($1::float8[], $2::float8[]) AS f (p50, p90)',
          [rows.map((row) => row.p50), rows.map((row) => row.p90)],
        );
        return rows.map((row, index) => ({ day: row.day, tickets: row.tickets, ...rounded[index] }));
      };
      const firstResponses = await shown('first_agent_reply_at', 'first_response_seconds');
      const resolutions = await shown('ended_at', 'resolution_seconds');
      expect(read.durations).toEqual({
        firstResponse: { tickets: firstResponses.at(-1)!.tickets, p50: firstResponses.at(-1)!.p50, p90: firstResponses.at(-1)!.p90 },
        resolution: { tickets: resolutions.at(-1)!.tickets, p50: resolutions.at(-1)!.p50, p90: resolutions.at(-1)!.p90 },
      });
      expect(read.days.filter((day) => day.firstResponseP50 !== null).length).toBeGreaterThan(5);
      for (const day of read.days) {
        const first = firstResponses.find((row) => row.day === day.day);
        const ended = resolutions.find((row) => row.day === day.day);
        expect(day).toMatchObject({
          ended: ended?.tickets ?? 0,
          firstResponseP50: first?.p50 ?? null,
          firstResponseP90: first?.p90 ?? null,
          resolutionP50: ended?.p50 ?? null,
          resolutionP90: ended?.p90 ?? null,
        });
      }
    } finally {
      await database.cleanup();
    }
  }, 120_000);
});
