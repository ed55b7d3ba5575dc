import { ACCOUNT_RULES, LIVE_EVENTS_PATH } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { describe, expect, it } from 'vitest';
import { bearer, call, okData, SESSION_INVALID } from './api-calls.js';
import { createAccount, loginToken, PASSWORD, unique } from './identity-helpers.js';
import { harnessForFile } from './helpers.js';
import { createLiveHarness, isReady, openLive, until } from './live-events-helpers.js';

const harness = harnessForFile(createLiveHarness);

/** Logs out of every other device with `token`'s session. */
const logoutOthers = (token: string) => call(harness, 'logoutOthers', { token, body: {}, ip: unique().ip });

const eventsOf = async (accountId: number) =>
  (
    await harness.db.query<{ kind: string }>("SELECT kind FROM account_events WHERE account_id = $1 AND kind = 'other_sessions_ended'", [
      accountId,
    ])
  ).rows;

describe('POST /ucenter/sessions/logout_others (log out of all other devices, ASVS 3.3.4)', () => {
  it("ends the account's other session only: this one and another account's keep working, and a second call ends none", async () => {
    const owner = await createAccount(harness);
    const other = await createAccount(harness);
    const laptop = await loginToken(harness, owner.account);
    const phone = okData(
      'loginPassword',
      await call(harness, 'loginPassword', { body: { account: owner.account, password: PASSWORD, remember: true } }),
    ).token;
    const someoneElse = await loginToken(harness, other.account);

    expect(okData('logoutOthers', await logoutOthers(laptop))).toEqual({ ended: 1 });

    expect((await call(harness, 'usersInfo', { token: phone })).body).toEqual(SESSION_INVALID);
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token: laptop })).account).toBe(owner.account);
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token: someoneElse })).account).toBe(other.account);
    expect(await eventsOf(owner.id)).toHaveLength(1);

    // Pressed again (or retried after a lost answer): nothing more to end, no failure, nothing more in the log.
    expect(okData('logoutOthers', await logoutOthers(laptop))).toEqual({ ended: 0 });
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token: laptop })).account).toBe(owner.account);
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token: someoneElse })).account).toBe(other.account);
    expect(await eventsOf(owner.id)).toHaveLength(1);
    expect(await eventsOf(other.id)).toHaveLength(0);
  });

  it('counts only the sessions it ended: one logged out or past its idle time was dead already', async () => {
    const owner = await createAccount(harness);
    const idle = await loginToken(harness, owner.account);
    harness.clock.advance({ minutes: ACCOUNT_RULES.sessionIdleMinutes + 1 });
    const here = await loginToken(harness, owner.account);
    const loggedOut = await loginToken(harness, owner.account);
    okData('logout', await call(harness, 'logout', { token: loggedOut, body: {} }));
    const live = [await loginToken(harness, owner.account), await loginToken(harness, owner.account)];

    expect(okData('logoutOthers', await logoutOthers(here))).toEqual({ ended: 2 });
    for (const token of [idle, loggedOut, ...live]) expect((await call(harness, 'usersInfo', { token })).body).toEqual(SESSION_INVALID);
    expect((await call(harness, 'usersInfo', { token: here })).status).toBe(200);
  });

  it('refuses a dead session with -600 and ends nothing', async () => {
    const owner = await createAccount(harness);
    const kept = await loginToken(harness, owner.account);
    const dead = await loginToken(harness, owner.account);
    okData('logout', await call(harness, 'logout', { token: dead, body: {} }));
    expect((await logoutOthers(dead)).body).toEqual(SESSION_INVALID);
    expect((await call(harness, 'usersInfo', { token: kept })).status).toBe(200);
    expect(await eventsOf(owner.id)).toHaveLength(0);
  });

  it("ends the other session's live stream (at once: live-events-logout.test.ts), and the caller's stream goes on", async () => {
    const owner = await createAccount(harness);
    const here = await loginToken(harness, owner.account);
    const elsewhere = await loginToken(harness, owner.account);
    const kept = await openLive(harness, here);
    const ended = await openLive(harness, elsewhere);
    let keptEnded = false;
    void kept.ended.then(() => {
      keptEnded = true;
    });
    await kept.waitFor(isReady, 'ready');
    await ended.waitFor(isReady, 'ready');

    // Through the other replica (on PostgreSQL): the stream's replica learns it from the database.
    const answer = await fetch(`${harness.replica.base}${ENDPOINTS.logoutOthers.path}`, {
      method: 'POST',
      headers: { ...bearer(here), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await answer.json()).toMatchObject({ code: 1, data: { ended: 1 } });
    await ended.ended;
    const again = await fetch(`${harness.base}${LIVE_EVENTS_PATH}`, { headers: bearer(elsewhere) });
    expect(await again.json()).toEqual(SESSION_INVALID);

    const heartbeats = kept.raw().split(': heartbeat').length;
    await until(() => kept.raw().split(': heartbeat').length > heartbeats + 1, 'two more heartbeats on the kept stream');
    expect(keptEnded).toBe(false);
    kept.close();
  });
});
