import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { LIVE_EVENTS_PATH } from 'shared-contracts';
import type { Database } from '../db/database.js';
import { registerEndpoints } from '../http/endpoint-routes.js';
import { sessionAccount } from '../identity/session-plugin.js';
import { createTicketHandlers } from './handlers.js';
import { LiveTicketEvents, type LiveEventsOptions } from './live-events.js';
import { registerTestClock, type OffsetClock } from './test-clock.js';
import { DEFAULT_LONG_QUEUE_THRESHOLD, DEFAULT_TICKET_LIMITS, type TicketLimits } from './ticket-options.js';

export interface TicketsPluginOptions {
  db: Database;
  now: () => Date;
  /** Tickets waiting for an agent from which `/inquiries/unresolved` reports a long queue (SUPPORT_LONG_QUEUE). */
  longQueueThreshold?: number;
  /** Open-ticket cap and ticket and reply throttles per account; each one overrides its default. */
  ticketLimits?: Partial<TicketLimits>;
  /** The live channel's timings and limits (heartbeat, stream lifetime...); tests shorten them. */
  liveEvents?: Omit<LiveEventsOptions, 'db' | 'onError'>;
  /** API_TEST_CLOCK: serve POST /__test__/clock, which moves this clock and runs the auto-end. */
  testClock?: OffsetClock;
}

/**
 * GET LIVE_EVENTS_PATH: the session's live stream. The bearer token is checked as for every call (a missing or
 * refused one gets the -600 envelope, before any stream starts); the query (the client's common parameters) is
 * not used. The stream then belongs to the raw response, outside Fastify's reply. Opening it is not the person's
 * activity: a tab left open reconnects every few minutes, which kept an unattended desk logged in for its whole day.
 */
function registerLiveEventsRoute(app: FastifyInstance, live: LiveTicketEvents): void {
  app.get(LIVE_EVENTS_PATH, { schema: { hide: true }, config: { auth: 'required', countsAsActivity: false } }, async (request, reply) => {
    const account = sessionAccount(request);
    const lastEventId = request.headers['last-event-id'];
    reply.hijack();
    await live.serve(account, reply.raw, typeof lastEventId === 'string' ? lastEventId : undefined);
  });
}

/**
 * The tickets of players and agents: their endpoints, each opened ticket and ended chat counted, the live channel
 * that carries their changes (which ends its streams before the server closes), and the test clock where asked.
 */
export const ticketsPlugin: FastifyPluginAsync<TicketsPluginOptions> = async (app, options) => {
  const { metrics } = app;
  registerEndpoints(
    app,
    'tickets',
    createTicketHandlers({
      db: options.db,
      now: options.now,
      longQueueThreshold: options.longQueueThreshold ?? DEFAULT_LONG_QUEUE_THRESHOLD,
      limits: { ...DEFAULT_TICKET_LIMITS, ...options.ticketLimits },
      events: { created: () => metrics.ticketCreated(), ended: (by) => metrics.ticketsEnded(by) },
    }),
  );

  const liveEvents = new LiveTicketEvents({
    db: options.db,
    now: options.now,
    onError: (error, context) => app.log.error({ err: error, context }, 'live channel failed; streams reconnect and resume'),
    onStreamOpened: () => metrics.liveConnectionOpened('support'),
    ...options.liveEvents,
  });
  // Before the server closes: it waits for open connections, and a stream stays open until ended.
  app.addHook('preClose', async () => liveEvents.close());
  registerLiveEventsRoute(app, liveEvents);

  if (options.testClock) registerTestClock(app, { clock: options.testClock, db: options.db });
};
