import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { LIVE_EVENTS_PATH, TOO_MANY_STREAMS, type TicketLiveEvent } from 'shared-contracts';
import { readEventStream, type EventStreamMessage } from 'shared-contracts/live-channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { EVENT_RETENTION_MS, pruneTicketEvents } from '../src/tickets/live-events.js';
import type { Database } from '../src/db/database.js';
import { POSTGRES_URL, TEST_PASSWORD_HASHING, openTestDatabase } from './helpers.js';
import { call } from './identity-helpers.js';
import { createTicket, createTicketHarness, platformBody, replyBody, type TicketHarness } from './tickets-helpers.js';

/**
 * Issue 15 live channel: who receives which ticket event, in order and once, resuming after a drop on either
 * replica, heartbeats, and streams that end with the app. Streams are read over real sockets, as browsers read them.
 */
const HEARTBEAT_MS = 150;
const STREAMS_PER_ACCOUNT = 3;
const liveEvents = { heartbeatMs: HEARTBEAT_MS, streamsPerAccount: STREAMS_PER_ACCOUNT };

let harness: TicketHarness;
let base: string;
/** A second replica over the same database on PostgreSQL (its own pool and LISTEN connection); on PGlite the same one. */
let replica: { app: FastifyInstance; db: Database | null; base: string };

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  harness = await createTicketHarness({ liveEvents });
  base = await listen(harness.app);
  if (POSTGRES_URL) {
    const { rows } = await harness.db.query<{ schema: string }>('SELECT current_schema() AS schema');
    const { db } = await openTestDatabase(rows[0]!.schema);
    const app = await buildApp({ db, passwordHashing: TEST_PASSWORD_HASHING, now: harness.clock.now, uploadCleanupIntervalMs: false, liveEvents });
    replica = { app, db, base: await listen(app) };
  } else {
    replica = { app: harness.app, db: null, base };
  }
});

afterAll(async () => {
  if (replica?.db) {
    await replica.app.close();
    await replica.db.close();
  }
  await harness?.cleanup();
});

interface LiveClient {
  status: number;
  messages: EventStreamMessage[];
  /** Everything received, comments (heartbeats) included. */
  raw: () => string;
  ended: Promise<void>;
  close: () => void;
  /** The ticket events received so far. */
  events: () => TicketLiveEvent[];
  waitFor: (predicate: (messages: EventStreamMessage[]) => boolean, what: string, timeoutMs?: number) => Promise<void>;
}

async function openLive(token: string | null, options: { lastEventId?: string; at?: string } = {}): Promise<LiveClient> {
  const controller = new AbortController();
  const response = await fetch(`${options.at ?? base}${LIVE_EVENTS_PATH}?spec_lang=en`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}) },
    signal: controller.signal,
  });
  const messages: EventStreamMessage[] = [];
  let raw = '';
  const [parsed, text] = response.body!.tee();
  const ended = Promise.all([
    readEventStream(parsed, (message) => messages.push(message)),
    (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of text) raw += decoder.decode(chunk, { stream: true });
    })(),
  ]).then(
    () => undefined,
    () => undefined,
  );
  const waitFor: LiveClient['waitFor'] = (predicate, what, timeoutMs = 5_000) =>
    until(() => predicate(messages), `${what}; got ${JSON.stringify(messages)}`, timeoutMs);
  return {
    status: response.status,
    messages,
    raw: () => raw,
    ended,
    close: () => controller.abort(),
    events: () => messages.filter((message) => message.event === 'ticket').map((message) => JSON.parse(message.data) as TicketLiveEvent),
    waitFor,
  };
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function countEvents(): Promise<number> {
  const { rows } = await harness.db.query<{ count: number }>('SELECT count(*)::int AS count FROM ticket_events');
  return rows[0]?.count ?? 0;
}

const isReady = (messages: EventStreamMessage[]) => messages.some((message) => message.event === 'ready');
const lastId = (client: LiveClient) => [...client.messages].reverse().find((message) => message.id !== null)?.id ?? undefined;
const kinds = (events: TicketLiveEvent[], inquiryId: number) => events.filter((event) => event.inquiryId === inquiryId).map((event) => event.kind);

async function agentReply(inquiryId: number, content = 'An agent answers.'): Promise<void> {
  const answer = await call(harness, 'agentInquiryReply', { token: harness.agent, body: replyBody(inquiryId, content) });
  expect(answer.status).toBe(200);
}

describe('live channel', () => {
  it('refuses a stream without a valid session with the -600 envelope, before any stream starts', async () => {
    for (const token of [null, 'no-such-session']) {
      const response = await harness.app.inject({ method: 'GET', url: LIVE_EVENTS_PATH, headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: -600, data: null });
    }
  });

  it("gives a player only their own tickets' events and agents the whole queue, in order, each once", async () => {
    const [owner, other, agent] = await Promise.all([openLive(harness.player1), openLive(harness.player2), openLive(harness.agent)]);
    for (const client of [owner, other, agent]) {
      expect(client.status).toBe(200);
      await client.waitFor(isReady, 'ready');
      expect(JSON.parse(client.messages.find((message) => message.event === 'ready')!.data)).toEqual({ resumed: false });
    }
    const ticket = await createTicket(harness, harness.player1, platformBody());
    await agentReply(ticket);
    const replied = await call(harness, 'inquiryReply', { token: harness.player1, body: replyBody(ticket, 'Still missing.') });
    expect(replied.status).toBe(200);
    await call(harness, 'agentInquiryEnd', { token: harness.agent, body: { inquiryId: ticket } });
    await call(harness, 'inquiryScore', { token: harness.player1, body: { inquiryId: ticket, score: 5, reasons: [], comment: '' } });
    // The other player's own ticket: the positive control that their stream works at all.
    const otherTicket = await createTicket(harness, harness.player2, platformBody());

    const expected = ['created', 'message', 'status', 'message', 'status', 'ended', 'rated'];
    await owner.waitFor(() => kinds(owner.events(), ticket).length === expected.length, "the owner's events");
    await agent.waitFor(() => kinds(agent.events(), otherTicket).length === 1, "the agent's events");
    await other.waitFor(() => other.events().length === 1, "the other player's own event");
    expect(kinds(owner.events(), ticket)).toEqual(expected);
    // The agent's first reply also made the ticket theirs: an event for agents alone.
    expect(kinds(agent.events(), ticket)).toEqual(['created', 'message', 'assigned', 'status', 'message', 'status', 'ended', 'rated']);
    expect(owner.events().find((event) => event.kind === 'ended')).toMatchObject({ status: 'waiting_rating', author: 'agent' });
    expect(owner.events().filter((event) => event.kind === 'message').map((event) => event.author)).toEqual(['agent', 'player']);
    expect(other.events()).toEqual([expect.objectContaining({ inquiryId: otherTicket, kind: 'created' })]);
    expect(owner.events().some((event) => event.inquiryId === otherTicket)).toBe(false);
    // Ids only ever grow: a client resuming after any of them gets exactly what followed.
    const ids = owner.messages.filter((message) => message.event === 'ticket').map((message) => message.id!);
    expect(new Set(ids).size).toBe(ids.length);
    for (const client of [owner, other, agent]) client.close();
  });

  it('never gives a player an event only agents may see (an internal note, an assignment), live or replayed', async () => {
    const ticket = await createTicket(harness, harness.player1, platformBody());
    const [player, agent] = await Promise.all([openLive(harness.player1), openLive(harness.agent)]);
    await Promise.all([player.waitFor(isReady, 'ready'), agent.waitFor(isReady, 'ready')]);
    const from = lastId(player)!;
    const noted = await call(harness, 'agentInquiryNote', { token: harness.agent, body: { inquiryId: ticket, requestId: randomUUID(), content: 'For agents only.' } });
    expect(noted.status).toBe(200);
    await agentReply(ticket);
    await agent.waitFor(() => kinds(agent.events(), ticket).length === 4, "the agent's four events");
    expect(kinds(agent.events(), ticket)).toEqual(['note', 'message', 'assigned', 'status']);
    await player.waitFor(() => kinds(player.events(), ticket).length === 2, "the player's two events");
    expect(kinds(player.events(), ticket)).toEqual(['message', 'status']);
    const replay = await openLive(harness.player1, { lastEventId: from });
    await replay.waitFor(isReady, 'the replay');
    expect(kinds(replay.events(), ticket)).toEqual(['message', 'status']);
    for (const client of [player, agent, replay]) client.close();
  });

  it('resumes after a drop from the Last-Event-ID: nothing missed, nothing twice, on another replica too', async () => {
    const ticket = await createTicket(harness, harness.player1, platformBody());
    const first = await openLive(harness.player1);
    await first.waitFor(isReady, 'ready');
    await agentReply(ticket, 'Before the drop.');
    await first.waitFor(() => kinds(first.events(), ticket).length === 2, 'the reply before the drop');
    const resumeFrom = lastId(first);
    first.close();
    await first.ended;

    // While the player is away (the replica killed, the network gone), the agent answers and ends the chat.
    await agentReply(ticket, 'During the drop.');
    await call(harness, 'agentInquiryEnd', { token: harness.agent, body: { inquiryId: ticket } });

    const second = await openLive(harness.player1, { lastEventId: resumeFrom!, at: replica.base });
    await second.waitFor(isReady, 'ready');
    expect(JSON.parse(second.messages.find((message) => message.event === 'ready')!.data)).toEqual({ resumed: true });
    // The missed events come before `ready`, so the screens are current when it says nothing was missed.
    expect(second.messages.map((message) => message.event)).toEqual(['ticket', 'ticket', 'ready']);
    expect(kinds(second.events(), ticket)).toEqual(['message', 'ended']);

    const other = await createTicket(harness, harness.player1, platformBody());
    await second.waitFor(() => second.events().some((event) => event.inquiryId === other), 'a live event after the replay');
    expect(kinds(second.events(), ticket)).toEqual(['message', 'ended']);
    second.close();
  });

  it('starts afresh from a Last-Event-ID it never wrote', async () => {
    const client = await openLive(harness.player1, { lastEventId: '999999999999-1' });
    await client.waitFor(isReady, 'ready');
    expect(JSON.parse(client.messages[0]!.data)).toEqual({ resumed: false });
    client.close();
  });

  it('delivers an event of a transaction that commits after a later one, before it and once', async () => {
    const ticket = await createTicket(harness, harness.player1, platformBody());
    const client = await openLive(harness.agent);
    await client.waitFor(isReady, 'ready');
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first transaction writes its event and stays open while a later one commits. On PGlite, one backend,
    // the second waits for the first; on PostgreSQL it commits first and must not be delivered before it.
    let written!: () => void;
    const eventWritten = new Promise<void>((resolve) => {
      written = resolve;
    });
    const slow = harness.db.transaction(async (tx) => {
      await tx.query("UPDATE tickets SET status = 'waiting_reply', waiting_since = now(), updated_at = now() WHERE id = $1", [ticket]);
      written();
      await released;
    });
    // The later transaction starts once the first has written, and so drawn its transaction id.
    await eventWritten;
    const later = (replica.db ?? harness.db).query(
      `INSERT INTO ticket_messages (ticket_id, author, author_account_id, request_id, content, created_at)
       VALUES ($1, 'agent', $2, gen_random_uuid(), 'Later transaction', now())`,
      [ticket, harness.ids.agent],
    );
    if (POSTGRES_URL) {
      await later;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(kinds(client.events(), ticket)).toEqual([]);
    }
    release();
    await Promise.all([slow, later]);
    await client.waitFor(() => kinds(client.events(), ticket).length === 2, 'both events');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(kinds(client.events(), ticket)).toEqual(['status', 'message']);
    client.close();
  });

  it('sends heartbeats on an idle stream, and counts open streams for the operators', async () => {
    const gauge = async () => (await harness.app.metrics.registry.getSingleMetricAsString('platform_live_connections')).trim().split('\n').at(-1);
    const client = await openLive(harness.player2);
    await client.waitFor(isReady, 'ready');
    await until(() => client.raw().includes(': heartbeat'), 'a heartbeat');
    expect(await gauge()).toBe('platform_live_connections{channel="support"} 1');
    client.close();
    await until(async () => (await gauge()) === 'platform_live_connections{channel="support"} 0', 'the gauge back at 0');
  });

  it('refuses an account more streams on one replica than the limit, with 4290, and serves others meanwhile', async () => {
    const held = await Promise.all(Array.from({ length: STREAMS_PER_ACCOUNT }, () => openLive(harness.player2)));
    for (const client of held) await client.waitFor(isReady, 'ready');
    const refused = await fetch(`${base}${LIVE_EVENTS_PATH}`, { headers: { authorization: `Bearer ${harness.player2}` } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: 4290, msg: TOO_MANY_STREAMS, data: null });
    const other = await openLive(harness.player1);
    await other.waitFor(isReady, 'ready');
    // One tab closed frees a place.
    held[0]!.close();
    await held[0]!.ended;
    await until(async () => {
      const again = await openLive(harness.player2);
      const ok = again.status === 200;
      again.close();
      return ok;
    }, 'a place freed');
    for (const client of [...held, other]) client.close();
  });

  it('prunes events past their retention, and a resume from before them starts afresh', async () => {
    const ticket = await createTicket(harness, harness.player1, platformBody());
    const client = await openLive(harness.player1);
    await client.waitFor(isReady, 'ready');
    await agentReply(ticket);
    await client.waitFor(() => kinds(client.events(), ticket).length === 2, 'the reply');
    const before = lastId(client)!;
    client.close();
    // Written after the player left, and pruned before they come back: they cannot know what they missed.
    await createTicket(harness, harness.player1, platformBody());

    // A day on (the events written with the database's own clock too): everything so far is past its retention.
    const deleted = await pruneTicketEvents(harness.db, new Date(Date.now() + EVENT_RETENTION_MS + 60_000));
    expect(deleted).toBeGreaterThan(0);
    expect(await countEvents()).toBe(0);
    const late = await openLive(harness.player1, { lastEventId: before });
    await late.waitFor(isReady, 'ready');
    expect(late.messages.map((message) => message.event)).toEqual(['ready']);
    expect(JSON.parse(late.messages[0]!.data)).toEqual({ resumed: false });

    // From its fresh position the stream resumes as before.
    const fresh = lastId(late)!;
    late.close();
    await agentReply(ticket, 'After the pruning.');
    const resumed = await openLive(harness.player1, { lastEventId: fresh });
    await resumed.waitFor(isReady, 'ready');
    expect(JSON.parse(resumed.messages.at(-1)!.data)).toEqual({ resumed: true });
    expect(kinds(resumed.events(), ticket)).toEqual(['message']);
    resumed.close();
  });

  it('ends open streams when the app closes, so shutdown does not wait for them', async () => {
    const client = await openLive(harness.player1, { at: replica.base });
    await client.waitFor(isReady, 'ready');
    const started = Date.now();
    const closing = replica.app.close();
    await client.ended;
    expect(Date.now() - started).toBeLessThan(1_000);
    await closing;
  });
});
