import { AGENT_PAGE_SIZE, DESK_LIMITS, type DeskInquirySummary, type Language, type deskQueueQuerySchema } from 'shared-contracts';
import type { z } from 'zod';
import { toNumber, type Queryable, type SqlValue } from '../db/database.js';
import type { AuthenticatedAccount } from '../identity/types.js';
import { findByKeyword, queueOrder, type KeywordPage, type Param } from './desk-keyword.js';
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

/**
 * The desk's filters other than the keyword over `t` (tickets). Only the filters asked for are written, so each
 * combination is a statement of its own whose plan (kept by each connection: the API prepares its statements) is
 * made for those filters and meets their indexes (migration 0016), rather than one plan for all.
 */
function queueFilter(agent: AuthenticatedAccount, query: QueueQuery, param: Param): string {
  const conditions = ['true'];
  if (query.status) conditions.push(`t.status = ${param(query.status)}::text`);
  if (query.gameId) conditions.push(`t.game_id = ${param(query.gameId)}::int`);
  if (query.assigned === 'unassigned') conditions.push('t.assignee_account_id IS NULL');
  if (query.assigned === 'mine') conditions.push(`t.assignee_account_id = ${param(agent.accountId)}::bigint`);
  return conditions.join(' AND ');
}

/** A statement's conditions and the values of their parameters, numbered from `$first`. */
function filterFrom(agent: AuthenticatedAccount, query: QueueQuery, first: number): { where: string; params: SqlValue[] } {
  const params: SqlValue[] = [];
  const where = queueFilter(agent, query, (value) => `$${first + params.push(value) - 1}`);
  return { where, params };
}

/** The ids of a page of the queue without a keyword, read from the queue's indexes, and the matches counted. */
async function findInQueue(db: Queryable, agent: AuthenticatedAccount, query: QueueQuery): Promise<KeywordPage> {
  const pageFilter = filterFrom(agent, query, 1);
  const countFilter = filterFrom(agent, query, 1);
  const { rows } = await db.query<{ id: number | string }>(
    `SELECT t.id FROM tickets t WHERE ${pageFilter.where}
     ORDER BY ${queueOrder('t')} LIMIT $${pageFilter.params.length + 1} OFFSET $${pageFilter.params.length + 2}`,
    [...pageFilter.params, AGENT_PAGE_SIZE, (query.page - 1) * AGENT_PAGE_SIZE],
  );
  // Counting stops one past DESK_LIMITS.queueCountMax: the desk then says "more than" instead of visiting every
  // matching ticket of a publisher's desk for each page.
  const { rows: counted } = await db.query<{ matching: number }>(
    `SELECT count(*)::int AS matching FROM (SELECT 1 FROM tickets t WHERE ${countFilter.where} LIMIT $${countFilter.params.length + 1}) found`,
    [...countFilter.params, DESK_LIMITS.queueCountMax + 1],
  );
  return { ids: rows.map((row) => toNumber(row.id)), matching: counted[0]?.matching ?? 0 };
}

/**
 * The agents' queue: tickets an agent owes a message first, longest waiting first (a player adding information
 * keeps the ticket's place), then everything else, oldest update first. The keyword is found literally, ignoring
 * case, in the title, the question or the owner's account name; `assigned` keeps every ticket, those nobody holds,
 * or the caller's own.
 */
export async function readQueue(db: Queryable, agent: AuthenticatedAccount, query: QueueQuery, language: Language) {
  const { ids, matching } = query.keyword
    ? await findByKeyword(db, query.keyword, (param) => queueFilter(agent, query, param), query.page)
    : await findInQueue(db, agent, query);
  const countMax = query.keyword ? DESK_LIMITS.keywordCountMax : DESK_LIMITS.queueCountMax;
  // `waiting_since` is set exactly while an agent owes the next message (tickets_waiting_consistent, migration
  // 0005), so ordering by it, nulls last, puts the waiting tickets first, longest waiting first: the queue's order,
  // and the order of migration 0016's indexes, from which the page's ids are read instead of sorting every match.
  // Only those twenty are joined to their names.
  const { rows } =
    ids.length === 0
      ? { rows: [] }
      : await db.query<SummaryRow & HandlingRow>(
          `SELECT ${SUMMARY_COLUMNS}, ${HANDLING_COLUMNS} ${SUMMARY_FROM} ${HANDLING_JOIN}
           WHERE t.id = ANY ($2::bigint[]) ORDER BY ${queueOrder('t')}`,
          [language, ids],
        );
  return {
    items: rows.map((row) => ({ ...toSummary(row), account: row.account, ...toHandling(row) })),
    total: Math.min(matching, countMax),
    totalCapped: matching > countMax,
    page: query.page,
    pageSize: AGENT_PAGE_SIZE,
  };
}
