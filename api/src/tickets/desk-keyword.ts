import { AGENT_PAGE_SIZE, DESK_LIMITS } from 'shared-contracts';
import { toNumber, type Queryable, type SqlValue } from '../db/database.js';
import { containsPattern } from '../db/like-pattern.js';

/** Characters of a keyword from which pg_trgm finds it in its index (migration 0016): a shorter one has no trigram. */
const TRIGRAM_LENGTH = 3;

/**
 * Tickets of the queue's order read at most, one by one, to find a page of a keyword held by more tickets than the
 * desk counts (DESK_LIMITS.keywordCountMax): at one ticket in a hundred, the first page is among the first 2,000.
 */
const WALK_MAX = 20_000;

/** Matches of a keyword counted: one past the desk's cap, which says "more than" beyond it. */
const COUNTED_MATCHES = DESK_LIMITS.keywordCountMax + 1;
/** Matches the counting statement is planned for (findByKeyword): the queue's cap, at which it reads the indexes. */
const PLANNED_MATCHES = DESK_LIMITS.queueCountMax + 1;

/** Numbers a statement's parameters in the order they are added. */
export type Param = (value: SqlValue) => string;

/** The queue's order (migration 0016's indexes), over the columns of `alias`. */
export const queueOrder = (alias: string) => `${alias}.waiting_since, ${alias}.updated_at, ${alias}.id`;

/** Digits in a row from which migration 0020's index finds a keyword: its windows are that long. */
const NUMBER_WINDOW = /[0-9]{5}/;

/** A keyword as its statements look it up: the `ILIKE` pattern, and the keyword itself for its grams or numbers. */
interface Keyword {
  like: string;
  /** Set for a keyword too short for trigrams: desk_search_grams of it, as a parameter (migration 0018). */
  grams: string | null;
  /**
   * Set for a keyword holding five digits in a row: desk_search_numbers of it (migration 0020), its parameter added
   * when first written, as a statement that leaves a parameter out is refused (the walk does not narrow).
   */
  numbers: (() => string) | null;
}

function once(make: () => string): () => string {
  let made: string | undefined;
  return () => (made ??= make());
}

function keywordOf(text: string, param: Param): Keyword {
  const like = `ILIKE ${param(containsPattern(text))}::text ESCAPE '\\'`;
  return {
    like,
    grams: [...text].length < TRIGRAM_LENGTH ? `desk_search_grams(${param(text)}::text)` : null,
    numbers: NUMBER_WINDOW.test(text) ? once(() => `desk_search_numbers(${param(text)}::text)`) : null,
  };
}

/**
 * Accounts whose name holds the keyword: from the trigram index on names, or for a short keyword from the grams
 * index, which narrows the names before ILIKE tests them. The narrowing is fenced (`OFFSET 0`): a plan made for any
 * keyword (a prepared statement's generic plan) would otherwise also look the ILIKE up in the trigram index, which
 * for a keyword without trigrams reads the whole index.
 */
function accountsHolding(keyword: Keyword): string {
  if (keyword.grams === null) return `SELECT id FROM accounts WHERE account ${keyword.like}`;
  return `SELECT id FROM (SELECT id, account FROM accounts WHERE desk_search_grams(account) @> ${keyword.grams} OFFSET 0) narrowed
          WHERE account ${keyword.like}`;
}

function textHolds(alias: string, keyword: Keyword): string {
  return `${alias}.title ${keyword.like} OR ${alias}.content ${keyword.like}`;
}

/**
 * Tickets `t` that `filters` keeps and that hold the keyword, in a form the indexes answer: title and question from
 * their trigrams, combined in one bitmap OR with the tickets of the owners whose name holds it (looked up first, run
 * once, then their tickets by `account_id`). A keyword with its own index over title and question (grams for a
 * short one, whose index answers exactly; numbers for one holding five digits in a row, whose trigrams are in most
 * tickets) is looked up there instead, and its owners' tickets are added apart, those whose text does not hold it
 * already, so the costly grams are never computed again for each ticket the index returns.
 */
function indexedMatches(keyword: Keyword, filters: string): string {
  const select = `SELECT t.id, t.waiting_since, t.updated_at FROM tickets t WHERE ${filters}`;
  const owners = `t.account_id = ANY (ARRAY(${accountsHolding(keyword)}))`;
  const narrowing =
    keyword.grams !== null
      ? `(desk_search_grams(t.title) || desk_search_grams(t.content)) @> ${keyword.grams}`
      : keyword.numbers !== null
        ? `(desk_search_numbers(t.title) || desk_search_numbers(t.content)) @> ${keyword.numbers()}`
        : null;
  if (narrowing === null) return `${select} AND (${textHolds('t', keyword)} OR ${owners})`;
  // Fenced as the accounts are (accountsHolding): the index alone narrows, then ILIKE tests its tickets.
  return `SELECT id, waiting_since, updated_at FROM (
            SELECT t.id, t.waiting_since, t.updated_at, t.title, t.content FROM tickets t
            WHERE ${filters} AND ${narrowing} OFFSET 0) t
          WHERE ${textHolds('t', keyword)}
          UNION ALL ${select} AND ${owners} AND NOT (${textHolds('t', keyword)})`;
}

/** The keyword tested on tickets read in turn: the matching owners are looked up once, into a hash. */
function testedMatch(alias: string, keyword: Keyword): string {
  return `${textHolds(alias, keyword)} OR ${alias}.account_id IN (${accountsHolding(keyword)})`;
}

/** Parameters numbered from $1, with the values in order. */
function parameters(): { values: SqlValue[]; param: Param } {
  const values: SqlValue[] = [];
  return { values, param: (value) => `$${values.push(value)}` };
}

export interface KeywordPage {
  ids: number[];
  /** Matches counted, at most one past the cap (DESK_LIMITS.keywordCountMax for a keyword, else queueCountMax). */
  matching: number;
}

/**
 * The ids of one page of the queue's tickets holding `text` (literally, ignoring case, in the title, the question
 * or the owner's account name) among those `filters` keeps, and how many match, counted to one past the desk's cap.
 *
 * The matches are found from the indexes, up to one past the cap, and when that is all of them the page is ordered
 * from them: an order number, an account name, any keyword most tickets do not hold costs its few matches. A
 * keyword more tickets hold than the desk counts (a common word, "remboursement", "充值") is not ordered from its
 * matches: its page is found by reading the queue in order and testing each ticket, which at one in a hundred
 * tickets finds the first page within 2,000, and stops after WALK_MAX. Only when that is not enough (a page far
 * down, or matches all at the end of the queue) are all the matches found and ordered.
 */
export async function findByKeyword(db: Queryable, text: string, filters: (param: Param) => string, page: number): Promise<KeywordPage> {
  const offset = (page - 1) * AGENT_PAGE_SIZE;
  const found = async (every: boolean) => {
    const { values, param } = parameters();
    const keyword = keywordOf(text, param);
    const matches = indexedMatches(keyword, filters(param));
    const page = `ARRAY(SELECT id FROM found t ORDER BY ${queueOrder('t')} LIMIT ${param(AGENT_PAGE_SIZE)} OFFSET ${param(offset)})`;
    // Counted to one past the cap, but planned as if up to the queue's cap were wanted (PLANNED_MATCHES, written into
    // the statement rather than a parameter, as a generic plan must know it): so planned, the matches are read from
    // the indexes' bitmap, where a plan for 1,001 reads the table in order and tests each ticket, 64,000 for a word
    // one ticket in 64 holds. The CTE is read only as far as it is asked, 1,001 tickets, and ordered into a page only
    // when that is all of them.
    const sql = every
      ? `WITH found AS MATERIALIZED (${matches}) SELECT (SELECT count(*)::int FROM found) AS matching, ${page} AS page`
      : `WITH found AS MATERIALIZED (${matches} LIMIT ${PLANNED_MATCHES}),
           counted AS (SELECT count(*)::int AS matching FROM (SELECT FROM found LIMIT ${COUNTED_MATCHES}) first_matches)
         SELECT matching, CASE WHEN matching < ${COUNTED_MATCHES} THEN ${page} END AS page FROM counted`;
    const { rows } = await db.query<{ matching: number; page: (number | string)[] | null }>(sql, values);
    return { matching: rows[0]?.matching ?? 0, ids: (rows[0]?.page ?? []).map(toNumber) };
  };

  const counted = await found(false);
  if (counted.matching <= DESK_LIMITS.keywordCountMax) return counted;

  const { values, param } = parameters();
  const keyword = keywordOf(text, param);
  const { rows } = await db.query<{ page: (number | string)[] }>(
    `SELECT ARRAY(
       SELECT w.id FROM (
         SELECT t.id, t.title, t.content, t.account_id, t.waiting_since, t.updated_at FROM tickets t WHERE ${filters(param)}
         ORDER BY ${queueOrder('t')} LIMIT ${param(WALK_MAX)}) w
       WHERE ${testedMatch('w', keyword)}
       ORDER BY ${queueOrder('w')} LIMIT ${param(AGENT_PAGE_SIZE)} OFFSET ${param(offset)}) AS page`,
    values,
  );
  const walked = (rows[0]?.page ?? []).map(toNumber);
  if (walked.length === AGENT_PAGE_SIZE) return { ids: walked, matching: counted.matching };
  // Every match, ordered.
  return { ids: (await found(true)).ids, matching: counted.matching };
}
