import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LIVE_EVENTS_PATH, LIVE_TIMINGS, type TicketLiveEvent } from 'shared-contracts';
import { openLiveStream } from 'tooling/live-stream';
import type { Started } from 'tooling/processes';
import { round } from '../report.js';

/** The live bench's replicas and streams (live.ts): a stream, a replica's memory, the idle streams each holds. */

/** How long the idle streams are held: past one heartbeat, so a stream the server dropped would show. */
export const HOLD_SECONDS = Number(process.env.BENCH_LIVE_HOLD_SECONDS ?? Math.ceil(LIVE_TIMINGS.heartbeatMs / 1000) + 5);

/** Streams each replica opens and closes before its memory is first read. */
const WARM_UP_STREAMS = 50;
/** Streams opened (or tickets created) at once while setting up. */
export const SETUP_CONCURRENCY = 64;

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

export interface Replica {
  name: string;
  url: string;
  api: Started;
  /** Where it writes its memory when asked (collect-garbage-on-signal.mjs). */
  memoryFile: string;
}

/** One stream, open once the server said `ready`. */
export interface BenchStream {
  ready: Promise<void>;
  ended: () => boolean;
  close: () => void;
}

export function openStream(base: string, token: string, onTicket: (event: TicketLiveEvent, receivedAt: number) => void): BenchStream {
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
export async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
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

export const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Preloaded into the replicas: a full garbage collection on SIGUSR2, then their memory in a file. */
export const COLLECT_GARBAGE = pathToFileURL(fileURLToPath(new URL('../collect-garbage-on-signal.mjs', import.meta.url))).href;

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

export function fileDescriptorLimit(pid: number): number | null {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('Max open files'));
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
export async function holdIdleStreams(replicas: readonly Replica[], tokens: readonly string[], perReplica: number): Promise<IdleStreams[]> {
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
