import {
  CSAT_SATISFIED_SCORE_MIN,
  LIMITS,
  RATING_REASONS,
  addDays,
  daysInRange,
  type EndpointResponse,
} from 'shared-contracts';
import { toNumber, type Database } from '../db/database.js';

export type LeadDashboard = EndpointResponse<'leadDashboard'>;

/**
 * Which agent a rating is put down to: the one holding the ticket (assignment, migration 0014), else the last agent
 * who replied. A ticket no agent held or answered (the player ended it first) counts in no agent's CSAT.
 */
const RATED_AGENT = `COALESCE(
  t.assignee_account_id,
  (SELECT m.author_account_id FROM ticket_messages m WHERE m.ticket_id = t.id AND m.author = 'agent' ORDER BY m.id DESC LIMIT 1)
)`;

/** A timestamp column's UTC calendar day, as YYYY-MM-DD whatever the session's time zone. */
const utcDayOf = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/** Whole seconds at the p50 and p90 of `seconds` over the group (continuous percentiles, as spreadsheets compute). */
const percentiles = (seconds: string) => `
  round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${seconds}))::int AS p50,
  round(percentile_cont(0.9) WITHIN GROUP (ORDER BY ${seconds}))::int AS p90`;

const FIRST_RESPONSE_SECONDS = 'extract(epoch FROM t.first_agent_reply_at - t.created_at)';
const RESOLUTION_SECONDS = 'extract(epoch FROM t.ended_at - t.created_at)';

interface DurationRow {
  day?: string;
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
    const [opened, firstResponses, endings, firstResponse, resolution, ratings, byGame, byAgent, reasons] = await Promise.all([
      this.db.query<{ day: string; opened: number }>(
        `SELECT ${utcDayOf('t.created_at')} AS day, count(*)::int AS opened FROM tickets t WHERE ${within('t.created_at')} GROUP BY 1`,
        range,
      ),
      this.db.query<DurationRow>(
        `SELECT ${utcDayOf('t.first_agent_reply_at')} AS day, count(*)::int AS tickets, ${percentiles(FIRST_RESPONSE_SECONDS)}
         FROM tickets t WHERE ${within('t.first_agent_reply_at')} GROUP BY 1`,
        range,
      ),
      this.db.query<DurationRow>(
        `SELECT ${utcDayOf('t.ended_at')} AS day, count(*)::int AS tickets, ${percentiles(RESOLUTION_SECONDS)}
         FROM tickets t WHERE ${within('t.ended_at')} GROUP BY 1`,
        range,
      ),
      this.db.query<DurationRow>(
        `SELECT count(*)::int AS tickets, ${percentiles(FIRST_RESPONSE_SECONDS)} FROM tickets t WHERE ${within('t.first_agent_reply_at')}`,
        range,
      ),
      this.db.query<DurationRow>(
        `SELECT count(*)::int AS tickets, ${percentiles(RESOLUTION_SECONDS)} FROM tickets t WHERE ${within('t.ended_at')}`,
        range,
      ),
      this.db.query<CsatRow & { low_scores: number }>(
        `SELECT count(*)::int AS ratings, count(*) FILTER (WHERE r.score >= $3)::int AS satisfied,
                count(*) FILTER (WHERE r.score <= $4)::int AS low_scores
         FROM ticket_ratings r WHERE ${within('r.created_at')}`,
        [...range, CSAT_SATISFIED_SCORE_MIN, LIMITS.lowScoreMax],
      ),
      this.db.query<CsatRow & { game_id: number; game_name: string }>(
        `SELECT t.game_id, g.title AS game_name, count(*)::int AS ratings, count(*) FILTER (WHERE r.score >= $3)::int AS satisfied
         FROM ticket_ratings r JOIN tickets t ON t.id = r.ticket_id JOIN games g ON g.id = t.game_id
         WHERE ${within('r.created_at')}
         GROUP BY t.game_id, g.title ORDER BY g.title, t.game_id`,
        [...range, CSAT_SATISFIED_SCORE_MIN],
      ),
      this.db.query<CsatRow & { agent_id: number; account: string }>(
        `SELECT a.id AS agent_id, a.account, count(*)::int AS ratings, count(*) FILTER (WHERE rated.score >= $3)::int AS satisfied
         FROM (SELECT r.score, ${RATED_AGENT} AS agent_id
               FROM ticket_ratings r JOIN tickets t ON t.id = r.ticket_id WHERE ${within('r.created_at')}) rated
         JOIN accounts a ON a.id = rated.agent_id
         GROUP BY a.id, a.account ORDER BY lower(a.account), a.id`,
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
      durations: { firstResponse: duration(firstResponse.rows[0]), resolution: duration(resolution.rows[0]) },
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
