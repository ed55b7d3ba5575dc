import { LIVE_EVENTS_PATH } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { describe, expect, it } from 'vitest';
import { harnessForFile } from './helpers.js';
import { SESSION_INVALID, bearer, call, okData } from './api-calls.js';
import { createAccount, loginToken, PASSWORD } from './identity-helpers.js';
import { createLiveHarness, isReady, kinds, openLive, until, type LiveClient } from './live-events-helpers.js';
import { platformBody } from './ticket-bodies.js';
import { createTicket } from './tickets-helpers.js';

// A heartbeat no test waits for: a stream that ends here ended with the logout, not at the session check of the next one.
const harness = harnessForFile(() => createLiveHarness({ heartbeatMs: 10 * 60_000 }));

/** Waits for the stream to end (long before a heartbeat) and checks it was sent none. */
async function endsAtOnce(client: LiveClient, what: string): Promise<void> {
  let ended = false;
  void client.ended.then(() => {
    ended = true;
  });
  await until(() => ended, what, 15_000);
  expect(client.raw()).not.toContain(': heartbeat');
}

/** POSTs an endpoint with `token` through the other replica (on PostgreSQL): the streams' replica learns it by NOTIFY. */
async function postElsewhere(name: 'logout' | 'logoutOthers', token: string) {
  const answer = await fetch(`${harness.replica.base}${ENDPOINTS[name].path}`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: '{}',
  });
  return (await answer.json()) as { code: number };
}

describe('the live channel and a logout', () => {
  it("ends the session's stream at once, not at the next heartbeat; another session's stream goes on", async () => {
    const leaving = await loginToken(harness, 'player1', 'player1-pass');
    const staying = await loginToken(harness, 'player1', 'player1-pass');
    const gone = await openLive(harness, leaving);
    const kept = await openLive(harness, staying);
    await gone.waitFor(isReady, 'ready');
    await kept.waitFor(isReady, 'ready');

    expect(await postElsewhere('logout', leaving)).toMatchObject({ code: 1 });
    await endsAtOnce(gone, 'the logged-out stream to end');
    const again = await fetch(`${harness.base}${LIVE_EVENTS_PATH}`, { headers: bearer(leaving) });
    expect(await again.json()).toEqual(SESSION_INVALID);

    // The same player's other session was not logged out: its stream still carries their tickets' events.
    const ticket = await createTicket(harness, staying, platformBody());
    await kept.waitFor(() => kinds(kept.events(), ticket).includes('created'), 'the new ticket on the kept stream');
    expect(kinds(gone.events(), ticket)).toEqual([]);
    kept.close();
  });

  it("ends the other devices' streams at once when the account logs out of them", async () => {
    const { account } = await createAccount(harness);
    const here = await loginToken(harness, account);
    const elsewhere = await loginToken(harness, account);
    const ended = await openLive(harness, elsewhere);
    await ended.waitFor(isReady, 'ready');

    expect(await postElsewhere('logoutOthers', here)).toMatchObject({ code: 1, data: { ended: 1 } });
    await endsAtOnce(ended, "the other device's stream to end");
  });

  it('ends every stream of the account at once when its password changes', async () => {
    const { account } = await createAccount(harness);
    const token = await loginToken(harness, account);
    const stream = await openLive(harness, token);
    await stream.waitFor(isReady, 'ready');
    okData(
      'changePassword',
      await call(harness, 'changePassword', { token, body: { oldPassword: PASSWORD, newPassword: 'Another-horse-10' } }),
    );
    await endsAtOnce(stream, 'the stream of a session the password change ended');
  });
});
