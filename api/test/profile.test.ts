import { ACCOUNT_RULES, ERROR_CODES } from 'shared-contracts';
import { birthdayProblem } from 'shared-contracts/schemas';
import { describe, expect, it } from 'vitest';
import { Sessions } from '../src/identity/sessions.js';
import { call, expectFailure, okData, SESSION_INVALID } from './api-calls.js';
import { createTestApp, harnessForFile } from './helpers.js';
import { createSocialAccount, unique, loggedInPlayer } from './identity-helpers.js';

/** SPEC §3 user info: POST /ucenter/profile sets the birthday (once) and the phone of the session's own account. */
const harness = harnessForFile(createTestApp);

function update(token: string | undefined, body: unknown) {
  return call(harness, 'updateProfile', { token, body, ip: unique().ip });
}

async function profileEvents(accountId: number): Promise<number> {
  const { rows } = await harness.db.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM account_events WHERE account_id = $1 AND kind = 'profile_updated'",
    [accountId],
  );
  return rows[0]?.count ?? 0;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

describe('POST /ucenter/profile', () => {
  it('sets a missing birthday and a phone (kept as + and digits), answers the user info and shows it in /users/info', async () => {
    const player = await loggedInPlayer(harness);
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token: player.token }))).toMatchObject({ birthday: null, phone: null });
    const info = okData('updateProfile', await update(player.token, { birthday: '1994-02-28', phone: '+82 (10) 1234-5678' }));
    expect(info).toMatchObject({ account: player.account, birthday: '1994-02-28', phone: '+821012345678' });
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token: player.token }))).toEqual(info);
    expect(await profileEvents(player.id)).toBe(1);
  });

  it('reads a phone typed with Arabic-Indic or Persian digits as the same number (QA34 finding 3)', async () => {
    const player = await loggedInPlayer(harness);
    expect(okData('updateProfile', await update(player.token, { phone: '+٨٢١٠١٢٣٤٥٦٧٨' })).phone).toBe('+821012345678');
    expect(okData('updateProfile', await update(player.token, { phone: '+۹۸ ۹۱۲ ۳۴۵ ۶۷۸۹' })).phone).toBe('+989123456789');
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token: player.token })).phone).toBe('+989123456789');
    expectFailure(
      await update(player.token, { phone: '٠١٠١٢٣٤٥٦٧٨' }),
      400,
      ERROR_CODES.badRequest,
      'Invalid body field "phone": phoneInvalid',
    );
  });

  it('locks the birthday once set: another date is refused with 4090 birthdayLocked and nothing of that save is kept', async () => {
    const player = await loggedInPlayer(harness);
    okData('updateProfile', await update(player.token, { birthday: '2001-09-30' }));
    expectFailure(
      await update(player.token, { birthday: '2000-09-30', phone: '+447700900123' }),
      409,
      ERROR_CODES.conflict,
      'birthdayLocked',
    );
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token: player.token }))).toMatchObject({
      birthday: '2001-09-30',
      phone: null,
    });
    // The phone stays changeable on its own, with the locked birthday left out or sent unchanged.
    expect(okData('updateProfile', await update(player.token, { phone: '+447700900123' })).phone).toBe('+447700900123');
    expect(okData('updateProfile', await update(player.token, { birthday: '2001-09-30', phone: '+447700900999' })).phone).toBe(
      '+447700900999',
    );
  });

  it('a retried save answers the same and records one change, not two', async () => {
    const player = await loggedInPlayer(harness);
    const body = { birthday: '1985-12-01', phone: '+81 90 1234 5678' };
    const first = okData('updateProfile', await update(player.token, body));
    const retry = okData('updateProfile', await update(player.token, body));
    expect(retry).toEqual(first);
    expect(await profileEvents(player.id)).toBe(1);
  });

  it('refuses dates that are not real, in the future or beyond a lifetime, phones not in international form, and empty saves', async () => {
    const player = await loggedInPlayer(harness);
    const now = new Date();
    const inTwoDays = isoDay(new Date(now.getTime() + 2 * 24 * 60 * 60 * 1000));
    const tooEarly = new Date(now.getTime());
    tooEarly.setUTCFullYear(tooEarly.getUTCFullYear() - ACCOUNT_RULES.birthdayAgeMaxYears - 1);
    const cases: [unknown, string | RegExp][] = [
      [{ birthday: '2001-02-29' }, 'Invalid body field "birthday": birthdayInvalid'],
      [{ birthday: '1990-13-01' }, 'Invalid body field "birthday": birthdayInvalid'],
      [{ birthday: '12/03/1990' }, 'Invalid body field "birthday": birthdayInvalid'],
      [{ birthday: '' }, 'Invalid body field "birthday": birthdayInvalid'],
      [{ birthday: 19900101 }, 'Invalid body field "birthday": birthdayInvalid'],
      [{ birthday: inTwoDays }, 'Invalid body field "birthday": birthdayInFuture'],
      [{ birthday: isoDay(tooEarly) }, 'Invalid body field "birthday": birthdayTooEarly'],
      [{ phone: '010-1234-5678' }, 'Invalid body field "phone": phoneInvalid'],
      [{ phone: '+1 23' }, 'Invalid body field "phone": phoneInvalid'],
      [{}, 'Invalid request body: profileEmpty'],
      [{ phone: '+821012345678', email: 'other@example.com' }, /email/],
    ];
    for (const [body, message] of cases) expectFailure(await update(player.token, body), 400, ERROR_CODES.badRequest, message);
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token: player.token }))).toMatchObject({ birthday: null, phone: null });
    expect(await profileEvents(player.id)).toBe(0);
  });

  it('changes only the account of the session: another player is untouched, and no body field names an account', async () => {
    const owner = await loggedInPlayer(harness);
    const other = await loggedInPlayer(harness);
    okData('updateProfile', await update(owner.token, { birthday: '1999-01-01', phone: '+821000000001' }));
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token: other.token }))).toMatchObject({ birthday: null, phone: null });
    expectFailure(await update(other.token, { account: owner.account, phone: '+821000000002' }), 400, ERROR_CODES.badRequest, /account/);
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token: owner.token })).phone).toBe('+821000000001');
  });

  it('works for a social account too', async () => {
    const social = await createSocialAccount(harness, 'google', `profile-${unique().name}`);
    const { token } = await new Sessions(harness.db, harness.clock.now).create(social.id, false);
    expect(okData('updateProfile', await update(token, { birthday: '2003-03-03' })).birthday).toBe('2003-03-03');
  });

  it('answers 401 with -600 without a session or with a dead one, and changes nothing', async () => {
    expect((await update(undefined, { phone: '+821012345678' })).body).toEqual(SESSION_INVALID);
    const player = await loggedInPlayer(harness);
    okData('logout', await call(harness, 'logout', { token: player.token, body: {} }));
    const answer = await update(player.token, { birthday: '1990-01-01' });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(SESSION_INVALID);
    const { rows } = await harness.db.query<{ birthday: unknown }>('SELECT birthday FROM accounts WHERE id = $1', [player.id]);
    expect(rows[0]?.birthday).toBeNull();
  });
});

describe('birthdayProblem (the shared rule the form and the API apply)', () => {
  const noon = new Date('2026-11-25T12:00:00Z');
  it('takes a date that is already today somewhere on earth, not one still ahead everywhere', () => {
    // At 12:00 UTC it is already 26 November in UTC+14.
    expect(birthdayProblem('2026-11-26', noon)).toBeNull();
    expect(birthdayProblem('2026-11-27', noon)).toBe('birthdayInFuture');
  });
  it(`takes up to ${ACCOUNT_RULES.birthdayAgeMaxYears} years back, and only real calendar dates`, () => {
    expect(birthdayProblem('1906-11-25', noon)).toBeNull();
    expect(birthdayProblem('1906-11-24', noon)).toBe('birthdayTooEarly');
    expect(birthdayProblem('2024-02-29', noon)).toBeNull();
    expect(birthdayProblem('2023-02-29', noon)).toBe('birthdayInvalid');
    expect(birthdayProblem('2023-04-31', noon)).toBe('birthdayInvalid');
    expect(birthdayProblem('0099-01-01', noon)).toBe('birthdayInvalid');
  });
});
