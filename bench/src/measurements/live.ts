import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LIVE_EVENTS_PATH, LIVE_TIMINGS, type TicketLiveEvent } from 'shared-contracts';
import { platformTicketBody, toolApiClient } from 'tooling/api-client';
import { openLiveStream } from 'tooling/live-stream';
import { startPostgres } from 'tooling/postgres';
import type { Started } from 'tooling/processes';
import type { Measurement } from '../measurement.js';
import { addPlayers } from '../players.js';
import { onCleanup } from '../processes.js';
import { percentile, round } from '../report.js';
import { BENCH_PORTS, prepareDatabase, startApi } from '../site.js';
import { TARGETS } from '../targets.js';

/** Idle streams each replica holds at once (one per player and replica, so the per-account cap never applies). */
const IDLE_PER_REPLICA = Number(process.env.BENCH_LIVE_IDLE_STREAMS ?? TARGETS.liveIdleStreamsPerReplica);
/** How long the idle streams are held: past one heartbeat, so a stream the server dropped would show. */
const HOLD_SECONDS = Number(process.env.BENCH_LIVE_HOLD_SECONDS ?? Math.ceil(LIVE_TIMINGS.heartbeatMs / 1000) + 5);
/** Streams open while the loaded deliveries are measured, half on each replica. */
const LOADED_STREAMS = Number(process.env.BENCH_LIVE_LOADED_STREAMS ?? TARGETS.liveLoadedStreams);
const LOADED_EVENTS_PER_SECOND = Number(process.env.BENCH_LIVE_EVENTS_PER_SECOND ?? 50);
const LOADED_SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20);
/** The quiet deliveries: a few streams, one change at a time. */
const QUIET_STREAMS = 20;
const QUIET_EVENTS = 200;
const QUIET_EVENTS_PER_SECOND = 20;
/** Streams each replica opens and closes before its memory is first read. */
const WARM_UP_STREAMS = 50;
/** Streams opened (or tickets created) at once while setting up. */
const SETUP_CONCURRENCY = 64;
/** How long a change may take to arrive before it counts as lost. */
const ARRIVAL_GRACE_MS = 10_000;
const BENCH_CONTACT = 'bench-live@bench.example';

export interface Deliveries {
  scenario: string;
  streams: number;
  /** Replies the API acknowledged, each a change of its author's ticket. */
  changes: number;
  delivered: number;
  lost: number;
  duplicated: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface IdleStreams {
  replica: string;
  opened: number;
  refused: number;
  /** Open at the end of the hold (not ended by the server, not broken). */
  held: number;
  holdSeconds: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  /** What the replica's JavaScript heap and the memory its objects hold outside it grew by, per stream. */
  kbPerStream: number;
  /** The replica's open file descriptors with its streams open, and its limit. */
  fileDescriptors: number;
  fileDescriptorLimit: number | null;
}

export interface Live {
  postgresVersion: string;
  idle: IdleStreams[];
  deliveries: Deliveries[];
}

interface Replica {
  name: string;
  url: string;
  api: Started;
  /** Where it writes its memory when asked (collect-garbage-on-signal.mjs). */
  memoryFile: string;
}

/** One stream, open once the server said `ready`. */
interface BenchStream {
  ready: Promise<void>;
  ended: () => boolean;
  close: () => void;
}

function openStream(base: string, token: string, onTicket: (event: TicketLiveEvent, receivedAt: number) => void): BenchStream {
  let markReady: () => void = () => undefined;
  const readyMessage = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const connection = openLiveStream(`${base}${LIVE_EVENTS_PATH}`, { authorization: `Bearer ${token}` }, (message) => {
    if (message.event === 'ready') markReady();
    else if (message.event === 'ticket') onTicket(JSON.parse(message.data) as TicketLiveEvent, Date.now());
  });
  const ready = Promise.race([
    readyMessage,
    connection.status.then(async (status) => {
      if (status !== 200) throw new Error(`the stream answered ${status}`);
      await connection.ended;
      throw new Error('the stream ended before it was ready');
    }),
  ]);
  return { ready, ended: connection.isEnded, close: connection.close };
}

/** Runs `work` on each item, at most `limit` at a time. */
async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Preloaded into the replicas: a full garbage collection on SIGUSR2, then their memory in a file. */
const COLLECT_GARBAGE = pathToFileURL(fileURLToPath(new URL('../collect-garbage-on-signal.mjs', import.meta.url))).href;

interface Memory {
  rssMb: number;
  /** The JavaScript heap in use and the memory outside it its objects hold (buffers, native parts). */
  retainedMb: number;
}

/** The replica's memory right after a full garbage collection. */
async function collectedMemory(replica: Replica): Promise<Memory> {
  rmSync(replica.memoryFile, { force: true });
  process.kill(pidOf(replica), 'SIGUSR2');
  const deadline = Date.now() + 30_000;
  while (!existsSync(replica.memoryFile)) {
    if (Date.now() > deadline) throw new Error(`${replica.name} did not report its memory`);
    await sleep(100);
  }
  // Written whole by one writeFileSync; read once it parses.
  for (;;) {
    try {
      const usage = JSON.parse(readFileSync(replica.memoryFile, 'utf8')) as NodeJS.MemoryUsage;
      return { rssMb: usage.rss / 2 ** 20, retainedMb: (usage.heapUsed + usage.external) / 2 ** 20 };
    } catch {
      await sleep(50);
    }
  }
}

function fileDescriptorLimit(pid: number): number | null {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8').split('\n').find((entry) => entry.startsWith('Max open files'));
  const soft = /Max open files\s+(\d+)/.exec(line ?? '')?.[1];
  return soft === undefined ? null : Number(soft);
}

function pidOf(replica: Replica): number {
  const pid = replica.api.child.pid;
  if (pid === undefined) throw new Error(`${replica.name} is not running`);
  return pid;
}

/**
 * Every replica holds `perReplica` idle streams at once, one per player (the same players on each replica), for
 * the hold; the replica's resident memory before and after they opened gives its memory per stream.
 */
async function holdIdleStreams(replicas: readonly Replica[], tokens: readonly string[], perReplica: number): Promise<IdleStreams[]> {
  // A few streams first, so the code and the database connections every stream uses are not counted as its cost.
  for (const replica of replicas) {
    const warm = tokens.slice(0, WARM_UP_STREAMS).map((token) => openStream(replica.url, token, () => undefined));
    await Promise.all(warm.map((stream) => stream.ready));
    for (const stream of warm) stream.close();
  }
  const before: Memory[] = [];
  for (const replica of replicas) before.push(await collectedMemory(replica));
  const streams = replicas.map(() => [] as BenchStream[]);
  const refused = replicas.map(() => 0);
  try {
    for (const [index, replica] of replicas.entries()) {
      process.stderr.write(`bench: live: opening ${perReplica.toLocaleString('en-US')} idle streams on ${replica.name}...\n`);
      await eachAtMost(tokens.slice(0, perReplica), SETUP_CONCURRENCY, async (token) => {
        const stream = openStream(replica.url, token, () => undefined);
        streams[index]!.push(stream);
        await stream.ready.catch(() => {
          refused[index]! += 1;
        });
      });
    }
    process.stderr.write(`bench: live: holding them for ${HOLD_SECONDS} s...\n`);
    await sleep(HOLD_SECONDS * 1000);
    const results: IdleStreams[] = [];
    for (const [index, replica] of replicas.entries()) {
      const pid = pidOf(replica);
      const opened = streams[index]!.length - refused[index]!;
      const after = await collectedMemory(replica);
      results.push({
        replica: replica.name,
        opened,
        refused: refused[index]!,
        held: streams[index]!.filter((stream) => !stream.ended()).length,
        holdSeconds: HOLD_SECONDS,
        rssBeforeMb: round(before[index]!.rssMb),
        rssAfterMb: round(after.rssMb),
        kbPerStream: opened > 0 ? round(((after.retainedMb - before[index]!.retainedMb) * 1024) / opened) : Number.NaN,
        fileDescriptors: readdirSync(`/proc/${pid}/fd`).length,
        fileDescriptorLimit: fileDescriptorLimit(pid),
      });
    }
    return results;
  } finally {
    for (const stream of streams.flat()) stream.close();
  }
}

interface Player {
  token: string;
  inquiryId: number;
}

/** Opens one platform ticket per player, through the first replica. */
async function openTickets(replica: Replica, tokens: readonly string[]): Promise<Player[]> {
  const client = toolApiClient(replica.url);
  const [game] = await client.call('gamesSimple', { query: { spec_lang: 'en' } });
  if (!game) throw new Error('the catalogue seed has no games');
  const [category] = await client.call('inquiryTypes', { query: { gameId: game.id, spec_lang: 'en' } });
  if (!category) throw new Error(`game ${game.id} has no question categories`);
  const players: Player[] = [];
  await eachAtMost(tokens, SETUP_CONCURRENCY / 4, async (token) => {
    const body = platformTicketBody({ gameId: game.id, queryType: category.id, title: 'Live bench', content: 'A ticket the live bench changes.', contact: BENCH_CONTACT });
    const { inquiryId } = await toolApiClient(replica.url, token).call('createInquiry', { body });
    players.push({ token, inquiryId });
  });
  return players;
}

/**
 * Each player's stream on one replica while their replies go through the other, so every change crosses replicas
 * (PostgreSQL NOTIFY to the reading replica). Replies are sent at a steady rate, each counted once it is
 * acknowledged; its message event's delay is from the change's own time (`at`, the writing replica's clock as it
 * took the reply, before its transaction began) until the reading client has parsed it: an upper bound of commit to
 * client.
 */
async function measureDeliveries(
  scenario: string,
  replicas: readonly Replica[],
  players: readonly Player[],
  changes: number,
  perSecond: number,
): Promise<Deliveries> {
  const arrivals = new Map<number, number[]>();
  const streams: BenchStream[] = [];
  try {
    await eachAtMost(players, SETUP_CONCURRENCY, async (player, index) => {
      const stream = openStream(replicas[index % replicas.length]!.url, player.token, (event, receivedAt) => {
        if (event.kind !== 'message' || event.messageId === null) return;
        arrivals.set(event.messageId, [...(arrivals.get(event.messageId) ?? []), receivedAt - Date.parse(event.at)]);
      });
      streams.push(stream);
      await stream.ready;
    });
    process.stderr.write(`bench: live: ${scenario}: ${changes} changes at ${perSecond}/s over ${players.length} streams...\n`);
    const acknowledged: number[] = [];
    const sends: Promise<void>[] = [];
    const started = performance.now();
    for (let index = 0; index < changes; index += 1) {
      await sleep(Math.max(0, started + (index * 1000) / perSecond - performance.now()));
      const playerIndex = index % players.length;
      const player = players[playerIndex]!;
      const writer = replicas[(playerIndex + 1) % replicas.length]!;
      const body = { inquiryId: player.inquiryId, requestId: randomUUID(), content: `Live bench change ${index}`, attachments: [] };
      sends.push(
        toolApiClient(writer.url, player.token)
          .call('inquiryReply', { body })
          .then((message) => {
            acknowledged.push(message.id);
          }),
      );
    }
    await Promise.all(sends);
    const deadline = Date.now() + ARRIVAL_GRACE_MS;
    while (acknowledged.some((id) => !arrivals.has(id)) && Date.now() < deadline) await sleep(50);
    const delays = acknowledged.flatMap((id) => (arrivals.get(id) ?? []).slice(0, 1));
    return {
      scenario,
      streams: players.length,
      changes: acknowledged.length,
      delivered: delays.length,
      lost: acknowledged.length - delays.length,
      duplicated: acknowledged.reduce((sum, id) => sum + Math.max(0, (arrivals.get(id)?.length ?? 0) - 1), 0),
      p50Ms: percentile(delays, 0.5),
      p95Ms: percentile(delays, 0.95),
      maxMs: Math.max(...delays),
    };
  } finally {
    for (const stream of streams) stream.close();
  }
}

/**
 * Issue 15 item 7: the live channel on a throwaway PostgreSQL with two API replicas as production runs them. Idle
 * streams held per replica with the memory each costs, then the delay of changes from one replica to a client of
 * the other, quiet and with LOADED_STREAMS streams open.
 */
export const live: Measurement<Live> = {
  key: 'live',
  needs: 'own',
  run: async () => {
    // This process holds a socket for every idle stream of both replicas.
    const needed = IDLE_PER_REPLICA * 2 + 1_000;
    const limit = fileDescriptorLimit(process.pid);
    if (limit !== null && limit < needed) {
      throw new Error(`the live bench holds ${needed.toLocaleString('en-US')} sockets but may open ${limit.toLocaleString('en-US')} files: raise the limit (ulimit -n ${needed}) or lower BENCH_LIVE_IDLE_STREAMS`);
    }
    const postgres = await startPostgres({ database: 'bench_live' });
    const stopPostgres = onCleanup(postgres.stop);
    const replicas: Replica[] = [];
    try {
      const database = { kind: 'postgres', url: postgres.url } as const;
      await prepareDatabase(database);
      const tokens = await addPlayers(database, Math.max(IDLE_PER_REPLICA, LOADED_STREAMS + QUIET_STREAMS));
      for (const [name, port] of [['live-api-1', BENCH_PORTS.api], ['live-api-2', BENCH_PORTS.loadApi]] as const) {
        const memoryFile = path.join(tmpdir(), `bench-${name}-memory-${process.pid}.json`);
        const api = await startApi(name, port, database, { NODE_OPTIONS: `--expose-gc --import ${COLLECT_GARBAGE}`, BENCH_MEMORY_FILE: memoryFile });
        replicas.push({ name, url: `http://127.0.0.1:${port}`, api, memoryFile });
      }
      const idle = await holdIdleStreams(replicas, tokens, IDLE_PER_REPLICA);
      process.stderr.write('bench: live: opening the tickets the deliveries change...\n');
      const players = await openTickets(replicas[0]!, tokens.slice(0, LOADED_STREAMS + QUIET_STREAMS));
      const deliveries = [
        await measureDeliveries('quiet', replicas, players.slice(0, QUIET_STREAMS), QUIET_EVENTS, QUIET_EVENTS_PER_SECOND),
        await measureDeliveries(`${LOADED_STREAMS.toLocaleString('en-US')} streams`, replicas, players.slice(QUIET_STREAMS), LOADED_EVENTS_PER_SECOND * LOADED_SECONDS, LOADED_EVENTS_PER_SECOND),
      ];
      return { postgresVersion: postgres.version, idle, deliveries };
    } finally {
      for (const replica of replicas.reverse()) {
        await replica.api.stop();
        rmSync(replica.memoryFile, { force: true });
      }
      stopPostgres();
      await postgres.stop();
    }
  },
  tables: ({ postgresVersion, idle, deliveries }) => [
    {
      title: `Live channel: idle streams held at once on each of two API replicas (PostgreSQL ${postgresVersion}), for ${HOLD_SECONDS} s`,
      columns: ['replica', 'opened', 'refused', 'held', 'target', 'RSS before MB', 'RSS after MB', 'KB per stream', 'fds', 'fd limit'],
      rows: idle.map((row) => [
        row.replica,
        row.opened,
        row.refused,
        row.held,
        `>= ${TARGETS.liveIdleStreamsPerReplica.toLocaleString('en-US')}`,
        row.rssBeforeMb,
        row.rssAfterMb,
        row.kbPerStream,
        row.fileDescriptors,
        row.fileDescriptorLimit,
      ]),
      notes: [
        'held = still open after the hold (one heartbeat passed). Memory read after a full garbage collection: KB per stream = the JavaScript heap in use plus what its objects hold outside it (buffers, native parts), grown with the streams open, divided by them; RSS follows the allocator returning pages and moves either way.',
        'One stream per player and replica (the same players on both), so the 8 streams an account may hold per replica never apply.',
      ],
    },
    {
      title: 'Live channel: delay of a change from one replica to a reading client of the other',
      columns: ['scenario', 'streams', 'changes', 'delivered', 'lost', 'twice', 'p50 ms', 'p95 ms', 'max ms', 'target p95'],
      rows: deliveries.map((row) => [
        row.scenario,
        row.streams,
        row.changes,
        row.delivered,
        row.lost,
        row.duplicated,
        row.p50Ms,
        row.p95Ms,
        row.maxMs,
        row.streams >= TARGETS.liveLoadedStreams ? `<= ${TARGETS.liveDeliveryP95Ms} ms` : '-',
      ]),
      notes: [
        `A player's reply sent through one replica, its message event read by the player's stream on the other; quiet: ${QUIET_EVENTS} changes at ${QUIET_EVENTS_PER_SECOND}/s; loaded: ${LOADED_EVENTS_PER_SECOND}/s for ${LOADED_SECONDS} s.`,
        'Delay from the change\'s own time (`at`: the writing replica\'s clock as it took the reply, before its transaction began) until the client parsed the event: commit to client, plus the write itself.',
        'lost and twice must be 0.',
      ],
    },
  ],
};
