import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startTopology, type Topology } from 'tooling/topology';
import { closeAfter, positiveWholeFromEnv, type Drill } from '../drill.js';
import { addPlayers, Latencies, loginAll, Player, Refused, ticketBody, ticketPlace, Unanswered, untilAnswered } from '../load/players.js';
import { LOAD_LIMITS_ENV } from './kill.js';

export interface SoakOptions {
  /** Virtual players acting at once, each waiting for its answer before the next action. */
  concurrency: number;
  seconds: number;
  /** Accounts the players take turns with (each logged in once before the clock starts). */
  accounts: number;
}

export interface SoakResult {
  options: SoakOptions;
  seconds: number;
  actions: Record<string, number>;
  requests: number;
  errors: number;
  latencies: ReturnType<Latencies['summary']>;
  errorKinds: Record<string, number>;
  ticketsAcknowledged: number;
  ticketsInDatabase: number;
  acknowledgedFound: number;
  duplicated: number;
  /** A player's own acknowledged ticket that its detail or list did not show (on either replica). */
  readMisses: number;
  failures: string[];
}

/** What a player does, and how often (weights out of 100): mostly reading, as on the real site. */
const ACTIONS = [
  ['browse catalogue', 35],
  ['read tickets', 30],
  ['create ticket', 15],
  ['upload and create', 12],
  ['login', 8],
] as const;
type Action = (typeof ACTIONS)[number][0];

function pickAction(): Action {
  let roll = Math.random() * 100;
  for (const [action, weight] of ACTIONS) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return ACTIONS[0][0];
}

/**
 * Issue 6, "Load": mixed player traffic (browse the catalogue, log in, open tickets with and without a file, read
 * them back) at a fixed concurrency for a bounded time, through the edge of the production topology. Prints errors,
 * p50/p99 by kind, and the tickets acknowledged against those found in the database afterwards.
 */
export async function runSoak(topology: Topology, options: SoakOptions): Promise<SoakResult> {
  const run = randomBytes(4).toString('hex');
  const contact = `soak-${run}@drill.example`;
  const latencies = new Latencies();
  const accounts = await addPlayers(topology, `soak-${run}`, options.accounts);
  const players = accounts.map(({ account, password }) => new Player(topology.urls.api, account, password, latencies, topology.fetch));
  await loginAll(players);
  const place = await ticketPlace(players[0]!);
  // The load's own figures start with the clock: the set-up logins are not part of them.
  latencies.reset();

  const acknowledged: { inquiryId: number; requestId: string; player: Player }[] = [];
  const actions: Record<string, number> = {};
  let readMisses = 0;
  const failures: string[] = [];
  const started = performance.now();
  const stopAt = Date.now() + options.seconds * 1000;
  const retryDeadline = () => stopAt + 30_000;

  const openTicket = async (player: Player, attachments: string[]) => {
    const body = ticketBody(place, `soak ${run}`, contact, attachments);
    const created = await untilAnswered(
      () => player.createInquiry(body),
      retryDeadline(),
      () => undefined,
    );
    if (created) acknowledged.push({ inquiryId: created.inquiryId, requestId: body.requestId, player });
  };

  const act = async (player: Player, action: Action) => {
    switch (action) {
      case 'browse catalogue':
        await player.browseCatalogue();
        return;
      case 'login':
        await player.login();
        return;
      case 'create ticket':
        await openTicket(player, []);
        return;
      case 'upload and create': {
        const upload = await player.uploadText('details.txt', `soak ${run} ${randomUUID()}\n`);
        await openTicket(player, [upload.fileId]);
        return;
      }
      case 'read tickets': {
        // Chosen before the list is asked for: a ticket acknowledged meanwhile (another slot, same account) may be missing.
        const own = acknowledged.filter((ticket) => ticket.player === player);
        const latest = own[own.length - 1];
        const listed = await player.listInquiries();
        if (!latest) return;
        // Read-your-writes across replicas: the player's newest ticket is in its list and opens.
        if (!listed.some((ticket) => ticket.id === latest.inquiryId)) readMisses += 1;
        const detail = await player.readInquiry(latest.inquiryId);
        if (detail.id !== latest.inquiryId) readMisses += 1;
      }
    }
  };

  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (Date.now() < stopAt) {
        const player = players[Math.floor(Math.random() * players.length)]!;
        const action = pickAction();
        actions[action] = (actions[action] ?? 0) + 1;
        try {
          await act(player, action);
        } catch (error) {
          // Counted by kind in the latencies; anything else is a bug of the drill itself.
          if (!(error instanceof Refused) && !(error instanceof Unanswered)) throw error;
        }
      }
    }),
  );
  const seconds = Math.round((performance.now() - started) / 100) / 10;

  const rows = await topology.postgres.query(`SELECT id, request_id FROM tickets WHERE contact = '${contact}'`);
  const idsByRequest = new Map<string, string[]>();
  for (const [id, requestId] of rows) idsByRequest.set(requestId!, [...(idsByRequest.get(requestId!) ?? []), id!]);
  const duplicated = [...idsByRequest.values()].filter((ids) => ids.length > 1).length;
  const acknowledgedFound = acknowledged.filter(({ inquiryId, requestId }) =>
    (idsByRequest.get(requestId) ?? []).includes(String(inquiryId)),
  ).length;
  const summary = latencies.summary();
  const errors = summary.reduce((sum, row) => sum + row.errors, 0);
  if (acknowledgedFound < acknowledged.length) failures.push(`${acknowledged.length - acknowledgedFound} acknowledged tickets missing`);
  if (duplicated > 0) failures.push(`${duplicated} requests made more than one ticket`);
  if (readMisses > 0) failures.push(`${readMisses} reads did not show the player's own acknowledged ticket`);
  if (errors > 0) failures.push(`${errors} requests failed (see the error kinds)`);

  return {
    options,
    seconds,
    actions,
    requests: summary.reduce((sum, row) => sum + row.requests, 0),
    errors,
    latencies: summary,
    errorKinds: Object.fromEntries(latencies.errorKinds),
    ticketsAcknowledged: acknowledged.length,
    ticketsInDatabase: rows.length,
    acknowledgedFound,
    duplicated,
    readMisses,
    failures,
  };
}

/** npm run drills: DRILL_SOAK_SECONDS, DRILL_SOAK_CONCURRENCY and DRILL_SOAK_ACCOUNTS change the defaults (60, 16, 64). */
export const soak: Drill<SoakResult> = {
  key: 'soak',
  title: 'soak: mixed player traffic against the production topology',
  async run() {
    const options = {
      seconds: positiveWholeFromEnv('DRILL_SOAK_SECONDS', 60),
      concurrency: positiveWholeFromEnv('DRILL_SOAK_CONCURRENCY', 16),
      accounts: positiveWholeFromEnv('DRILL_SOAK_ACCOUNTS', 64),
    };
    const topology = await startTopology({ apiEnv: LOAD_LIMITS_ENV, liftEdgeLimits: true });
    return closeAfter(topology.stop, () => runSoak(topology, options));
  },
  tables(result) {
    const rate = (count: number) => Math.round((count / result.seconds) * 10) / 10;
    return [
      {
        title: `Soak: ${result.options.concurrency} players at once for ${result.seconds} s over ${result.options.accounts} accounts, through the edge, two API replicas on PostgreSQL`,
        columns: ['kind', 'requests', 'per s', 'errors', 'p50 ms', 'p99 ms'],
        rows: [
          ...result.latencies.map((row) => [row.kind, row.requests, rate(row.requests), row.errors, row.p50Ms, row.p99Ms]),
          ['all', result.requests, rate(result.requests), result.errors, null, null],
        ],
        notes: [
          `actions: ${Object.entries(result.actions)
            .map(([action, count]) => `${action} ${count}`)
            .join(', ')}`,
          ...Object.entries(result.errorKinds).map(([kind, count]) => `${kind}: ${count}`),
        ],
      },
      {
        title: 'Soak: tickets created versus found',
        columns: ['figure', 'count'],
        rows: [
          ['tickets acknowledged', result.ticketsAcknowledged],
          ['acknowledged tickets found in the database', result.acknowledgedFound],
          ['tickets in the database', result.ticketsInDatabase],
          ['requests made twice (must be 0)', result.duplicated],
          ["reads missing the player's own new ticket (must be 0)", result.readMisses],
        ],
        notes: result.failures,
      },
    ];
  },
  figures(result) {
    return { ticketsAcknowledged: result.ticketsAcknowledged, ticketsFound: result.acknowledgedFound, failures: result.failures };
  },
};
