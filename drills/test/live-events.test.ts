import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskFileStore, buildApp } from 'api/testing';
import { TEST_PASSWORD_HASHING, createTicketHarness, type TicketHarness } from 'api/testing/vitest';
import { runLiveEventsDrill, type LiveEventsResult } from '../src/api/live-events.js';

/**
 * Issue 15 item 6, fast variant of the live-events drill (`npm run drills` prints the same tables): two replicas on
 * one database, a player's streams on one and the agent's and the resumes on the other.
 */
type App = TicketHarness['app'];

let harness: TicketHarness;
let replica: App;
let result: LiveEventsResult;

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  harness = await createTicketHarness();
  replica = await buildApp({
    db: harness.db,
    passwordHashing: TEST_PASSWORD_HASHING,
    now: harness.clock.now,
    fileStore: new DiskFileStore(harness.filesDir),
    uploadCleanupIntervalMs: false,
  });
  result = await runLiveEventsDrill(harness.app, [await listen(harness.app), await listen(replica)]);
}, 120_000);

afterAll(async () => {
  await replica?.close();
  await harness?.cleanup();
});

describe('the live channel drill', () => {
  it('gives no player another player’s events, live or replayed, and every change to the owner and the agents', () => {
    expect(result.problems).toEqual([]);
    expect(result.leaks).toBe(0);
    const row = (caller: string) => result.received.find((entry) => entry.caller === caller);
    expect(row('otherPlayer')).toMatchObject({ ownersTicket: 0 });
    expect(row('otherPlayer (replay from 0-0)')).toMatchObject({ ownersTicket: 0 });
    expect(row('otherPlayer')!.otherPlayersTicket).toBeGreaterThan(0);
    expect(row('owner')!.ownersTicket).toBeGreaterThanOrEqual(6);
    // The agent claimed the owner's ticket and left an internal note: two events only agents' streams carry.
    expect(row('agent')!.ownersTicket).toBe(row('owner')!.ownersTicket + 2);
  });

  it('never gives a player an agents-only event (an assignment, an internal note), not even of their own ticket', () => {
    expect(result.agentsOnlyLeaks).toBe(0);
    const row = (caller: string) => result.received.find((entry) => entry.caller === caller);
    expect(row('owner (replay from 0-0)')).toMatchObject({ ownersTicket: row('owner')!.ownersTicket, otherPlayersTicket: 0 });
  });

  it('refuses streams without a valid session with -600 and handles every hostile resume and parameter', () => {
    expect(result.refusals.every((refusal) => refusal.ok && refusal.status === 401 && refusal.code === -600)).toBe(true);
    expect(result.hostileHandled).toBe(result.hostileTried);
  });
});
