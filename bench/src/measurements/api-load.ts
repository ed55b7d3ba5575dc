import autocannon from 'autocannon';
import { ENDPOINTS } from 'shared-contracts/schemas';
import type { Measurement } from '../measurement.js';
import { platformTicketBody, toolApiClient } from 'tooling/api-client';
import { startPostgres } from 'tooling/postgres';
import { addPlayers, withDatabase } from '../players.js';
import { onCleanup } from '../processes.js';
import { answersByStatus, round } from '../report.js';
import { BENCH_PORTS, prepareDatabase, startApi, throwawayPglite, type ApiDatabase } from '../site.js';
import { TARGETS } from '../targets.js';

const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 32);
const DURATION_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
/** Every ticket the bench opens carries it, so the count afterwards finds exactly them. */
const BENCH_CONTACT = 'bench-load@bench.example';
/**
 * Real load is many players, and a player's creates take turns on their account (api/src/tickets/open-ticket.ts), so
 * the requests rotate over this many players; each ends the run with a handful of tickets, under the default
 * abuse limits (10 open, 20 an hour), which therefore hold and are measured as production runs them.
 */
const PLAYER_COUNT = Number(process.env.BENCH_API_PLAYERS ?? 5000);

type DatabaseKind = ApiDatabase['kind'];

export interface EndpointLoad {
  database: DatabaseKind;
  name: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers by HTTP status, and for refusals by the envelope's code too ("429 4290"). */
  answers: Record<string, number>;
  errors: number;
  timeouts: number;
}

export interface TicketCheck {
  database: DatabaseKind;
  /** POST /inquiries requests sent, each with its own requestId, warm-up included. */
  sent: number;
  /** 2xx answers to them: tickets the API acknowledged. */
  createdAnswers: number;
  /** Rows in the tickets table with the bench's contact afterwards. */
  ticketsInDatabase: number;
  /** Distinct request ids among those rows: fewer than the rows would mean a ticket made twice. */
  distinctRequests: number;
}

export interface ApiLoad {
  endpoints: EndpointLoad[];
  tickets: TicketCheck[];
  postgresVersion: string;
}

interface Tally {
  answers: Record<string, number>;
}

function tallyAnswer(tally: Tally, status: number, body: string): void {
  let key = String(status);
  if (status < 200 || status >= 300) {
    try {
      key += ` ${(JSON.parse(body) as { code?: number }).code ?? '?'}`;
    } catch {
      key += ' (no envelope)';
    }
  }
  tally.answers[key] = (tally.answers[key] ?? 0) + 1;
}

interface LoadTarget {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Headers and body of each request, rotating over the players. */
  request: (sequence: number) => { headers: Record<string, string>; body?: string };
}

/** Runs one load; `sent` counts the requests handed to the connections, answered or still in flight at the end. */
async function load(base: string, target: LoadTarget, seconds: number, tally: Tally) {
  let sequence = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: target.method,
        path: target.path,
        setupRequest: (request) => {
          const { headers, body } = target.request(sequence++);
          return { ...request, headers: { ...request.headers, ...headers }, ...(body === undefined ? {} : { body }) };
        },
        onResponse: (status, body) => tallyAnswer(tally, status, body),
      },
    ],
  });
  return { result, sent: sequence };
}

interface TicketCount {
  count: number;
  distinct: number;
}

async function countBenchTickets(database: ApiDatabase): Promise<TicketCount> {
  const sql = 'SELECT count(*)::int AS count, count(DISTINCT request_id)::int AS distinct FROM tickets WHERE contact = $1';
  const [counted] = await withDatabase(database, (run) => run<TicketCount>(sql, [BENCH_CONTACT]));
  return counted ?? { count: 0, distinct: 0 };
}

async function measureOn(database: ApiDatabase): Promise<{ endpoints: EndpointLoad[]; tickets: TicketCheck }> {
  const base = `http://127.0.0.1:${BENCH_PORTS.loadApi}`;
  // The players are added while no API holds the database.
  await prepareDatabase(database);
  const tokens = await addPlayers(database, PLAYER_COUNT);
  const api = await startApi(`load-api-${database.kind}`, BENCH_PORTS.loadApi, database);
  const endpoints: EndpointLoad[] = [];
  let createdAnswers = 0;
  let createsSent = 0;
  try {
    const tokenFor = (sequence: number) => tokens[sequence % tokens.length]!;
    const client = toolApiClient(base);
    const [game] = await client.call('gamesSimple', { query: { spec_lang: 'en' } });
    if (!game) throw new Error('the catalogue seed has no games');
    const [category] = await client.call('inquiryTypes', { query: { gameId: game.id, spec_lang: 'en' } });
    if (!category) throw new Error(`game ${game.id} has no question categories`);

    const targets: LoadTarget[] = [
      {
        name: `GET ${ENDPOINTS.gamesAll.path}`,
        method: 'GET',
        path: `${ENDPOINTS.gamesAll.path}?spec_lang=en`,
        request: () => ({ headers: {} }),
      },
      {
        name: `POST ${ENDPOINTS.createInquiry.path}`,
        method: 'POST',
        path: ENDPOINTS.createInquiry.path,
        request: (sequence) => {
          // A new requestId each time (platformTicketBody makes one): never a retry.
          const body = platformTicketBody({
            gameId: game.id,
            queryType: category.id,
            title: 'Benchmark ticket',
            content: 'A ticket the benchmark opens to measure how fast tickets are created.',
            contact: BENCH_CONTACT,
          });
          return {
            headers: { authorization: `Bearer ${tokenFor(sequence)}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          };
        },
      },
      // After the creates, so each player lists the tickets they just opened, as a player back on the page does.
      {
        name: `GET ${ENDPOINTS.inquiryList.path}`,
        method: 'GET',
        path: ENDPOINTS.inquiryList.path,
        request: (sequence) => ({ headers: { authorization: `Bearer ${tokenFor(sequence)}` } }),
      },
    ];

    for (const target of targets) {
      process.stderr.write(`bench: ${database.kind} ${target.name}...\n`);
      const warmup: Tally = { answers: {} };
      const warm = await load(base, target, WARMUP_SECONDS, warmup);
      const tally: Tally = { answers: {} };
      const { result, sent } = await load(base, target, DURATION_SECONDS, tally);
      if (target.method === 'POST') {
        createsSent = warm.sent + sent;
        createdAnswers = [warmup, tally].reduce(
          (sum, { answers }) =>
            sum +
            Object.entries(answers)
              .filter(([key]) => key.startsWith('2'))
              .reduce((total, [, count]) => total + count, 0),
          0,
        );
      }
      endpoints.push({
        database: database.kind,
        name: target.name,
        connections: CONNECTIONS,
        seconds: DURATION_SECONDS,
        requestsPerSecond: round(result.requests.average, 0),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        requests: result.requests.total,
        answers: tally.answers,
        errors: result.errors,
        timeouts: result.timeouts,
      });
    }
  } finally {
    // The embedded folder opens in one process at a time: the API lets go of it before it is counted.
    await api.stop();
  }
  const counted = await countBenchTickets(database);
  return {
    endpoints,
    tickets: {
      database: database.kind,
      sent: createsSent,
      createdAnswers,
      ticketsInDatabase: counted.count,
      distinctRequests: counted.distinct,
    },
  };
}

/**
 * API throughput and latency at fixed concurrency (autocannon, in this process) on PGlite, then on a throwaway
 * PostgreSQL, each with the catalogue seed (prepareDatabase); afterwards the tickets in the database are counted against the 2xx answers.
 */
export const apiLoad: Measurement<ApiLoad> = {
  key: 'apiLoad',
  needs: 'own',
  run: async () => {
    const endpoints: EndpointLoad[] = [];
    const tickets: TicketCheck[] = [];
    const embedded = throwawayPglite();
    const removeEmbedded = onCleanup(embedded.remove);
    try {
      const result = await measureOn(embedded.database);
      endpoints.push(...result.endpoints);
      tickets.push(result.tickets);
    } finally {
      removeEmbedded();
      embedded.remove();
    }
    const postgres = await startPostgres({ database: 'bench' });
    const stopPostgres = onCleanup(postgres.stop);
    try {
      const result = await measureOn({ kind: 'postgres', url: postgres.url });
      endpoints.push(...result.endpoints);
      tickets.push(result.tickets);
    } finally {
      stopPostgres();
      await postgres.stop();
    }
    return { endpoints, tickets, postgresVersion: postgres.version };
  },
  tables: ({ endpoints, tickets, postgresVersion }) => [
    {
      title: `API at ${CONNECTIONS} connections for ${DURATION_SECONDS} s per call over ${PLAYER_COUNT.toLocaleString('en-US')} players (autocannon, after ${WARMUP_SECONDS} s of warm-up)`,
      columns: ['database', 'call', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'answers', 'errors'],
      rows: endpoints.map((load) => [
        load.database === 'postgres' ? `postgres ${postgresVersion}` : 'pglite',
        load.name,
        load.requestsPerSecond,
        load.p50Ms,
        load.p99Ms,
        load.requests,
        answersByStatus(load.answers),
        load.errors + load.timeouts,
      ]),
      notes: [
        `targets (PostgreSQL): cached catalogue reads at least ${TARGETS.apiCachedReadsPerSecond.toLocaleString('en-US')} req/s, ticket creation at least ${TARGETS.apiCreatesPerSecond.toLocaleString('en-US')} req/s, p99 under ${TARGETS.apiP99Ms} ms, nothing lost.`,
        'answers: HTTP status, with the envelope code for refusals (429 4290 = throttled, 409 4090 = open-ticket cap); errors = connection errors and timeouts.',
      ],
    },
    {
      title: 'Tickets created by POST /inquiries (warm-up included) against rows in the database afterwards',
      columns: ['database', 'sent', '2xx answers', 'tickets in database', 'unanswered at stop', 'lost', 'made twice'],
      rows: tickets.map(({ database, sent, createdAnswers, ticketsInDatabase, distinctRequests }) => [
        database,
        sent,
        createdAnswers,
        ticketsInDatabase,
        ticketsInDatabase - createdAnswers,
        Math.max(0, createdAnswers - ticketsInDatabase),
        ticketsInDatabase - distinctRequests,
      ]),
      notes: [
        'unanswered at stop: created while the load ended, their answers never read (at most the connections of the two runs); lost = acknowledged but not in the database; made twice = rows sharing a request id. Both must be 0.',
      ],
    },
  ],
};
