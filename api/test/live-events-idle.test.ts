import { ACCOUNT_RULES, LIVE_EVENTS_PATH } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { harnessForFile } from './helpers.js';
import { SESSION_INVALID, bearer, call } from './api-calls.js';
import { loginToken } from './identity-helpers.js';
import { createLiveHarness, isReady, openLive } from './live-events-helpers.js';

// The clock moves past a session's idle time: a file of its own, so no other test's sessions idle out with it.
const harness = harnessForFile(createLiveHarness);

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
});
