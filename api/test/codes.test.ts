import { ACCOUNT_RULES, ERROR_CODES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { Sessions } from '../src/identity/sessions.js';
import { codeIn, createTestApp, readOutbox, type OutboxMessage, harnessForFile } from './helpers.js';
import { PASSWORD, call, createAccount, createSocialAccount, expectFailure, login, loginToken, okData, unique } from './identity-helpers.js';

const harness = harnessForFile(createTestApp);

const NEW_PASSWORD = 'Fresh-start-42';
const SESSION_INVALID = { code: ERROR_CODES.sessionInvalid, msg: 'sessionInvalid', data: null };
const CODE_REJECTED = { code: ERROR_CODES.codeRejected, msg: 'codeRejected', data: null };

function freshEmail(): string {
  return `${unique('mail').name.toLowerCase()}@example.com`;
}

/** Messages to `address` in the outbox, after the answers' background work has finished. */
async function mailTo(address: string): Promise<OutboxMessage[]> {
  await harness.app.background.idle();
  return (await readOutbox(harness.outbox)).filter((message) => message.to.toLowerCase() === address.toLowerCase());
}

async function lastCodeTo(address: string): Promise<string> {
  const messages = await mailTo(address);
  const last = messages.at(-1);
  if (!last) throw new Error(`no mail to ${address}`);
  return codeIn(last.text);
}

function forgot(email: string, options: { ip?: string; lang?: string } = {}) {
  return call(harness, 'forgotPassword', {
    body: { email },
    query: options.lang ? `?spec_lang=${options.lang}` : '',
    ...(options.ip ? { ip: options.ip } : {}),
  });
}

function reset(email: string, code: string, newPassword = NEW_PASSWORD, ip?: string) {
  return call(harness, 'resetPassword', { body: { email, code, newPassword }, ...(ip ? { ip } : {}) });
}

/** Codes have a resend cool-down; tests that ask again move the clock past it. */
function afterCoolDown(): void {
  harness.clock.advance({ seconds: ACCOUNT_RULES.codeResendSeconds });
}

describe('forgot and reset password', () => {
  it('mails a code that sets a new password, ends every session and lets the player log in again', async () => {
    const email = freshEmail();
    const account = await createAccount(harness, { email });
    const sessions = [await loginToken(harness, account.account), await loginToken(harness, account.account)];

    const answer = await forgot(email.toUpperCase(), { ip: unique().ip });
    expect(okData('forgotPassword', answer)).toEqual({ resendAfterSeconds: ACCOUNT_RULES.codeResendSeconds });
    const messages = await mailTo(email);
    expect(messages).toHaveLength(1);
    const message = messages[0] as OutboxMessage;
    expect(message.subject).toBe('Your password reset code');
    expect(message.from).toMatch(/^"?Test Sender"? <no-reply@test\.example>$/);
    expect(message.html).toBe(false);
    expect(message.text).toContain(`valid for ${ACCOUNT_RULES.codeTtlMinutes} minutes`);
    const code = codeIn(message.text);
    expect(code).toMatch(/^\d{6}$/);

    // The code is stored hashed only.
    const { rows } = await harness.db.query<Record<string, unknown>>('SELECT * FROM verification_codes WHERE account_id = $1', [account.id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);

    expect(okData('resetPassword', await reset(email, code))).toBeNull();
    for (const token of sessions) expect((await call(harness, 'usersInfo', { token })).body).toEqual(SESSION_INVALID);
    expect((await login(harness, account.account, PASSWORD)).status).toBe(401);
    expect(okData('loginPassword', await login(harness, account.account, NEW_PASSWORD)).account).toBe(account.account);
    // The address is told that the password changed (ASVS 2.5.5).
    const notice = (await mailTo(email)).at(-1);
    expect(notice?.subject).toBe('The password of your account was changed');
    expect(notice?.text).toContain(account.account);
  });

  it('answers an unknown address exactly like a known one, and mails nothing', async () => {
    const known = freshEmail();
    await createAccount(harness, { email: known });
    const unknownAddress = freshEmail();
    const knownAnswer = await forgot(known, { ip: unique().ip });
    const unknownAnswer = await forgot(unknownAddress, { ip: unique().ip });
    expect(unknownAnswer.status).toBe(knownAnswer.status);
    expect(unknownAnswer.body).toEqual(knownAnswer.body);
    expect(await mailTo(unknownAddress)).toEqual([]);
    expect(await mailTo(known)).toHaveLength(1);
  });

  it('writes the mail in the language of spec_lang, English otherwise', async () => {
    const email = freshEmail();
    await createAccount(harness, { email });
    for (const lang of ['de', 'ko', undefined]) {
      await forgot(email, { ip: unique().ip, ...(lang ? { lang } : {}) });
      // Each mail is written after its answer; wait for it so the outbox order is the asking order.
      await harness.app.background.idle();
      afterCoolDown();
    }
    const subjects = (await mailTo(email)).map((message) => message.subject);
    expect(subjects).toEqual(['Ihr Code zum Zurücksetzen des Passworts', '비밀번호 재설정 인증 코드', 'Your password reset code']);
  });

  it('refuses one of the most used passwords without using the code up', async () => {
    const email = freshEmail();
    await createAccount(harness, { email });
    await forgot(email, { ip: unique().ip });
    const code = await lastCodeTo(email);
    expectFailure(await reset(email, code, 'sunshine1', unique().ip), 400, ERROR_CODES.badRequest, 'passwordTooCommon');
    expect((await reset(email, code, NEW_PASSWORD, unique().ip)).status).toBe(200);
  });

  it('refuses a wrong code, a code for another address and a code after it expired', async () => {
    const email = freshEmail();
    const account = await createAccount(harness, { email });
    await forgot(email, { ip: unique().ip });
    const code = await lastCodeTo(email);
    const wrong = code === '000000' ? '000001' : '000000';
    const answer = await reset(email, wrong);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(CODE_REJECTED);
    expect((await reset(freshEmail(), code)).body).toEqual(CODE_REJECTED);
    harness.clock.advance({ minutes: ACCOUNT_RULES.codeTtlMinutes });
    expect((await reset(email, code)).body).toEqual(CODE_REJECTED);
    expect((await login(harness, account.account, PASSWORD)).status).toBe(200);
  });

  it(`kills a code after ${ACCOUNT_RULES.codeAttemptsMax} wrong tries`, async () => {
    const email = freshEmail();
    await createAccount(harness, { email });
    await forgot(email, { ip: unique().ip });
    const code = await lastCodeTo(email);
    const ip = unique().ip;
    for (let attempt = 0; attempt < ACCOUNT_RULES.codeAttemptsMax; attempt += 1) {
      const wrong = String((Number(code) + attempt + 1) % 1_000_000).padStart(6, '0');
      expect((await reset(email, wrong, NEW_PASSWORD, ip)).body).toEqual(CODE_REJECTED);
    }
    expect((await reset(email, code, NEW_PASSWORD, ip)).body).toEqual(CODE_REJECTED);
  });

  it('uses a code once only', async () => {
    const email = freshEmail();
    await createAccount(harness, { email });
    await forgot(email, { ip: unique().ip });
    const code = await lastCodeTo(email);
    expect((await reset(email, code)).status).toBe(200);
    expect((await reset(email, code, 'Yet-another-pass-3')).body).toEqual(CODE_REJECTED);
  });

  it('invalidates the previous code when a new one is sent', async () => {
    const email = freshEmail();
    await createAccount(harness, { email });
    await forgot(email, { ip: unique().ip });
    const first = await lastCodeTo(email);
    afterCoolDown();
    await forgot(email, { ip: unique().ip });
    const second = await lastCodeTo(email);
    if (first !== second) expect((await reset(email, first)).body).toEqual(CODE_REJECTED);
    expect((await reset(email, second)).status).toBe(200);
  });

  it('lets parallel tries of one code win at most once', async () => {
    const email = freshEmail();
    await createAccount(harness, { email });
    await forgot(email, { ip: unique().ip });
    const code = await lastCodeTo(email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => reset(email, code, NEW_PASSWORD, unique().ip)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  });

  it('holds a resend cool-down per address, known or not, with the seconds left in Retry-After', async () => {
    const known = freshEmail();
    await createAccount(harness, { email: known });
    const unknownAddress = freshEmail();
    for (const email of [known, unknownAddress]) {
      expect((await forgot(email, { ip: unique().ip })).status).toBe(200);
      harness.clock.advance({ seconds: 20 });
      const early = await forgot(email, { ip: unique().ip });
      expectFailure(early, 429, ERROR_CODES.tooManyRequests, 'resendTooSoon');
      expect(early.headers['retry-after']).toBe(String(ACCOUNT_RULES.codeResendSeconds - 20));
      harness.clock.advance({ seconds: ACCOUNT_RULES.codeResendSeconds - 20 });
      expect((await forgot(email, { ip: unique().ip })).status).toBe(200);
    }
    expect(await mailTo(known)).toHaveLength(2);
  });

  it('sends at most 5 codes an hour to one address and 20 an hour from one client', async () => {
    const email = freshEmail();
    await createAccount(harness, { email });
    for (let send = 0; send < 5; send += 1) {
      expect((await forgot(email, { ip: unique().ip })).status).toBe(200);
      afterCoolDown();
    }
    expectFailure(await forgot(email, { ip: unique().ip }), 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
    harness.clock.advance({ hours: 1 });
    expect((await forgot(email, { ip: unique().ip })).status).toBe(200);

    const ip = unique().ip;
    for (let send = 0; send < 20; send += 1) expect((await forgot(freshEmail(), { ip })).status).toBe(200);
    expectFailure(await forgot(freshEmail(), { ip }), 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
  });

  it('throttles wrong codes per client address', async () => {
    const ip = unique().ip;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await reset(freshEmail(), '123456', NEW_PASSWORD, ip)).status).toBe(401);
    }
    expectFailure(await reset(freshEmail(), '123456', NEW_PASSWORD, ip), 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
  });

  it('sends nothing to a social account and validates its input', async () => {
    expectFailure(await forgot('not-an-address'), 400, ERROR_CODES.badRequest, 'Invalid body field "email": emailInvalid');
    expectFailure(await reset(freshEmail(), '12345'), 400, ERROR_CODES.badRequest, 'Invalid body field "code": codeInvalid');
    expectFailure(await reset(freshEmail(), 'abcdef'), 400, ERROR_CODES.badRequest, 'Invalid body field "code": codeInvalid');
    expectFailure(await reset(freshEmail(), '123456', 'weak'), 400, ERROR_CODES.badRequest, /^Invalid body field "newPassword": passwordTooShort(;|$)/);
    const email = freshEmail();
    await harness.db.query(
      `INSERT INTO accounts (account, type, email, created_at, updated_at) VALUES ($1, 'THIRD_PARTY', $2, now(), now())`,
      [unique('social').name, email],
    );
    expect((await forgot(email, { ip: unique().ip })).status).toBe(200);
    expect(await mailTo(email)).toEqual([]);
  });
});

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

  it('asks an account with a password for it before sending a code, counting wrong ones as failed logins', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    const email = freshEmail();
    expectFailure(await sendCode(token, email, { currentPassword: null }), 400, ERROR_CODES.badRequest, 'passwordRequired');
    const ip = unique().ip;
    expectFailure(await sendCode(token, email, { currentPassword: 'Not-my-password-1', ip }), 401, ERROR_CODES.invalidCredentials, 'currentPasswordWrong');
    expect(await mailTo(email)).toEqual([]);
    // The session survives a wrong password (4011, not -600), and the right one sends the code.
    expect((await sendCode(token, email, { ip })).status).toBe(200);
    expect(await mailTo(email)).toHaveLength(1);
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
    expect(okData('bindEmail', await bind(token, email, await lastCodeTo(email)))).toEqual({ email });
  });

  it('tells the address it replaces, in the request language, naming the account and hiding most of the new address', async () => {
    const first = freshEmail();
    const account = await createAccount(harness, { email: first });
    const token = await loginToken(harness, account.account);
    const second = freshEmail();
    await sendCode(token, second);
    expect((await bind(token, second, await lastCodeTo(second), 'de')).status).toBe(200);
    const [notice, ...more] = await mailTo(first);
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
    await bind(freshToken, third, await lastCodeTo(third));
    expect((await mailTo(third)).map((message) => message.subject)).toEqual(['Your e-mail verification code']);
  });

  it('binds the address the code was sent to', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    const email = freshEmail();
    expect(okData('sendVerifyCode', await sendCode(token, email, { lang: 'ja' }))).toEqual({
      resendAfterSeconds: ACCOUNT_RULES.codeResendSeconds,
    });
    const [message] = await mailTo(email);
    expect(message?.subject).toBe('メールアドレス確認用の認証コード');
    const code = codeIn(message?.text ?? '');
    expect(okData('bindEmail', await bind(token, email, code))).toEqual({ email });
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token })).email).toBe(email);
    // Single use.
    expect((await bind(token, email, code)).body).toEqual(CODE_REJECTED);
    // The bound address now receives password resets.
    afterCoolDown();
    await forgot(email, { ip: unique().ip });
    expect((await mailTo(email)).at(-1)?.subject).toBe('Your password reset code');
  });

  it('refuses a wrong code and a code sent to another address', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    const email = freshEmail();
    await sendCode(token, email);
    const code = await lastCodeTo(email);
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
    const code = await lastCodeTo(email);
    expect((await bind(otherToken, email, code)).body).toEqual(CODE_REJECTED);
    expect((await bind(ownerToken, email, code)).status).toBe(200);
  });

  it('answers 4090 emailTaken when another account has the address', async () => {
    const email = freshEmail();
    await createAccount(harness, { email });
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    expect((await sendCode(token, email.toUpperCase())).status).toBe(200);
    const code = await lastCodeTo(email.toUpperCase());
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
    afterCoolDown();
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
    const first = freshEmail();
    const account = await createAccount(harness, { email: first });
    const token = await loginToken(harness, account.account);
    const second = freshEmail();
    await sendCode(token, second);
    expect((await bind(token, second, await lastCodeTo(second))).status).toBe(200);
    expect(okData('usersInfo', await call(harness, 'usersInfo', { token })).email).toBe(second);
    const { rows } = await harness.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM account_events WHERE account_id = $1 AND kind = 'email_bound'",
      [account.id],
    );
    expect(rows[0]?.count).toBe(1);
  });
});
