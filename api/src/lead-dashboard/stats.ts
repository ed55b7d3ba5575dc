import { CSAT_SATISFIED_SCORE_MIN, LIMITS, RATING_REASONS, addDays, daysInRange, type EndpointResponse } from 'shared-contracts';
import { toNumber, type Database } from '../db/database.js';

export type LeadDashboard = EndpointResponse<'leadDashboard'>;

/**
 * A timestamp column's UTC calendar day, whatever the session's time zone, as a date: rows are grouped by it (a
 * number to sort, rather than each row's day formatted and sorted as text) and only each group's day is written
 * out, as YYYY-MM-DD (`dayText`).
 */
const utcDayOf = (column: string) => `(${column} AT TIME ZONE 'UTC')::date`;
const dayText = (day: string) => `to_char(${day}, 'YYYY-MM-DD')`;

/** Whole seconds at the p50 and p90 of `seconds` over the group (continuous percentiles, as spreadsheets compute). */
const percentiles = (seconds: string) => `
  round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${seconds}))::int AS p50,
  round(percentile_cont(0.9) WITHIN GROUP (ORDER BY ${seconds}))::int AS p90`;

/** Each ticket's times from its opening, kept with it (generated columns, migration 0022). */
const FIRST_RESPONSE_SECONDS = 't.first_response_seconds';
const RESOLUTION_SECONDS = 't.resolution_seconds';

interface DurationRow {
  /** Null on the row of the whole range. */
  day: string | null;
  tickets: number;
  p50: number | null;
  p90: number | null;
}

interface CsatRow {
  ratings: number;
  satisfied: number;
}

const share = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);
const csatOf = (row: CsatRow) => ({ ratings: row.ratings, satisfied: row.satisfied, csat: share(row.satisfied, row.ratings) });

/**
 * The support lead's figures over a range of UTC days (issue 15 item 4), each read by the day it happened: tickets
 * opened (created_at), first answered (first_agent_reply_at), ended (ended_at) and rated (the rating's time), so a
 * ticket opened before the range and ended in it counts as ended in it. Durations are from opening, in seconds.
 */
export class LeadDashboardStats {
  constructor(private readonly db: Database) {}

  async read(from: string, to: string): Promise<LeadDashboard> {
    // [start, end): the first instant of `from` to the first instant after `to`, in UTC.
    const range = [`${from}T00:00:00Z`, `${addDays(to, 1)}T00:00:00Z`];
    const within = (column: string) => `${column} >= $1::timestamptz AND ${column} < $2::timestamptz`;
    // Each duration is read once, by day and for the whole range together (GROUPING SETS), from its index alone
    // (migrations 0019 and 0022); the ratings are counted from theirs before their few games and agents are named.
    const durations = (at: string, seconds: string) =>
      this.db.query<DurationRow>(
        `SELECT ${dayText('per_day.day')} AS day, tickets, p50, p90 FROM (
           SELECT ${utcDayOf(at)} AS day, count(*)::int AS tickets, ${percentiles(seconds)}
           FROM tickets t WHERE ${within(at)} GROUP BY GROUPING SETS ((1), ())) per_day`,
        range,
      );
    const [opened, firstResponses, endings, ratings, byGame, byAgent, reasons] = await Promise.all([
      this.db.query<{ day: string; opened: number }>(
        `SELECT ${dayText('per_day.day')} AS day, opened FROM (
           SELECT ${utcDayOf('t.created_at')} AS day, count(*)::int AS opened FROM tickets t WHERE ${within('t.created_at')} GROUP BY 1) per_day`,
        range,
      ),
      durations('t.first_agent_reply_at', FIRST_RESPONSE_SECONDS),
      durations('t.ended_at', RESOLUTION_SECONDS),
      this.db.query<CsatRow & { low_scores: number }>(
        `SELECT count(*)::int AS ratings, count(*) FILTER (WHERE r.score >= $3)::int AS satisfied,
                count(*) FILTER (WHERE r.score <= $4)::int AS low_scores
         FROM ticket_ratings r WHERE ${within('r.created_at')}`,
        [...range, CSAT_SATISFIED_SCORE_MIN, LIMITS.lowScoreMax],
      ),
      this.db.query<CsatRow & { game_id: number; game_name: string }>(
        `SELECT g.id AS game_id, g.title AS game_name, rated.ratings, rated.satisfied
         FROM (SELECT r.game_id, count(*)::int AS ratings, count(*) FILTER (WHERE r.score >= $3)::int AS satisfied
               FROM ticket_ratings r WHERE ${within('r.created_at')} GROUP BY r.game_id) rated
         JOIN games g ON g.id = rated.game_id
         ORDER BY g.title, g.id`,
        [...range, CSAT_SATISFIED_SCORE_MIN],
      ),
      this.db.query<CsatRow & { agent_id: number; account: string }>(
        `SELECT a.id AS agent_id, a.account, rated.ratings, rated.satisfied
         FROM (SELECT r.agent_account_id, count(*)::int AS ratings, count(*) FILTER (WHERE r.score >= $3)::int AS satisfied
               FROM ticket_ratings r WHERE ${within('r.created_at')} GROUP BY r.agent_account_id) rated
         JOIN accounts a ON a.id = rated.agent_account_id
         ORDER BY lower(a.account), a.id`,
        [...range, CSAT_SATISFIED_SCORE_MIN],
      ),
      this.db.query<{ reason: string; count: number }>(
        `SELECT reason, count(*)::int AS count FROM ticket_ratings r CROSS JOIN LATERAL unnest(r.reasons) AS reason
         WHERE ${within('r.created_at')} AND r.score <= $3 GROUP BY reason`,
        [...range, LIMITS.lowScoreMax],
      ),
    ]);

    const openedByDay = new Map(opened.rows.map((row) => [row.day, row.opened]));
    const firstByDay = new Map(firstResponses.rows.map((row) => [row.day, row]));
    const endedByDay = new Map(endings.rows.map((row) => [row.day, row]));
    // The row of the whole range is the one without a day (keyed null).
    const days: LeadDashboard['days'] = Array.from({ length: daysInRange(from, to) }, (_, index) => {
      const day = addDays(from, index);
      const first = firstByDay.get(day);
      const ended = endedByDay.get(day);
      return {
        day,
        opened: openedByDay.get(day) ?? 0,
        ended: ended?.tickets ?? 0,
        firstResponseP50: first?.p50 ?? null,
        firstResponseP90: first?.p90 ?? null,
        resolutionP50: ended?.p50 ?? null,
        resolutionP90: ended?.p90 ?? null,
      };
    });
    const duration = (row: DurationRow | undefined) => ({ tickets: row?.tickets ?? 0, p50: row?.p50 ?? null, p90: row?.p90 ?? null });
    const totals = ratings.rows[0] ?? { ratings: 0, satisfied: 0, low_scores: 0 };
    const reasonCounts = new Map(reasons.rows.map((row) => [row.reason, row.count]));
    return {
      from,
      to,
      days,
      durations: { firstResponse: duration(firstByDay.get(null)), resolution: duration(endedByDay.get(null)) },
      ratings: { ...csatOf(totals), lowScores: totals.low_scores },
      csatByGame: byGame.rows.map((row) => ({ gameId: toNumber(row.game_id), gameName: row.game_name, ...csatOf(row) })),
      csatByAgent: byAgent.rows.map((row) => ({ agentId: toNumber(row.agent_id), account: row.account, ...csatOf(row) })),
      lowScoreReasons: RATING_REASONS.map((reason) => {
        const count = reasonCounts.get(reason) ?? 0;
        return { reason, count, share: share(count, totals.low_scores) };
      }),
    };
  }
}
