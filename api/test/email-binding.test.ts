import { ACCOUNT_RULES, ERROR_CODES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { Sessions } from '../src/identity/sessions.js';
import { call, expectFailure, okData } from './api-calls.js';
import { codeIn, createTestApp, harnessForFile } from './helpers.js';
import { createAccount, createSocialAccount, loginToken, PASSWORD, unique } from './identity-helpers.js';
import { afterCoolDown, CODE_REJECTED, forgot, freshEmail, lastCodeTo, mailTo } from './codes-helpers.js';

const harness = harnessForFile(createTestApp);

describe('e-mail binding', () => {
  function sendCode(token: string, email: string, options: { ip?: string; lang?: string; currentPassword?: string | null } = {}) {
    const currentPassword = options.currentPassword === undefined ? PASSWORD : options.currentPassword;
    return call(harness, 'sendVerifyCode', {
      token,
      body: currentPassword === null ? { email } : { email, currentPassword },
      query: options.lang ? `?spec_lang=${options.lang}` : '',
      ...(options.ip ? { ip: options.ip } : {}),
    });
  }

  function bind(token: string, email: string, code: string, lang?: string) {
    return call(harness, 'bindEmail', { token, body: { email, code }, ip: unique().ip, query: lang ? `?spec_lang=${lang}` : '' });
  }

  /** An account with a bound address (`first`), logged in, that has asked for a code to bind `second` instead. */
  async function changingBoundAddress() {
    const first = freshEmail();
    const account = await createAccount(harness, { email: first });
    const token = await loginToken(harness, account.account);
    const second = freshEmail();
    await sendCode(token, second);
    return { account, token, first, second };
  }

  it('asks an account with a password for it before sending a code, counting wrong ones as failed logins', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    const email = freshEmail();
    expectFailure(await sendCode(token, email, { currentPassword: null }), 400, ERROR_CODES.badRequest, 'passwordRequired');
    const ip = unique().ip;
    expectFailure(
      await sendCode(token, email, { currentPassword: 'Not-my-password-1', ip }),
      401,
      ERROR_CODES.invalidCredentials,
      'currentPasswordWrong',
    );
    expect(await mailTo(harness, email)).toEqual([]);
    // The session survives a wrong password (4011, not -600), and the right one sends the code.
    expect((await sendCode(token, email, { ip })).status).toBe(200);
    expect(await mailTo(harness, email)).toHaveLength(1);
    const { rows } = await harness.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM auth_throttle WHERE bucket = 'login_ip' AND key = $1",
      [ip],
    );
    expect(rows[0]?.count).toBe(1);
  });

  it('lets a social account, which has no password to reset, bind an address with its session', async () => {
    const social = await createSocialAccount(harness, 'google', unique('subject').name);
    const { token } = await new Sessions(harness.db, harness.clock.now).create(social.id, false);
    const email = freshEmail();
    expect((await sendCode(token, email, { currentPassword: null })).status).toBe(200);
    expect(okData('bindEmail', await bind(token, email, await lastCodeTo(harness, email)))).toEqual({ email });
  });

  it('tells the address it replaces, in the request language, naming the account and hiding most of the new address', async () => {
    const { account, token, first, second } = await changingBoundAddress();
    expect((await bind(token, second, await lastCodeTo(harness, second), 'de')).status).toBe(200);
    const [notice, ...more] = await mailTo(harness, first);
    expect(more).toEqual([]);
    expect(notice?.subject).toBe('Die E-Mail-Adresse Ihres Kontos wurde geändert');
    expect(notice?.text).toContain(account.account);
    expect(notice?.text).toContain(`${second[0]}***@example.com`);
    expect(notice?.text).not.toContain(second);
    // A first address replaces nothing: nobody else is told.
    const fresh = await createAccount(harness);
    const freshToken = await loginToken(harness, fresh.account);
    const third = freshEmail();
    await sendCode(freshToken, third);
    await bind(freshToken, third, await lastCodeTo(harness, third));
    expect((await mailTo(harness, third)).map((message) => message.subject)).toEqual(['Your e-mail verification code']);
  });

  it('binds the address the code was sent to', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    const email = freshEmail();
    expect(okData('sendVerifyCode', await sendCode(token, email, { lang: 'ja' }))).toEqual({
      resendAfterSeconds: ACCOUNT_RULES.codeResendSeconds,
    });
    const [message] = await mailTo(harness, email);
    expect(message?.subject).toBe('メールアドレス確認用の認証コード');
    const code = codeIn(message?.text ?? '');
    expect(okData('bindEmail', await bind(token, email, code))).toEqual({ email });
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token })).email).toBe(email);
    // Single use.
    expect((await bind(token, email, code)).body).toEqual(CODE_REJECTED);
    // The bound address now receives password resets.
    afterCoolDown(harness);
    await forgot(harness, email, { ip: unique().ip });
    expect((await mailTo(harness, email)).at(-1)?.subject).toBe('Your password reset code');
  });

  it('refuses a wrong code and a code sent to another address', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    const email = freshEmail();
    await sendCode(token, email);
    const code = await lastCodeTo(harness, email);
    const wrong = code === '999999' ? '999998' : '999999';
    const answer = await bind(token, email, wrong);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(CODE_REJECTED);
    expect((await bind(token, freshEmail(), code)).body).toEqual(CODE_REJECTED);
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token })).email).toBeNull();
  });

  it("never accepts another player's code", async () => {
    const owner = await createAccount(harness);
    const other = await createAccount(harness);
    const ownerToken = await loginToken(harness, owner.account);
    const otherToken = await loginToken(harness, other.account);
    const email = freshEmail();
    await sendCode(ownerToken, email);
    const code = await lastCodeTo(harness, email);
    expect((await bind(otherToken, email, code)).body).toEqual(CODE_REJECTED);
    expect((await bind(ownerToken, email, code)).status).toBe(200);
  });

  it('answers 4090 emailTaken when another account has the address', async () => {
    const email = freshEmail();
    await createAccount(harness, { email });
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    expect((await sendCode(token, email.toUpperCase())).status).toBe(200);
    const code = await lastCodeTo(harness, email.toUpperCase());
    expectFailure(await bind(token, email.toUpperCase(), code), 409, ERROR_CODES.conflict, 'emailTaken');
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token })).email).toBeNull();
  });

  it('holds the resend cool-down per account, whatever the address', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    expect((await sendCode(token, freshEmail())).status).toBe(200);
    const early = await sendCode(token, freshEmail());
    expectFailure(early, 429, ERROR_CODES.tooManyRequests, 'resendTooSoon');
    expect(early.headers['retry-after']).toBe(String(ACCOUNT_RULES.codeResendSeconds));
    afterCoolDown(harness);
    expect((await sendCode(token, freshEmail())).status).toBe(200);
  });

  it('validates its input with the shared schemas', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    expectFailure(await sendCode(token, 'no-at-sign'), 400, ERROR_CODES.badRequest, 'Invalid body field "email": emailInvalid');
    expectFailure(await sendCode(token, `${'a'.repeat(250)}@example.com`), 400, ERROR_CODES.badRequest, /"email": emailInvalid/);
    expectFailure(await bind(token, freshEmail(), '12 456'), 400, ERROR_CODES.badRequest, 'Invalid body field "code": codeInvalid');
    expectFailure(
      await call(harness, 'bindEmail', { token, body: { email: freshEmail() } }),
      400,
      ERROR_CODES.badRequest,
      'Missing required body field "code"',
    );
    expectFailure(
      await call(harness, 'sendVerifyCode', { token, body: { email: freshEmail(), account: 'someone-else' } }),
      400,
      ERROR_CODES.badRequest,
      'Unknown body field "account"',
    );
  });

  it('replaces a bound address', async () => {
    const { account, token, second } = await changingBoundAddress();
    expect((await bind(token, second, await lastCodeTo(harness, second))).status).toBe(200);
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token })).email).toBe(second);
    const { rows } = await harness.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM account_events WHERE account_id = $1 AND kind = 'email_bound'",
      [account.id],
    );
    expect(rows[0]?.count).toBe(1);
  });
});
