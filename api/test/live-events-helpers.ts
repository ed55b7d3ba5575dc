import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { LIVE_EVENTS_PATH, type TicketLiveEvent } from 'shared-contracts';
import { readEventStream, type EventStreamMessage } from 'shared-contracts/live-channel';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { POSTGRES_URL, TEST_PASSWORD_HASHING, openTestDatabase } from './helpers.js';
import { createTicketHarness, type TicketHarness } from './tickets-helpers.js';

/**
 * Issue 15 live channel: who receives which ticket event, in order and once, resuming after a drop on either
 * replica, heartbeats, and streams that end with the app. Streams are read over real sockets, as browsers read them.
 */
const HEARTBEAT_MS = 150;
export const STREAMS_PER_ACCOUNT = 3;
const LIVE_EVENTS = { heartbeatMs: HEARTBEAT_MS, streamsPerAccount: STREAMS_PER_ACCOUNT };

/** The API listening on a real port, and a second replica of it. */
export interface LiveHarness extends TicketHarness {
  base: string;
  /** A second replica over the same database on PostgreSQL (its own pool and LISTEN connection); on PGlite the same one. */
  replica: { app: FastifyInstance; db: Database | null; base: string };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** `heartbeatMs`: a file that must tell "at once" from "at the next heartbeat" sets one no test waits for. */
export async function createLiveHarness(options: { heartbeatMs?: number } = {}): Promise<LiveHarness> {
  const liveEvents = { ...LIVE_EVENTS, ...options };
  const harness = await createTicketHarness({ liveEvents });
  const closeHarness = harness.cleanup;
  let replica: LiveHarness['replica'] | undefined;
  const cleanup = async () => {
    if (replica?.db) {
      await replica.app.close();
      await replica.db.close();
    }
    await closeHarness();
  };
  try {
    const base = await listen(harness.app);
    if (POSTGRES_URL) {
      const { rows } = await harness.db.query<{ schema: string }>('SELECT current_schema() AS schema');
      const { db } = await openTestDatabase(rows[0]!.schema);
      const app = await buildApp({
        db,
        passwordHashing: TEST_PASSWORD_HASHING,
        now: harness.clock.now,
        uploadCleanupIntervalMs: false,
        liveEvents,
      });
      replica = { app, db, base: await listen(app) };
    } else {
      replica = { app: harness.app, db: null, base };
    }
    return { ...harness, base, replica, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

export interface LiveClient {
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

/**
 * Opens a stream as a browser does. Open it before creating the tickets a test follows: a stream opened just after a
 * ticket may start before or after its 'created' event, as a transaction still running elsewhere in the cluster
 * (another test file's) keeps that event unsettled for the moment the stream reads where to start.
 */
export async function openLive(
  harness: LiveHarness,
  token: string | null,
  options: { lastEventId?: string; at?: string } = {},
): Promise<LiveClient> {
  const controller = new AbortController();
  const response = await fetch(`${options.at ?? harness.base}${LIVE_EVENTS_PATH}?spec_lang=en`, {
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
    },
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
  // Longer than the replica's safety poll (10 s): a NOTIFY lost on a busy machine is then a delay, as the live
  // channel is built to take it, not a failure. A wait that passes returns as soon as its event arrives.
  const waitFor: LiveClient['waitFor'] = (predicate, what, timeoutMs = 15_000) =>
    until(
      () => predicate(messages),
      () => `${what}; got ${JSON.stringify(messages)}`,
      timeoutMs,
    );
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

/** Polls `check` until it holds; `what` says what was awaited, read at the timeout so it can show the state then. */
export async function until(check: () => boolean | Promise<boolean>, what: string | (() => string), timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Waits until every event written so far is settled: its transaction, and every older one anywhere in the cluster
 * (another test file's, on PostgreSQL), has ended. Until then a replay stops before it and sends it just after `ready`.
 */
export async function untilSettled(harness: TicketHarness): Promise<void> {
  await until(
    async () => {
      const { rows } = await harness.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM ticket_events WHERE tx >= pg_snapshot_xmin(pg_current_snapshot())::text::bigint',
      );
      return rows[0]?.count === 0;
    },
    'every event settled',
    15_000,
  );
}

export async function countEvents(harness: TicketHarness): Promise<number> {
  const { rows } = await harness.db.query<{ count: number }>('SELECT count(*)::int AS count FROM ticket_events');
  return rows[0]?.count ?? 0;
}

export const isReady = (messages: EventStreamMessage[]) => messages.some((message) => message.event === 'ready');
export const lastId = (client: LiveClient) => [...client.messages].reverse().find((message) => message.id !== null)?.id ?? undefined;
export const kinds = (events: TicketLiveEvent[], inquiryId: number) =>
  events.filter((event) => event.inquiryId === inquiryId).map((event) => event.kind);
