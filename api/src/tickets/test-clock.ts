import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/database.js';
import { autoEndTickets } from './auto-end.js';

/** The path browser tests move time with; not part of ENDPOINTS nor of the OpenAPI document. */
export const TEST_CLOCK_PATH = '/__test__/clock';

/** One call moves time by at most this much (a year): enough for any deadline, small enough to stay a date. */
const ADVANCE_MAX_MS = 366 * 24 * 60 * 60 * 1000;

export const testClockBodySchema = z.strictObject({
  advanceMs: z.number().int().min(0).max(ADVANCE_MAX_MS),
});

/**
 * Real time plus an offset that only moves forward: browser tests reach the 24-hour auto-end (SPEC §4) without
 * waiting, while sessions and throttles still see time pass normally. Only with API_TEST_CLOCK=1, never in
 * production (the configuration refuses it).
 */
export class OffsetClock {
  #offsetMs = 0;

  readonly now = (): Date => new Date(Date.now() + this.#offsetMs);

  advance(milliseconds: number): void {
    this.#offsetMs += milliseconds;
  }
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const ipv4 = address.toLowerCase().startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return ipv4 === '::1' || /^127(\.\d{1,3}){3}$/.test(ipv4);
}

/**
 * POST /__test__/clock `{ advanceMs }`: moves the clock, then runs the auto-end at once (waiting for a run already
 * under way), so the answer comes after every ticket past its deadline has ended. `autoEnded` counts the tickets
 * this call ended. Only for callers on this machine (the browser tests' runner): the connection and the client
 * it names (X-Forwarded-For through a trusted proxy) must both be loopback; anyone else finds no such path.
 */
export function registerTestClock(app: FastifyInstance, { clock, db }: { clock: OffsetClock; db: Database }): void {
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isLoopbackAddress(request.socket.remoteAddress) || !isLoopbackAddress(request.ip)) {
      reply.callNotFound();
      return reply;
    }
    return undefined;
  };
  app.post(TEST_CLOCK_PATH, { schema: { hide: true, body: testClockBodySchema }, onRequest }, async (request) => {
    const { advanceMs } = request.body as z.output<typeof testClockBodySchema>;
    clock.advance(advanceMs);
    const now = clock.now();
    const ended = await autoEndTickets(db, now, { wait: true });
    return { code: 1, msg: 'ok', data: { now: now.toISOString(), autoEnded: ended.length } };
  });
}
