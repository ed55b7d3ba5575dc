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

/** A statement's conditions and the values of their parameters. */
interface Filter {
  where: string;
  params: SqlValue[];
}

/**
 * The desk's filters over `t` (tickets), their parameters numbered from `$first`. Only the filters asked for are
 * written, so each combination is a statement of its own whose plan (kept by each connection: the API prepares its
 * statements) is made for those filters and meets their indexes (migration 0016), rather than one plan for all.
 * A keyword with trigrams has its matches found first, all at once from the trigram indexes, and only they are
 * ordered: an order number or an account name is in a handful of a million tickets, which walking the queue's order
 * would test one by one. A shorter keyword has no trigram to look up, so it is tested on each ticket in the queue's
 * order, which stops at the page's end when the keyword is common.
 */
function queueFilter(agent: AuthenticatedAccount, query: QueueQuery, first: number): Filter {
  const params: SqlValue[] = [];
  const param = (value: SqlValue) => `$${first + params.push(value) - 1}`;
  const conditions = ['true'];
  if (query.status) conditions.push(`t.status = ${param(query.status)}::text`);
  if (query.gameId) conditions.push(`t.game_id = ${param(query.gameId)}::int`);
  if (query.keyword) {
    const keyword = param(containsPattern(query.keyword));
    conditions.push(
      [...query.keyword].length >= TRIGRAM_LENGTH
        ? `t.id = ANY (ARRAY(SELECT m.id FROM tickets m WHERE ${keywordMatch('m', keyword)}))`
        : `(${keywordMatch('t', keyword)})`,
    );
  }
  if (query.assigned === 'unassigned') conditions.push('t.assignee_account_id IS NULL');
  if (query.assigned === 'mine') conditions.push(`t.assignee_account_id = ${param(agent.accountId)}::bigint`);
  return { where: conditions.join(' AND '), params };
}

/**
 * The agents' queue: tickets an agent owes a message first, longest waiting first (a player adding information
 * keeps the ticket's place), then everything else, oldest update first. The keyword is found literally, ignoring
 * case, in the title, the question or the owner's account name; `assigned` keeps every ticket, those nobody holds,
 * or the caller's own.
 */
export async function readQueue(db: Queryable, agent: AuthenticatedAccount, query: QueueQuery, language: Language) {
  const pageFilter = queueFilter(agent, query, 2);
  const countFilter = queueFilter(agent, query, 1);
  // `waiting_since` is set exactly while an agent owes the next message (tickets_waiting_consistent, migration
  // 0005), so ordering by it, nulls last, puts the waiting tickets first, longest waiting first: the queue's order,
  // and the order of migration 0016's indexes, from which a page is read instead of sorting every match. The page's
  // ids are found first, from an index alone; only those twenty are joined to their names.
  const { rows } = await db.query<SummaryRow & HandlingRow>(
    `WITH page AS (
       SELECT t.id FROM tickets t WHERE ${pageFilter.where}
       ORDER BY t.waiting_since, t.updated_at, t.id LIMIT $${pageFilter.params.length + 2} OFFSET $${pageFilter.params.length + 3})
     SELECT ${SUMMARY_COLUMNS}, ${HANDLING_COLUMNS} ${SUMMARY_FROM} ${HANDLING_JOIN}
     WHERE t.id IN (SELECT id FROM page)
     ORDER BY t.waiting_since, t.updated_at, t.id`,
    [language, ...pageFilter.params, AGENT_PAGE_SIZE, (query.page - 1) * AGENT_PAGE_SIZE],
  );
  // Counting stops one past DESK_LIMITS.queueCountMax: the desk then says "more than" instead of visiting every
  // matching ticket of a publisher's desk for each page.
  const { rows: counted } = await db.query<{ matching: number }>(
    `SELECT count(*)::int AS matching FROM (SELECT 1 FROM tickets t WHERE ${countFilter.where} LIMIT $${countFilter.params.length + 1}) found`,
    [...countFilter.params, DESK_LIMITS.queueCountMax + 1],
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
