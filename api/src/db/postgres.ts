import { createHash } from 'node:crypto';
import pg from 'pg';
import { CHANNEL_NAME, encodeParams, type Database, type QueryResult, type Queryable, type SqlValue } from './database.js';

export interface PostgresOptions {
  connectionString: string;
  /**
   * Work inside this schema (created when missing) instead of `public`: lets several test files share one
   * PostgreSQL database without seeing each other's tables.
   */
  schema?: string;
  /** Pool size (default DEFAULT_POOL_MAX). */
  max?: number;
  /** Errors of idle pooled connections (server restart, network); without a listener they crash the process. */
  onIdleError?: (error: Error) => void;
}

/**
 * Connections per replica. Each write commits with a WAL flush (about 1-3 ms on this machine's disk) during which
 * its connection only waits; more connections waiting let one flush commit more of them together. Ticket creation
 * at 32 concurrent requests: 10 connections 290-320 a second, 24 connections 410-600 (same machine, alternating
 * runs); two replicas stay far below PostgreSQL's default 100 connections.
 */
const DEFAULT_POOL_MAX = 24;

const INT8_OID = 20;

/**
 * PGlite hands back int8 as a JS number; `pg` hands back a string. Parse int8 as a number here too, so code above
 * the Database interface sees one type whatever the driver (identifiers and counts stay far below 2^53).
 */
const sameTypesAsPglite: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Waits before connecting a lost listening connection again: doubling from the first, up to the last. */
const LISTEN_RETRY_MS = { first: 250, max: 10_000 };

type PgRunner = Pick<pg.Pool | pg.PoolClient, 'query'>;

const statementNames = new Map<string, string>();

/**
 * Every statement is sent as a named prepared statement, so each pooled connection parses it once and then only
 * binds and runs it, and PostgreSQL can keep its plan: for the API's short statements parsing and planning cost
 * more than running them (the ticket list planned in about as long as it ran). The API's statements are a fixed
 * set of texts, so what each connection keeps prepared stays bounded.
 */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `s${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name;
}

function queryable(runner: PgRunner): Queryable {
  return {
    async query<Row>(sql: string, params?: readonly SqlValue[]): Promise<QueryResult<Row>> {
      const result = await runner.query({ name: statementName(sql), text: sql, values: encodeParams(params) });
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      // Without parameters pg uses the simple query protocol, which runs a multi-statement script.
      await runner.query(sql);
    },
  };
}

/** Two pools creating the same schema at once can still collide in the catalogue despite IF NOT EXISTS. */
async function createSchema(pool: pg.Pool, schema: string): Promise<void> {
  try {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== '42P06' && code !== '23505') throw error;
  }
}

/** A connection pool to a PostgreSQL server (DATABASE_URL). */
export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const max = options.max ?? DEFAULT_POOL_MAX;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max,
    types: sameTypesAsPglite,
    // search_path is set per connection at start-up, so every pooled connection works inside the schema.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', options.onIdleError ?? (() => undefined));
  try {
    if (schema) await createSchema(pool, schema);
    else await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  const base = queryable(pool);
  let closed = false;
  /** Who is called on a NOTIFY, by channel: every listener of the API shares one connection. */
  const channels = new Map<string, Set<() => void>>();
  let listener: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let pauseMs = LISTEN_RETRY_MS.first;
  /** LISTEN, UNLISTEN, connecting and ending one after another, so none sees the connection half set up. */
  let listenerWork: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const done = listenerWork.then(work);
    listenerWork = done.catch(() => undefined);
    return done;
  };
  const notifyAll = (): void => {
    for (const callbacks of [...channels.values()]) for (const onNotify of [...callbacks]) onNotify();
  };

  /**
   * LISTEN needs a connection of its own for as long as it listens (a pooled one goes back to the pool after each
   * query): one per replica, whatever the channels, so each added channel costs no connection of PostgreSQL's
   * max_connections. A lost one is connected again with a growing pause, and every listener is called once it
   * listens again, since notifications sent meanwhile were missed.
   */
  const connectListener = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.connectionString,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    listener = next;
    next.on('notification', (message) => {
      for (const onNotify of [...(channels.get(message.channel) ?? [])]) onNotify();
    });
    next.on('error', (error) => {
      options.onIdleError?.(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    await next.connect();
    for (const channel of channels.keys()) await next.query(`LISTEN ${channel}`);
    pauseMs = LISTEN_RETRY_MS.first;
  };
  const lost = (which: pg.Client): void => {
    if (closed || listener !== which || retry) return;
    listener = undefined;
    which.removeAllListeners('end');
    void which.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = undefined;
      if (channels.size === 0) return;
      serially(connectListener).then(notifyAll, () => {
        if (listener) lost(listener);
      });
    }, pauseMs);
    retry.unref();
    pauseMs = Math.min(pauseMs * 2, LISTEN_RETRY_MS.max);
  };
  const endListener = async (): Promise<void> => {
    clearTimeout(retry);
    retry = undefined;
    const current = listener;
    listener = undefined;
    current?.removeAllListeners('end');
    await current?.end().catch(() => undefined);
  };

  async function listen(channel: string, onNotify: () => void): Promise<() => Promise<void>> {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
    const callbacks = channels.get(channel) ?? new Set<() => void>();
    const firstOfChannel = callbacks.size === 0;
    callbacks.add(onNotify);
    channels.set(channel, callbacks);
    let stopped = false;
    const stop = (): Promise<void> =>
      serially(async () => {
        if (stopped) return;
        stopped = true;
        callbacks.delete(onNotify);
        if (callbacks.size > 0) return;
        channels.delete(channel);
        if (channels.size === 0) await endListener();
        else await listener?.query(`UNLISTEN ${channel}`).catch(() => undefined);
      });
    try {
      await serially(async () => {
        if (!listener && !retry) await connectListener();
        else if (firstOfChannel) await listener?.query(`LISTEN ${channel}`);
      });
    } catch (error) {
      await stop();
      throw error;
    }
    return stop;
  }

  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          // A connection that cannot roll back is unusable: drop it from the pool rather than reuse it.
          broken = rollbackError as Error;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    listen,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      channels.clear();
      await serially(endListener);
      await pool.end();
    },
  };
}
