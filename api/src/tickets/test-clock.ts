import type { FastifyInstance } from 'fastify';
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

/**
 * POST /__test__/clock `{ advanceMs }`: moves the clock, then runs the auto-end at once (waiting for a run already
 * under way), so the answer comes after every ticket past its deadline has ended. `autoEnded` counts the tickets
 * this call ended.
 */
export function registerTestClock(app: FastifyInstance, { clock, db }: { clock: OffsetClock; db: Database }): void {
  app.post(TEST_CLOCK_PATH, { schema: { hide: true, body: testClockBodySchema } }, async (request) => {
    const { advanceMs } = request.body as z.output<typeof testClockBodySchema>;
    clock.advance(advanceMs);
    const now = clock.now();
    const ended = await autoEndTickets(db, now, { wait: true });
    return { code: 1, msg: 'ok', data: { now: now.toISOString(), autoEnded: ended.length } };
  });
}
