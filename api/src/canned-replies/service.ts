import { CANNED_REPLY_ERRORS, ERROR_CODES, LIMITS, type CannedReply, type Language } from 'shared-contracts';
import type { cannedReplyFieldsSchema } from 'shared-contracts/schemas';
import type { z } from 'zod';
import { toNumber, type Database, type Queryable } from '../db/database.js';
import { ApiFailure } from '../http/api-failure.js';
import { uniqueViolation } from '../identity/accounts.js';
import type { AuthenticatedAccount } from '../identity/types.js';
import { iso } from '../tickets/read.js';
import { containsPattern } from '../db/like-pattern.js';

type Fields = z.output<typeof cannedReplyFieldsSchema>;

interface CannedReplyRow {
  id: number | string;
  lang: Language;
  title: string;
  body: string;
  updated_at: Date | string;
  updated_by: string | null;
}

const SELECT = `
  SELECT c.id, c.lang, c.title, c.body, c.updated_at, a.account AS updated_by
  FROM canned_replies c
  LEFT JOIN accounts a ON a.id = c.updated_by`;

function toCannedReply(row: CannedReplyRow): CannedReply {
  return {
    id: toNumber(row.id),
    language: row.lang,
    title: row.title,
    body: row.body,
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by,
  };
}

const notFound = () => new ApiFailure(ERROR_CODES.notFound, CANNED_REPLY_ERRORS.cannedReplyNotFound);

/**
 * Runs `write`, turning the unique title index's refusal into the 4090 the browser translates (two agents saving the
 * same title at once both get past any earlier check; the index decides).
 */
async function refusingTakenTitle<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === 'canned_replies_title_key')
      throw new ApiFailure(ERROR_CODES.conflict, CANNED_REPLY_ERRORS.cannedReplyTitleTaken);
    throw error;
  }
}

/**
 * Waits for other writers of `language`'s canned replies, then refuses when it already holds its most. The lock is
 * the transaction's, so two agents adding the last free place at once cannot both get it.
 */
async function claimPlaceIn(tx: Queryable, language: Language): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('canned_replies:' || $1::text, 0))", [language]);
  const { rows } = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM canned_replies WHERE lang = $1', [language]);
  if ((rows[0]?.count ?? 0) >= LIMITS.cannedRepliesPerLanguageMax)
    throw new ApiFailure(ERROR_CODES.conflict, CANNED_REPLY_ERRORS.cannedRepliesFull);
}

async function readOne(q: Queryable, id: number): Promise<CannedReply> {
  const { rows } = await q.query<CannedReplyRow>(`${SELECT} WHERE c.id = $1`, [id]);
  const row = rows[0];
  if (!row) throw notFound();
  return toCannedReply(row);
}

/** The agents' canned replies (issue 15): any agent reads and changes all of them; the endpoints refuse players. */
export class CannedReplyService {
  readonly #db: Database;
  readonly #now: () => Date;

  constructor(dependencies: { db: Database; now: () => Date }) {
    this.#db = dependencies.db;
    this.#now = dependencies.now;
  }

  /** By title (ignoring case), optionally one language's and those whose title holds `search` literally. */
  async list(language: Language | undefined, search: string | undefined): Promise<CannedReply[]> {
    const { rows } = await this.#db.query<CannedReplyRow>(
      `${SELECT}
       WHERE ($1::text IS NULL OR c.lang = $1::text) AND ($2::text IS NULL OR c.title ILIKE $2::text ESCAPE '\\')
       ORDER BY c.lang, lower(c.title), c.id`,
      [language ?? null, search ? containsPattern(search) : null],
    );
    return rows.map(toCannedReply);
  }

  async create(account: AuthenticatedAccount, fields: Fields): Promise<CannedReply> {
    return refusingTakenTitle(() =>
      this.#db.transaction(async (tx) => {
        await claimPlaceIn(tx, fields.language);
        const now = this.#now();
        const { rows } = await tx.query<{ id: number | string }>(
          `INSERT INTO canned_replies (lang, title, body, updated_by, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
          [fields.language, fields.title, fields.body, account.accountId, now],
        );
        return readOne(tx, toNumber(rows[0]?.id));
      }),
    );
  }

  async update(account: AuthenticatedAccount, id: number, fields: Fields): Promise<CannedReply> {
    return refusingTakenTitle(() =>
      this.#db.transaction(async (tx) => {
        const { rows } = await tx.query<{ lang: Language }>('SELECT lang FROM canned_replies WHERE id = $1 FOR UPDATE', [id]);
        const current = rows[0];
        if (!current) throw notFound();
        // Moving it to another language takes a place there.
        if (current.lang !== fields.language) await claimPlaceIn(tx, fields.language);
        await tx.query('UPDATE canned_replies SET lang = $2, title = $3, body = $4, updated_by = $5, updated_at = $6 WHERE id = $1', [
          id,
          fields.language,
          fields.title,
          fields.body,
          account.accountId,
          this.#now(),
        ]);
        return readOne(tx, id);
      }),
    );
  }

  async delete(id: number): Promise<null> {
    const { rowCount } = await this.#db.query('DELETE FROM canned_replies WHERE id = $1', [id]);
    if (rowCount === 0) throw notFound();
    return null;
  }
}
