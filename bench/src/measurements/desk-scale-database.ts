import { performance } from 'node:perf_hooks';
import type { Database, Queryable, QueryResult, SqlValue } from 'api/testing';

/** A part of a call: the call as the API answers it, or one kind of its statements on tickets. */
export type Part = 'call' | 'rows' | 'count';

export interface Statement {
  sql: string;
  ms: number;
}

/**
 * The API's database with every statement timed: the desk's calls are measured as the API makes them, and their
 * statements apart (the page of rows and its count), without a copy of the API's SQL in the bench.
 */
export function timedDatabase(db: Database, onStatement: (statement: Statement) => void): Database {
  const timed = (runner: Queryable): Queryable => ({
    async query<Row>(sql: string, params?: readonly SqlValue[]): Promise<QueryResult<Row>> {
      const started = performance.now();
      try {
        return await runner.query<Row>(sql, params);
      } finally {
        onStatement({ sql, ms: performance.now() - started });
      }
    },
    exec: (sql) => runner.exec(sql),
  });
  return {
    ...timed(db),
    kind: db.kind,
    transaction: (work) => db.transaction((tx) => work(timed(tx))),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: () => db.close(),
  };
}

/** Which part of a call a statement is; null for what every call does (the session check). */
export function partOf(sql: string): Part | null {
  if (/\bFROM sessions\b/.test(sql) || /\bticket_events\b/.test(sql)) return null;
  return /\bcount\(/i.test(sql) ? 'count' : 'rows';
}

/** The tables the seed writes to. */
export const SEEDED_TABLES = ['accounts', 'tickets', 'ticket_messages', 'ticket_ratings'];

/**
 * Runs `work` with the tables' indexes dropped, then builds them again as they were, as a bulk load (pg_restore)
 * does: building an index over a million rows at once is several times faster than updating it row by row, the
 * trigram ones most. The indexes of constraints (keys, uniqueness) stay and keep checking every row.
 */
export async function withIndexesBuiltAfter<T>(tx: Queryable, tables: readonly string[], work: () => Promise<T>): Promise<T> {
  const { rows: indexes } = await tx.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
     WHERE c.relname = ANY($1::text[]) AND c.relnamespace = current_schema()::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    [tables],
  );
  for (const index of indexes) await tx.query(`DROP INDEX ${index.name}`);
  const result = await work();
  for (const index of indexes) await tx.query(index.definition);
  return result;
}
