/**
 * The one database surface the API uses. Two implementations speak the same PostgreSQL dialect: embedded PGlite
 * (the default, so one command runs everything) and a `pg` pool against a PostgreSQL server (DATABASE_URL).
 * Code above this layer never knows which one it talks to, beyond `kind` for the health report.
 */

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Values a query parameter may carry. Arrays become PostgreSQL arrays (`= ANY($1::int[])`); plain objects are sent
 * as JSON for json/jsonb columns. To store a JSON array, pass `JSON.stringify(array)` with a `::jsonb` cast.
 */
export type SqlValue =
  string | number | boolean | null | Date | readonly (string | number | boolean | null)[] | { readonly [key: string]: unknown };

export interface QueryResult<Row> {
  rows: Row[];
  /** Rows returned or affected. */
  rowCount: number;
}

export interface Queryable {
  /** One statement with `$1`-style parameters. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<QueryResult<Row>>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /**
   * Runs `fn` inside BEGIN/COMMIT on one connection; a throw rolls back and rethrows. Queries inside must go
   * through the `tx` handed in, not the outer database (the pool would use another connection).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` on every NOTIFY on `channel` (a plain identifier), and again whenever a lost listening
   * connection is back, since notifications may have been missed meanwhile; payloads are not passed on. Resolves,
   * once listening, to the function that stops it.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The connection pool's figures for the metrics, where the driver keeps a pool (PostgreSQL; PGlite has none). */
  readonly poolStats?: () => PoolStats;
}

export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  /** The most connections the pool opens. */
  max: number;
}

/** Channel names `listen` accepts: they are written into LISTEN unquoted. */
export const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Integers above 2^31 come back as strings from `pg` (int8) and as numbers from PGlite; cast counts with `::int`
 * in SQL, or normalise with this when a bigint column is read.
 */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  throw new TypeError(`Expected a numeric database value, got ${typeof value}`);
}

/** JSON-encodes plain objects so both drivers store them the same way in json/jsonb columns. */
export function encodeParams(params: readonly SqlValue[] | undefined): unknown[] {
  if (!params) return [];
  return params.map((value) =>
    value !== null && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value) ? JSON.stringify(value) : value,
  );
}
