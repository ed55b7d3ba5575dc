import { ERROR_CODES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { Sessions } from '../src/identity/sessions.js';
import { call, expectFailure, okData, SESSION_INVALID } from './api-calls.js';
import { createTestApp, harnessForFile } from './helpers.js';
import { createAccount, createSocialAccount, INVALID_CREDENTIALS, login, loginToken, PASSWORD, unique } from './identity-helpers.js';

const harness = harnessForFile(createTestApp);

describe('POST /ucenter/password/reset (change password)', () => {
  it('ends every other session, renews this one and switches the password', async () => {
    const account = await createAccount(harness);
    const here = await loginToken(harness, account.account);
    const elsewhere = await loginToken(harness, account.account);
    const data = okData(
      'changePassword',
      await call(harness, 'changePassword', { token: here, body: { oldPassword: PASSWORD, newPassword: 'Brand-new-pass-7' } }),
    );
    expect(data.account).toBe(account.account);
    expect(data.token).not.toBe(here);
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token: data.token })).account).toBe(account.account);
    expect((await call(harness, 'usersInfo', { token: elsewhere })).body).toEqual(SESSION_INVALID);
    expect((await call(harness, 'usersInfo', { token: here })).body).toEqual(SESSION_INVALID);
    expect((await login(harness, account.account, PASSWORD)).body).toEqual(INVALID_CREDENTIALS);
    expect(okData('loginPassword', await login(harness, account.account, 'Brand-new-pass-7')).account).toBe(account.account);
    const { rows } = await harness.db.query<{ kind: string }>(
      "SELECT kind FROM account_events WHERE account_id = $1 AND kind = 'password_changed'",
      [account.id],
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses a wrong current password with 4011 and keeps the sessions', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    const answer = await call(harness, 'changePassword', {
      token,
      body: { oldPassword: 'Not-the-one-1', newPassword: 'Brand-new-pass-7' },
    });
    expectFailure(answer, 401, ERROR_CODES.invalidCredentials, 'currentPasswordWrong');
    expect((await call(harness, 'usersInfo', { token })).status).toBe(200);
  });

  it('refuses the same password again, new passwords of the wrong length, and the most used ones whatever their case', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    expectFailure(
      await call(harness, 'changePassword', { token, body: { oldPassword: PASSWORD, newPassword: PASSWORD } }),
      400,
      ERROR_CODES.badRequest,
      'passwordSame',
    );
    const cases: [string, string][] = [
      ['short1', 'passwordTooShort'],
      [`a1${'x'.repeat(127)}`, 'passwordTooLong'],
    ];
    for (const [newPassword, key] of cases) {
      expectFailure(
        await call(harness, 'changePassword', { token, body: { oldPassword: PASSWORD, newPassword } }),
        400,
        ERROR_CODES.badRequest,
        `Invalid body field "newPassword": ${key}`,
      );
    }
    for (const newPassword of ['iloveyou', 'Password1', 'QWERTY123', '1234567890']) {
      expectFailure(
        await call(harness, 'changePassword', { token, body: { oldPassword: PASSWORD, newPassword } }),
        400,
        ERROR_CODES.badRequest,
        'passwordTooCommon',
      );
    }
    expect((await call(harness, 'usersInfo', { token })).status).toBe(200);
    // No composition rule: a long phrase of letters alone is a good password.
    expect(
      (await call(harness, 'changePassword', { token, body: { oldPassword: PASSWORD, newPassword: 'purple elephants dance slowly' } }))
        .status,
    ).toBe(200);
  });

  it('refuses a new password of only spaces or blank-looking characters, keeps the old one and the sessions (QA34 finding 2)', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    for (const newPassword of [' '.repeat(8), ' '.repeat(20), '\u3000'.repeat(8), '\u200b'.repeat(8), '\u3164'.repeat(8)]) {
      expectFailure(
        await call(harness, 'changePassword', { token, body: { oldPassword: PASSWORD, newPassword } }),
        400,
        ERROR_CODES.badRequest,
        'Invalid body field "newPassword": passwordBlank',
      );
    }
    expect((await call(harness, 'usersInfo', { token })).status).toBe(200);
    expect((await login(harness, account.account, PASSWORD)).status).toBe(200);
    // Spaces around or inside a real password are kept as typed: the same password logs in, the trimmed one does not.
    const spaced = '  spaced out pass  ';
    const changed = okData(
      'changePassword',
      await call(harness, 'changePassword', { token, body: { oldPassword: PASSWORD, newPassword: spaced } }),
    );
    expect(changed.account).toBe(account.account);
    expect((await login(harness, account.account, spaced)).status).toBe(200);
    expect((await login(harness, account.account, spaced.trim())).body).toEqual(INVALID_CREDENTIALS);
  });

  it('is forbidden to a social account without a password', async () => {
    const social = await createSocialAccount(harness, 'apple', `sub-${unique().name}`);
    const { token } = await new Sessions(harness.db, harness.clock.now).create(social.id, false);
    expectFailure(
      await call(harness, 'changePassword', { token, body: { oldPassword: 'anything', newPassword: 'Brand-new-pass-7' } }),
      403,
      ERROR_CODES.forbidden,
      'passwordNotSet',
    );
  });
});
