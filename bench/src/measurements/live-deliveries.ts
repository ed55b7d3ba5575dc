import { randomUUID } from 'node:crypto';
import { platformTicketBody, toolApiClient } from 'tooling/api-client';
import { percentile } from '../report.js';
import { type BenchStream, eachAtMost, openStream, type Replica, SETUP_CONCURRENCY, sleep } from './live-streams.js';

/** The live bench's deliveries (live.ts): how long a change takes from one replica to a client of the other. */

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

interface Player {
  token: string;
  inquiryId: number;
}

/** Opens one platform ticket per player, through the first replica. */
export async function openTickets(replica: Replica, tokens: readonly string[]): Promise<Player[]> {
  const client = toolApiClient(replica.url);
  const [game] = await client.call('gamesSimple', { query: { spec_lang: 'en' } });
  if (!game) throw new Error('the catalogue seed has no games');
  const [category] = await client.call('inquiryTypes', { query: { gameId: game.id, spec_lang: 'en' } });
  if (!category) throw new Error(`game ${game.id} has no question categories`);
  const players: Player[] = [];
  await eachAtMost(tokens, SETUP_CONCURRENCY / 4, async (token) => {
    const body = platformTicketBody({
      gameId: game.id,
      queryType: category.id,
      title: 'Live bench',
      content: 'A ticket the live bench changes.',
      contact: BENCH_CONTACT,
    });
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
export async function measureDeliveries(
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
