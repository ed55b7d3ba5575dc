import { CSAT_SATISFIED_SCORE_MIN, LIMITS, RATING_REASONS, addDays, daysInRange, type EndpointResponse } from 'shared-contracts';
import { toNumber, type Database } from '../db/database.js';

export type LeadDashboard = EndpointResponse<'leadDashboard'>;

/** The dashboard's measures kept per UTC day (migration 0023): tickets opened, and those first answered or ended. */
type DayMeasure = 'opened' | 'first_response' | 'resolution';

/** Whole seconds at the p50 and p90 of `seconds` over the group (continuous percentiles, as spreadsheets compute). */
const percentiles = (seconds: string) => `
  round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${seconds}))::int AS p50,
  round(percentile_cont(0.9) WITHIN GROUP (ORDER BY ${seconds}))::int AS p90`;

/** The same percentiles of one day's times, kept in ascending order, read without sorting them again. */
const sortedPercentiles = (sorted: string) => `
  round(sorted_percentile_cont(${sorted}, 0.5))::int AS p50,
  round(sorted_percentile_cont(${sorted}, 0.9))::int AS p90`;

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

/** A row of the ratings' grouping sets: the whole range's, a game's or an agent's. */
interface RatedRow extends CsatRow {
  by_game: boolean;
  by_agent: boolean;
  game_id: number | string | null;
  agent_account_id: number | string | null;
  low_scores: number;
  game_name: string | null;
  account: string | null;
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
    // Openings, first answers and ends are read from their days' rows (migration 0023): thirty rows for thirty days,
    // each day's percentiles from its times in order, the range's from all of them; the ratings are counted from
    // their index (migration 0019) before their few games and agents are named.
    const dayRange = [from, to];
    const inDays = `d.measure = $3 AND d.day BETWEEN $1::date AND $2::date`;
    const durations = (measure: DayMeasure) =>
      this.db.query<DurationRow>(
        `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.tickets, ${sortedPercentiles('d.seconds')}
         FROM lead_dashboard_days d WHERE ${inDays} AND d.tickets > 0
         UNION ALL
         SELECT NULL, count(*)::int, ${percentiles('v')} FROM lead_dashboard_days d CROSS JOIN LATERAL unnest(d.seconds) v WHERE ${inDays}`,
        [...dayRange, measure],
      );
    const [opened, firstResponses, endings, rated, reasons] = await Promise.all([
      this.db.query<{ day: string; opened: number }>(
        `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.tickets AS opened FROM lead_dashboard_days d WHERE ${inDays}`,
        [...dayRange, 'opened' satisfies DayMeasure],
      ),
      durations('first_response'),
      durations('resolution'),
      // The ratings' totals, by game and by agent from one reading of their index (GROUPING SETS), each game and
      // agent named (a game or agent no longer there is left out), games by title, then agents by name.
      this.db.query<RatedRow>(
        `SELECT rated.*, g.title AS game_name, a.account FROM (
           SELECT GROUPING(r.game_id) = 0 AS by_game, GROUPING(r.agent_account_id) = 0 AS by_agent, r.game_id, r.agent_account_id,
                  count(*)::int AS ratings, count(*) FILTER (WHERE r.score >= $3)::int AS satisfied,
                  count(*) FILTER (WHERE r.score <= $4)::int AS low_scores
           FROM ticket_ratings r WHERE ${within('r.created_at')} GROUP BY GROUPING SETS ((r.game_id), (r.agent_account_id), ())) rated
         LEFT JOIN games g ON rated.by_game AND g.id = rated.game_id
         LEFT JOIN accounts a ON rated.by_agent AND a.id = rated.agent_account_id
         ORDER BY g.title, g.id, lower(a.account), a.id`,
        [...range, CSAT_SATISFIED_SCORE_MIN, LIMITS.lowScoreMax],
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
    const totals = rated.rows.find((row) => !row.by_game && !row.by_agent) ?? { ratings: 0, satisfied: 0, low_scores: 0 };
    const reasonCounts = new Map(reasons.rows.map((row) => [row.reason, row.count]));
    return {
      from,
      to,
      days,
      durations: { firstResponse: duration(firstByDay.get(null)), resolution: duration(endedByDay.get(null)) },
      ratings: { ...csatOf(totals), lowScores: totals.low_scores },
      csatByGame: rated.rows.flatMap((row) =>
        row.by_game && row.game_name !== null ? [{ gameId: toNumber(row.game_id), gameName: row.game_name, ...csatOf(row) }] : [],
      ),
      csatByAgent: rated.rows.flatMap((row) =>
        row.by_agent && row.account !== null ? [{ agentId: toNumber(row.agent_account_id), account: row.account, ...csatOf(row) }] : [],
      ),
      lowScoreReasons: RATING_REASONS.map((reason) => {
        const count = reasonCounts.get(reason) ?? 0;
        return { reason, count, share: share(count, totals.low_scores) };
      }),
    };
  }
}
