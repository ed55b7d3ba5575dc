import { LIVE_EVENTS_PATH, TOO_MANY_STREAMS } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { describe, expect, it } from 'vitest';
import { EVENT_RETENTION_MS, pruneTicketEvents } from '../src/tickets/live-events.js';
import { harnessForFile } from './helpers.js';
import { platformBody } from './ticket-bodies.js';
import { SESSION_INVALID, bearer } from './api-calls.js';
import { loginToken } from './identity-helpers.js';
import { agentReply, createTicket } from './tickets-helpers.js';
import { countEvents, createLiveHarness, isReady, kinds, lastId, openLive, STREAMS_PER_ACCOUNT, until } from './live-events-helpers.js';

const harness = harnessForFile(createLiveHarness);

describe('live channel', () => {
  it('sends heartbeats on an idle stream, and counts open streams for the operators', async () => {
    const gauge = async () =>
      (await harness.app.metrics.registry.getSingleMetricAsString('platform_live_connections')).trim().split('\n').at(-1);
    const client = await openLive(harness, harness.player2);
    await client.waitFor(isReady, 'ready');
    await until(() => client.raw().includes(': heartbeat'), 'a heartbeat');
    expect(await gauge()).toBe('platform_live_connections{channel="support"} 1');
    client.close();
    await until(async () => (await gauge()) === 'platform_live_connections{channel="support"} 0', 'the gauge back at 0');
  });

  it('refuses an account more streams on one replica than the limit, with 4290, and serves others meanwhile', async () => {
    const held = await Promise.all(Array.from({ length: STREAMS_PER_ACCOUNT }, () => openLive(harness, harness.player2)));
    for (const client of held) await client.waitFor(isReady, 'ready');
    const refused = await fetch(`${harness.base}${LIVE_EVENTS_PATH}`, { headers: { authorization: `Bearer ${harness.player2}` } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: 4290, msg: TOO_MANY_STREAMS, data: null });
    const other = await openLive(harness, harness.player1);
    await other.waitFor(isReady, 'ready');
    // One tab closed frees a place.
    held[0]!.close();
    await held[0]!.ended;
    await until(async () => {
      const again = await openLive(harness, harness.player2);
      const ok = again.status === 200;
      again.close();
      return ok;
    }, 'a place freed');
    for (const client of [...held, other]) client.close();
  });

  it('prunes events past their retention, and a resume from before them starts afresh', async () => {
    const client = await openLive(harness, harness.player1);
    await client.waitFor(isReady, 'ready');
    const ticket = await createTicket(harness, harness.player1, platformBody());
    await agentReply(harness, ticket);
    await client.waitFor(() => kinds(client.events(), ticket).length === 3, 'the ticket and the reply');
    const before = lastId(client)!;
    client.close();
    // Written after the player left, and pruned before they come back: they cannot know what they missed.
    await createTicket(harness, harness.player1, platformBody());

    // A day on (the events written with the database's own clock too): everything so far is past its retention.
    // Pruning takes only settled events, as reading does: on PostgreSQL a transaction of another test file still
    // running holds the newest back for a moment, so the pruning is asked again until it has taken them all.
    let deleted = 0;
    await until(
      async () => {
        deleted += await pruneTicketEvents(harness.db, new Date(Date.now() + EVENT_RETENTION_MS + 60_000));
        return (await countEvents(harness)) === 0;
      },
      'every event pruned',
      15_000,
    );
    expect(deleted).toBeGreaterThan(0);
    const late = await openLive(harness, harness.player1, { lastEventId: before });
    await late.waitFor(isReady, 'ready');
    expect(late.messages.map((message) => message.event)).toEqual(['ready']);
    expect(JSON.parse(late.messages[0]!.data)).toEqual({ resumed: false });

    // From its fresh position the stream resumes as before.
    const fresh = lastId(late)!;
    late.close();
    await agentReply(harness, ticket, 'After the pruning.');
    const resumed = await openLive(harness, harness.player1, { lastEventId: fresh });
    await resumed.waitFor(isReady, 'ready');
    expect(JSON.parse(resumed.messages.find((message) => message.event === 'ready')!.data)).toEqual({ resumed: true });
    // In the replay, or just after it when still unsettled there.
    await resumed.waitFor(() => kinds(resumed.events(), ticket).length > 0, 'the reply after the pruning');
    expect(kinds(resumed.events(), ticket)).toEqual(['message']);
    resumed.close();
  });

  it('ends a stream once its session is logged out on either replica (at once: live-events-logout.test.ts), or at its next heartbeat once its agent is one no more', async () => {
    const token = await loginToken(harness, 'player1', 'player1-pass');
    const loggedOut = await openLive(harness, token);
    const kept = await openLive(harness, harness.player1);
    let keptEnded = false;
    void kept.ended.then(() => {
      keptEnded = true;
    });
    await loggedOut.waitFor(isReady, 'ready');
    await kept.waitFor(isReady, 'ready');
    // Logged out through the other replica: this one learns it from the database.
    const logout = await fetch(`${harness.replica.base}${ENDPOINTS.logout.path}`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await logout.json()).toMatchObject({ code: 1 });
    await loggedOut.ended;
    const again = await fetch(`${harness.base}${LIVE_EVENTS_PATH}`, { headers: bearer(token) });
    expect(await again.json()).toEqual(SESSION_INVALID);

    const agentToken = await loginToken(harness, 'agent1', 'agent1-pass');
    const agentStream = await openLive(harness, agentToken);
    await agentStream.waitFor(isReady, 'ready');
    await harness.db.query("UPDATE accounts SET role = 'player' WHERE id = $1", [harness.ids.agent]);
    try {
      await agentStream.ended;
    } finally {
      await harness.db.query("UPDATE accounts SET role = 'agent' WHERE id = $1", [harness.ids.agent]);
    }
    // The other session of the same player is still open, a heartbeat later.
    const heartbeats = kept.raw().split(': heartbeat').length;
    await until(() => kept.raw().split(': heartbeat').length > heartbeats + 1, 'two more heartbeats');
    expect(keptEnded).toBe(false);
    kept.close();
  });

  it('ends open streams when the app closes, so shutdown does not wait for them', async () => {
    const client = await openLive(harness, harness.player1, { at: harness.replica.base });
    await client.waitFor(isReady, 'ready');
    const heard = client.messages.length;
    // The stream would otherwise stay open for its lifetime (LIVE_TIMINGS.lifetimeMs, minutes), and the server's
    // close would wait for it: the test's timeout would end a close that waited.
    await Promise.all([harness.replica.app.close(), client.ended]);
    expect(harness.replica.app.server.listening).toBe(false);
    // Ended by the server, which sent nothing more on it: no error or notice, just the end.
    expect(client.messages).toHaveLength(heard);
  });
});
