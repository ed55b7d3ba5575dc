import { AGENT_PAGE_SIZE, DESK_LIMITS, type DeskInquirySummary, type Language, type deskQueueQuerySchema } from 'shared-contracts';
import type { z } from 'zod';
import { toNumber, type Queryable, type SqlValue } from '../db/database.js';
import { containsPattern } from '../db/like-pattern.js';
import type { AuthenticatedAccount } from '../identity/types.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, iso, toSummary, type SummaryRow } from './read.js';

type QueueQuery = z.output<typeof deskQueueQuerySchema>;

/** A ticket's handling as the desk shows it: first agent reply, end, and the agent holding it. */
export const HANDLING_COLUMNS = `t.first_agent_reply_at, t.ended_at, t.assignee_account_id, asg.account AS assignee`;
export const HANDLING_JOIN = 'LEFT JOIN accounts asg ON asg.id = t.assignee_account_id';

export interface HandlingRow {
  first_agent_reply_at: Date | string | null;
  ended_at: Date | string | null;
  assignee_account_id: number | string | null;
  assignee: string | null;
}

export function toHandling(row: HandlingRow): Pick<DeskInquirySummary, 'firstResponseAt' | 'endedAt' | 'assignee'> {
  return {
    firstResponseAt: row.first_agent_reply_at === null ? null : iso(row.first_agent_reply_at),
    endedAt: row.ended_at === null ? null : iso(row.ended_at),
    assignee: row.assignee_account_id === null ? null : { accountId: toNumber(row.assignee_account_id), account: row.assignee ?? '' },
  };
}

/** Characters of a keyword from which pg_trgm finds it in its index: a shorter one has no trigram. */
const TRIGRAM_LENGTH = 3;

/**
 * Tickets `alias` whose title, question or owner's account name holds the `containsPattern` in `keyword`. The owners
 * are looked up first (`ARRAY(...)`, run once) and matched by `account_id`, so each of the three comes from an index
 * (migration 0016) and they combine in one bitmap OR, instead of joining every ticket to its account.
 */
function keywordMatch(alias: string, keyword: string): string {
  const like = `ILIKE ${keyword}::text ESCAPE '\\'`;
  return `${alias}.title ${like} OR ${alias}.content ${like} OR ${alias}.account_id = ANY (ARRAY(SELECT id FROM accounts WHERE account ${like}))`;
}

/**
 * The desk's filters over `t` (tickets), as five parameters from `$first`: status, game id, a `containsPattern`
 * keyword (each null for "any"), whether only tickets nobody holds, and the holder (null: any). Each call is planned
 * with its values, so a filter left null drops out of the plan and the others meet their indexes (migration 0016).
 * A keyword with trigrams (`byTrigrams`) has its matches found first, all at once from the trigram indexes, and
 * only they are ordered: an order number or an account name is in a handful of a million tickets, which walking
 * the queue's order would test one by one. A shorter keyword has no trigram to look up, so it is tested on each
 * ticket in the queue's order, which stops at the page's end when the keyword is common.
 */
function queueFilter(first: number, byTrigrams: boolean): string {
  const [status, game, keyword, unassigned, holder] = [0, 1, 2, 3, 4].map((offset) => `$${first + offset}`) as [string, string, string, string, string];
  const found = byTrigrams ? `t.id = ANY (ARRAY(SELECT m.id FROM tickets m WHERE ${keywordMatch('m', keyword)}))` : keywordMatch('t', keyword);
  return `(${status}::text IS NULL OR t.status = ${status}::text)
    AND (${game}::int IS NULL OR t.game_id = ${game}::int)
    AND (${keyword}::text IS NULL OR ${found})
    AND (NOT ${unassigned}::boolean OR t.assignee_account_id IS NULL)
    AND (${holder}::bigint IS NULL OR t.assignee_account_id = ${holder}::bigint)`;
}

/**
 * The agents' queue: tickets an agent owes a message first, longest waiting first (a player adding information
 * keeps the ticket's place), then everything else, oldest update first. The keyword is found literally, ignoring
 * case, in the title, the question or the owner's account name; `assigned` keeps every ticket, those nobody holds,
 * or the caller's own.
 */
export async function readQueue(db: Queryable, agent: AuthenticatedAccount, query: QueueQuery, language: Language) {
  const filters: SqlValue[] = [
    query.status ?? null,
    query.gameId ?? null,
    query.keyword ? containsPattern(query.keyword) : null,
    query.assigned === 'unassigned',
    query.assigned === 'mine' ? agent.accountId : null,
  ];
  const byTrigrams = [...(query.keyword ?? '')].length >= TRIGRAM_LENGTH;
  // `waiting_since` is set exactly while an agent owes the next message (tickets_waiting_consistent, migration
  // 0005), so ordering by it, nulls last, puts the waiting tickets first, longest waiting first: the queue's order,
  // and the order of migration 0016's indexes, from which a page is read instead of sorting every match. The page's
  // ids are found first, from an index alone; only those twenty are joined to their names.
  const { rows } = await db.query<SummaryRow & HandlingRow>(
    `WITH page AS (
       SELECT t.id FROM tickets t WHERE ${queueFilter(2, byTrigrams)}
       ORDER BY t.waiting_since, t.updated_at, t.id LIMIT $7 OFFSET $8)
     SELECT ${SUMMARY_COLUMNS}, ${HANDLING_COLUMNS} ${SUMMARY_FROM} ${HANDLING_JOIN}
     WHERE t.id IN (SELECT id FROM page)
     ORDER BY t.waiting_since, t.updated_at, t.id`,
    [language, ...filters, AGENT_PAGE_SIZE, (query.page - 1) * AGENT_PAGE_SIZE],
  );
  // Counting stops one past DESK_LIMITS.queueCountMax: the desk then says "more than" instead of visiting every
  // matching ticket of a publisher's desk for each page.
  const { rows: counted } = await db.query<{ matching: number }>(
    `SELECT count(*)::int AS matching FROM (SELECT 1 FROM tickets t WHERE ${queueFilter(1, byTrigrams)} LIMIT $6) found`,
    [...filters, DESK_LIMITS.queueCountMax + 1],
  );
  const matching = counted[0]?.matching ?? 0;
  return {
    items: rows.map((row) => ({ ...toSummary(row), account: row.account, ...toHandling(row) })),
    total: Math.min(matching, DESK_LIMITS.queueCountMax),
    totalCapped: matching > DESK_LIMITS.queueCountMax,
    page: query.page,
    pageSize: AGENT_PAGE_SIZE,
  };
}
