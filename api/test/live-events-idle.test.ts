import { ACCOUNT_RULES, BACKGROUND_REFRESH_HEADER, LIVE_EVENTS_PATH, type EndpointName } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { harnessForFile } from './helpers.js';
import { SESSION_INVALID, bearer, call, okData } from './api-calls.js';
import { loginToken } from './identity-helpers.js';
import { createLiveHarness, isReady, openLive } from './live-events-helpers.js';

// The clock moves past a session's idle time: a file of its own, so no other test's sessions idle out with it.
const harness = harnessForFile(createLiveHarness);

/** How the browser sends a refresh nobody asked for: a screen fetching again after a live event or on a timer. */
const background = { [BACKGROUND_REFRESH_HEADER.name]: BACKGROUND_REFRESH_HEADER.value };

/** What a page left open asks every few minutes: the desk's queue for an agent, the history and the dot for a player. */
const refreshes: Record<'agent' | 'player', EndpointName[]> = {
  agent: ['agentInquiries'],
  player: ['inquiryList', 'inquiryFeedback'],
};

/** Moves the clock `minutes` on, in steps of 5, the page refreshing in the background after each: every call answers. */
async function refreshInTheBackground(token: string, role: 'agent' | 'player', minutes: number): Promise<void> {
  for (let done = 0; done < minutes; done += 5) {
    harness.clock.advance({ minutes: Math.min(5, minutes - done) });
    for (const name of refreshes[role]) {
      const answer = await call(harness, name, { token, query: '?spec_lang=en', headers: background });
      expect(answer.status, `${name} at ${done + 5} min: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  }
}

describe('the live channel and the idle timeout', () => {
  it('does not keep a session alive by reconnecting: an open tab nobody uses is logged out at its idle time', async () => {
    const token = await loginToken(harness, 'player2', 'player2-pass');
    const first = await openLive(harness, token);
    await first.waitFor(isReady, 'ready');

    // The tab reconnects as it does every few minutes, a minute before the idle time is up.
    harness.clock.advance({ minutes: ACCOUNT_RULES.sessionIdleMinutes - 1 });
    first.close();
    const reconnected = await openLive(harness, token);
    expect(reconnected.status).toBe(200);
    await reconnected.waitFor(isReady, 'ready');

    // Two minutes on, the session is idle all the same: the stream ends at its next heartbeat and cannot reopen.
    harness.clock.advance({ minutes: 2 });
    await reconnected.ended;
    const again = await fetch(`${harness.base}${LIVE_EVENTS_PATH}`, { headers: bearer(token) });
    expect(await again.json()).toEqual(SESSION_INVALID);
    expect((await call(harness, 'usersInfo', { token })).body).toEqual(SESSION_INVALID);
  });

  it.each([
    { role: 'agent' as const, account: 'agent1', idleMinutes: ACCOUNT_RULES.agentSessionIdleMinutes },
    { role: 'player' as const, account: 'player1', idleMinutes: ACCOUNT_RULES.sessionIdleMinutes },
  ])(
    'does not count background refreshes as activity ($account): a page that only refreshes is logged out at its idle time',
    async ({ role, account, idleMinutes }) => {
      const token = await loginToken(harness, account, `${account}-pass`);
      await refreshInTheBackground(token, role, idleMinutes - 1);

      // The refreshes went on every 5 minutes; nobody did anything since the login, so the session ends on time.
      harness.clock.advance({ minutes: 2 });
      for (const name of refreshes[role]) {
        expect((await call(harness, name, { token, query: '?spec_lang=en', headers: background })).body).toEqual(SESSION_INVALID);
      }
      expect((await call(harness, 'usersInfo', { token })).body).toEqual(SESSION_INVALID);
    },
  );

  it('still counts what the person does: a call without the header starts the idle time again', async () => {
    const token = await loginToken(harness, 'agent1', 'agent1-pass');
    const idleMinutes = ACCOUNT_RULES.agentSessionIdleMinutes;
    await refreshInTheBackground(token, 'agent', idleMinutes - 10);
    // The agent opens a ticket's queue page themselves.
    okData('agentInquiries', await call(harness, 'agentInquiries', { token, query: '?spec_lang=en' }));

    await refreshInTheBackground(token, 'agent', idleMinutes - 1);
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token })).account).toBe('agent1');
    // That usersInfo was activity too: the session ends a whole idle time after it, and not before.
    await refreshInTheBackground(token, 'agent', idleMinutes - 1);
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token, headers: background })).account).toBe('agent1');
    harness.clock.advance({ minutes: 2 });
    expect((await call(harness, 'usersInfo', { token })).body).toEqual(SESSION_INVALID);
  });
});
