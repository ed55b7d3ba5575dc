import { createHash, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  buildApp,
  migrate,
  openDatabase,
  PasswordHasher,
  readGamesSeed,
  readSupportSeed,
  seedGames,
  seedSupport,
  type Database,
  type Queryable,
} from 'api/testing';
import { startPostgres } from 'tooling/postgres';
import type { Measurement } from '../measurement.js';
import { PLAYER_PREFIX, seedDeskStep, TICKETS_PER_PLAYER } from '../desk-seed.js';
import { onCleanup } from '../processes.js';
import { SEEDED_TABLES, timedDatabase, withIndexesBuiltAfter, type Statement } from './desk-scale-database.js';
import { deskQueries, measureQueries, RUNS, WARMUP, type DeskQueryFigures } from './desk-scale-queries.js';
import { round } from '../report.js';
import { TARGETS } from '../targets.js';

/** The desk's sizes, in tickets, each reached by adding to the one before. BENCH_DESK_SIZES=10000,100000 for less. */
const SIZES = (process.env.BENCH_DESK_SIZES ?? '10000,100000,1000000').split(',').map(Number);
/**
 * A database to measure on instead of a throwaway cluster, kept afterwards (BENCH_DESK_URL=postgres://...): the
 * sizes it already holds are not seeded again, and those below it are not measured, so a seeded million (25 minutes
 * to write) serves one run after another and EXPLAIN between them. Start its server with the settings below.
 */
const KEPT_DATABASE_URL = process.env.BENCH_DESK_URL;
const AGENTS = 20;
/** Players whose history is read, in turn. */
const HISTORY_PLAYERS = 30;

export interface DeskSize {
  tickets: number;
  messages: number;
  /** Seconds the database took to add this step's players, tickets, messages and ratings, and to analyse them. */
  seedSeconds: number;
  /** The machine's 1-minute load average after the queries: the two cores are shared, and figures move with it. */
  loadAverage: number;
  queries: DeskQueryFigures[];
}

export interface DeskScale {
  postgresVersion: string;
  sizes: DeskSize[];
}

async function addSessions(db: Queryable, accountIds: readonly number[]): Promise<string[]> {
  const tokens = accountIds.map(() => randomBytes(32).toString('base64url'));
  const hashes = tokens.map((token) => createHash('sha256').update(token, 'utf8').digest('hex'));
  await db.query(
    `INSERT INTO sessions (account_id, token_hash, created_at, expires_at, last_seen_at)
     SELECT account_id, hash, now(), now() + interval '1 day', now() FROM unnest($1::bigint[], $2::text[]) AS s (account_id, hash)`,
    [accountIds, hashes],
  );
  return tokens;
}

/** The prefix of the desk's agents' account names; the first is the lead. */
const AGENT_PREFIX = 'desk-agent-';

/** Tickets a kept database already holds, or null before its first run (nothing migrated or seeded yet). */
async function ticketsHeld(db: Queryable): Promise<number | null> {
  const { rows: migrated } = await db.query<{ accounts: boolean }>(`SELECT to_regclass('accounts') IS NOT NULL AS accounts`);
  if (!migrated[0]?.accounts) return null;
  const { rows: agents } = await db.query<{ id: string }>('SELECT id FROM accounts WHERE account = $1', [`${AGENT_PREFIX}1`]);
  if (agents.length === 0) return null;
  const { rows: tickets } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM tickets');
  return tickets[0]?.count ?? 0;
}

/**
 * The agents' desk at 10,000, 100,000 and 1,000,000 tickets on a throwaway PostgreSQL (issue 15 item 5): the
 * database seeds each size itself (bench/src/desk-seed.ts), then the API, in this process over that database,
 * answers each of the desk's queries RUNS times; each figure is the whole call (app.inject, no network) and the
 * time its statements on tickets took, the page of rows apart from its count.
 */
export const deskScale: Measurement<DeskScale> = {
  key: 'deskScale',
  needs: 'own',
  run: async () => {
    // Production's shared_buffers (deploy/k8s/base/postgres.yaml), where the default 128 MB holds a tenth of a
    // million tickets with their indexes; checkpoints far apart, so writing a million tickets at once is not a
    // checkpoint every few seconds (the default max_wal_size is 1 GB).
    const postgres = KEPT_DATABASE_URL
      ? null
      : await startPostgres({ database: 'desk', settings: { shared_buffers: '1GB', max_wal_size: '8GB' } });
    const stopPostgres = postgres ? onCleanup(postgres.stop) : () => undefined;
    const statements: { current: Statement[] | null } = { current: null };
    let db: Database | null = null;
    try {
      db = await openDatabase({ kind: 'postgres', url: KEPT_DATABASE_URL ?? postgres!.url });
      const held = await ticketsHeld(db);
      await migrate(db);
      const passwordHash = await new PasswordHasher().hash(randomBytes(18).toString('base64url'));
      if (held === null) {
        await seedGames(db, await readGamesSeed());
        await seedSupport(db, await readSupportSeed());
        await db.query(
          `INSERT INTO accounts (account, type, role, lead, password_hash, created_at, updated_at)
           SELECT $1 || n, 'PLATFORM', 'agent', n = 1, $2, now(), now() FROM generate_series(1, $3::int) n`,
          [AGENT_PREFIX, passwordHash, AGENTS],
        );
      }
      const { rows: agents } = await db.query<{ id: string }>(
        `SELECT id FROM accounts WHERE account LIKE $1 || '%' AND role = 'agent' ORDER BY lead DESC, id`,
        [AGENT_PREFIX],
      );
      const agentIds = agents.map((row) => Number(row.id));
      const [agentToken, leadToken] = await addSessions(db, [agentIds[1]!, agentIds[0]!]);
      const { rows: games } = await db.query<{ id: number }>('SELECT id FROM games ORDER BY id LIMIT 1');
      const gameId = games[0]!.id;
      const app = await buildApp({
        db: timedDatabase(db, (statement) => statements.current?.push(statement)),
        uploadCleanupIntervalMs: false,
        retentionIntervalMs: false,
      });
      const sizes: DeskSize[] = [];
      let playerTokens: string[] = [];
      try {
        let seeded = held ?? 0;
        const last = SIZES.at(-1)!;
        for (const size of SIZES.filter((size) => size >= seeded)) {
          process.stderr.write(`bench: deskScale seeding ${(size - seeded).toLocaleString('en-US')} tickets...\n`);
          const started = performance.now();
          // A kept database that holds this size already is measured as it is.
          const added =
            size === seeded
              ? { tickets: 0, messages: 0 }
              : await db.transaction(async (tx) => {
                  // The bench's rows are valid by construction: no triggers (live events) and no foreign-key checks.
                  await tx.query('SET LOCAL session_replication_role = replica');
                  await tx.query("SET LOCAL maintenance_work_mem = '256MB'");
                  return withIndexesBuiltAfter(tx, SEEDED_TABLES, () =>
                    seedDeskStep(tx, { from: seeded + 1, to: size, last, agentIds, passwordHash }),
                  );
                });
          if (added.tickets > 0) await db.exec('VACUUM (ANALYZE) tickets, ticket_messages, ticket_ratings, accounts');
          const seedSeconds = round((performance.now() - started) / 1000);
          process.stderr.write(`bench: deskScale seeded ${size.toLocaleString('en-US')} tickets in ${seedSeconds} s\n`);
          if (playerTokens.length === 0) {
            const { rows: players } = await db.query<{ id: string }>('SELECT id FROM accounts WHERE account LIKE $1 ORDER BY id LIMIT $2', [
              `${PLAYER_PREFIX}%`,
              HISTORY_PLAYERS,
            ]);
            playerTokens = await addSessions(
              db,
              players.map((row) => Number(row.id)),
            );
          }
          seeded = size;
          process.stderr.write(`bench: deskScale measuring at ${size.toLocaleString('en-US')} tickets...\n`);
          const queries = await measureQueries(app, deskQueries(agentToken!, leadToken!, playerTokens, gameId, size), statements);
          sizes.push({ tickets: size, messages: added.messages, seedSeconds, loadAverage: round(loadavg()[0] ?? 0), queries });
          // Each size's figures as soon as they are known: the largest takes a while.
          process.stderr.write(`${JSON.stringify(sizes.at(-1))}\n`);
        }
      } finally {
        await app.close();
      }
      const { rows: version } = await db.query<{ server_version: string }>('SHOW server_version');
      return { postgresVersion: /\d+(?:\.\d+)?/.exec(version[0]?.server_version ?? '')?.[0] ?? '?', sizes };
    } finally {
      await db?.close();
      stopPostgres();
      await postgres?.stop();
    }
  },
  tables: ({ postgresVersion, sizes }) => {
    const label = (tickets: number) => (tickets >= 1_000_000 ? `${tickets / 1_000_000}M` : `${tickets / 1_000}k`);
    const queries = sizes[0]?.queries.map((figures) => figures.query) ?? [];
    const rows = queries.flatMap((query) =>
      (['call', 'rows', 'count'] as const).flatMap((part) => {
        const cells = sizes.map((size) => size.queries.find((figures) => figures.query === query)?.parts[part]);
        if (cells.every((cell) => cell === undefined)) return [];
        return [[query, part, ...cells.map((cell) => (cell ? `${cell.p50Ms} / ${cell.p95Ms}` : '-')), TARGETS.deskP95Ms]];
      }),
    );
    return [
      {
        title: `The agents' desk as it grows, PostgreSQL ${postgresVersion}: p50 / p95 ms of ${RUNS} calls each (after ${WARMUP} untimed)`,
        columns: ['query', 'part', ...sizes.map((size) => `${label(size.tickets)} tickets`), 'target p95 ms'],
        rows,
        notes: [
          'call: the API answering the call in-process (app.inject: session check, statements, serialising; no network);',
          'rows: the slowest of its statements that read tickets for the answer; count: the slowest counting matches (the',
          "queue's total).",
          `load average (1 min, 2 cores) after each size: ${sizes.map((size) => `${label(size.tickets)} ${size.loadAverage}`).join(', ')}.`,
        ],
      },
      {
        title:
          'Seeding the desk (server-side generate_series, triggers and foreign-key checks off, indexes built after, then VACUUM ANALYZE)',
        columns: ['tickets', 'messages added', 'players added', 'seconds'],
        rows: sizes.map((size, index) => [
          size.tickets,
          size.messages,
          (size.tickets - (sizes[index - 1]?.tickets ?? 0)) / TICKETS_PER_PLAYER,
          size.seedSeconds,
        ]),
      },
    ];
  },
};
