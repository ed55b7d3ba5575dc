import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPostgres } from 'tooling/postgres';
import type { Measurement } from '../measurement.js';
import { addPlayers } from '../players.js';
import { onCleanup } from '../processes.js';
import { BENCH_PORTS, prepareDatabase, startApi } from '../site.js';
import { TARGETS } from '../targets.js';
import { COLLECT_GARBAGE, fileDescriptorLimit, HOLD_SECONDS, holdIdleStreams, type IdleStreams, type Replica } from './live-streams.js';
import { type Deliveries, measureDeliveries, openTickets } from './live-deliveries.js';

/** Idle streams each replica holds at once (one per player and replica, so the per-account cap never applies). */
const IDLE_PER_REPLICA = Number(process.env.BENCH_LIVE_IDLE_STREAMS ?? TARGETS.liveIdleStreamsPerReplica);

/** Streams open while the loaded deliveries are measured, half on each replica. */
const LOADED_STREAMS = Number(process.env.BENCH_LIVE_LOADED_STREAMS ?? TARGETS.liveLoadedStreams);
const LOADED_EVENTS_PER_SECOND = Number(process.env.BENCH_LIVE_EVENTS_PER_SECOND ?? 50);
const LOADED_SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20);
/** The quiet deliveries: a few streams, one change at a time. */
const QUIET_STREAMS = 20;
const QUIET_EVENTS = 200;
const QUIET_EVENTS_PER_SECOND = 20;

export interface Live {
  postgresVersion: string;
  idle: IdleStreams[];
  deliveries: Deliveries[];
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
      throw new Error(
        `the live bench holds ${needed.toLocaleString('en-US')} sockets but may open ${limit.toLocaleString('en-US')} files: raise the limit (ulimit -n ${needed}) or lower BENCH_LIVE_IDLE_STREAMS`,
      );
    }
    const postgres = await startPostgres({ database: 'bench_live' });
    const stopPostgres = onCleanup(postgres.stop);
    const replicas: Replica[] = [];
    try {
      const database = { kind: 'postgres', url: postgres.url } as const;
      await prepareDatabase(database);
      const tokens = await addPlayers(database, Math.max(IDLE_PER_REPLICA, LOADED_STREAMS + QUIET_STREAMS));
      for (const [name, port] of [
        ['live-api-1', BENCH_PORTS.api],
        ['live-api-2', BENCH_PORTS.loadApi],
      ] as const) {
        const memoryFile = path.join(tmpdir(), `bench-${name}-memory-${process.pid}.json`);
        const api = await startApi(name, port, database, {
          NODE_OPTIONS: `--expose-gc --import ${COLLECT_GARBAGE}`,
          BENCH_MEMORY_FILE: memoryFile,
        });
        replicas.push({ name, url: `http://127.0.0.1:${port}`, api, memoryFile });
      }
      const idle = await holdIdleStreams(replicas, tokens, IDLE_PER_REPLICA);
      process.stderr.write('bench: live: opening the tickets the deliveries change...\n');
      const players = await openTickets(replicas[0]!, tokens.slice(0, LOADED_STREAMS + QUIET_STREAMS));
      const deliveries = [
        await measureDeliveries('quiet', replicas, players.slice(0, QUIET_STREAMS), QUIET_EVENTS, QUIET_EVENTS_PER_SECOND),
        await measureDeliveries(
          `${LOADED_STREAMS.toLocaleString('en-US')} streams`,
          replicas,
          players.slice(QUIET_STREAMS),
          LOADED_EVENTS_PER_SECOND * LOADED_SECONDS,
          LOADED_EVENTS_PER_SECOND,
        ),
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
        "Delay from the change's own time (`at`: the writing replica's clock as it took the reply, before its transaction began) until the client parsed the event: commit to client, plus the write itself.",
        'lost and twice must be 0.',
      ],
    },
  ],
};
