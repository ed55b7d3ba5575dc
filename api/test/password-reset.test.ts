import { ACCOUNT_RULES, ERROR_CODES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { call, expectFailure, okData, SESSION_INVALID } from './api-calls.js';
import { codeIn, createTestApp, harnessForFile, type OutboxMessage } from './helpers.js';
import { createAccount, login, loginToken, PASSWORD, unique } from './identity-helpers.js';
import { afterCoolDown, CODE_REJECTED, forgot, freshEmail, lastCodeTo, mailTo } from './codes-helpers.js';

const harness = harnessForFile(createTestApp);

const NEW_PASSWORD = 'Fresh-start-42';

function reset(email: string, code: string, newPassword = NEW_PASSWORD, ip?: string) {
  return call(harness, 'resetPassword', { body: { email, code, newPassword }, ...(ip ? { ip } : {}) });
}

describe('forgot and reset password', () => {
  it('mails a code that sets a new password, ends every session and lets the player log in again', async () => {
    const email = freshEmail();
    const account = await createAccount(harness, { email });
    const sessions = [await loginToken(harness, account.account), await loginToken(harness, account.account)];

    const answer = await forgot(harness, email.toUpperCase(), { ip: unique().ip });
    expect(okData('forgotPassword', answer)).toEqual({ resendAfterSeconds: ACCOUNT_RULES.codeResendSeconds });
    const messages = await mailTo(harness, email);
    expect(messages).toHaveLength(1);
    const message = messages[0] as OutboxMessage;
    expect(message.subject).toBe('Your password reset code');
    expect(message.from).toMatch(/^"?Test Sender"? <no-reply@test\.example>$/);
    expect(message.html).toBe(false);
    expect(message.text).toContain(`valid for ${ACCOUNT_RULES.codeTtlMinutes} minutes`);
    const code = codeIn(message.text);
    expect(code).toMatch(/^\d{6}$/);

    // The code is stored hashed only.
    const { rows } = await harness.db.query<Record<string, unknown>>('SELECT * FROM verification_codes WHERE account_id = $1', [
      account.id,
    ]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);

    expect(okData('resetPassword', await reset(email, code))).toBeNull();
    for (const token of sessions) expect((await call(harness, 'usersInfo', { token })).body).toEqual(SESSION_INVALID);
    expect((await login(harness, account.account, PASSWORD)).status).toBe(401);
    expect(okData('loginPassword', await login(harness, account.account, NEW_PASSWORD)).account).toBe(account.account);
    // The address is told that the password changed (ASVS 2.5.5).
    const notice = (await mailTo(harness, email)).at(-1);
    expect(notice?.subject).toBe('The password of your account was changed');
    expect(notice?.text).toContain(account.account);
  });

  it('answers an unknown address exactly like a known one, and mails nothing', async () => {
    const known = freshEmail();
    await createAccount(harness, { email: known });
    const unknownAddress = freshEmail();
    const knownAnswer = await forgot(harness, known, { ip: unique().ip });
    const unknownAnswer = await forgot(harness, unknownAddress, { ip: unique().ip });
    expect(unknownAnswer.status).toBe(knownAnswer.status);
    expect(unknownAnswer.body).toEqual(knownAnswer.body);
    expect(await mailTo(harness, unknownAddress)).toEqual([]);
    expect(await mailTo(harness, known)).toHaveLength(1);
  });

  it('writes the mail in the language of spec_lang, English otherwise', async () => {
    const email = freshEmail();
    await createAccount(harness, { email });
    for (const lang of ['de', 'ko', undefined]) {
      await forgot(harness, email, { ip: unique().ip, ...(lang ? { lang } : {}) });
      // Each mail is written after its answer; wait for it so the outbox order is the asking order.
      await harness.app.background.idle();
      afterCoolDown(harness);
    }
    const subjects = (await mailTo(harness, email)).map((message) => message.subject);
    expect(subjects).toEqual(['Ihr Code zum Zurücksetzen des Passworts', '비밀번호 재설정 인증 코드', 'Your password reset code']);
  });

  it('refuses one of the most used passwords without using the code up', async () => {
    const email = freshEmail();
    await createAccount(harness, { email });
    await forgot(harness, email, { ip: unique().ip });
    const code = await lastCodeTo(harness, email);
    expectFailure(await reset(email, code, 'sunshine1', unique().ip), 400, ERROR_CODES.badRequest, 'passwordTooCommon');
    expect((await reset(email, code, NEW_PASSWORD, unique().ip)).status).toBe(200);
  });

  it('takes the code typed with Arabic-Indic digits, as an Arabic keyboard types it (QA34 finding 3)', async () => {
    const email = freshEmail();
    const account = await createAccount(harness, { email });
    await forgot(harness, email, { ip: unique().ip });
    const code = await lastCodeTo(harness, email);
    const arabic = code.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    expect(okData('resetPassword', await reset(email, arabic, NEW_PASSWORD, unique().ip))).toBeNull();
    expect(okData('loginPassword', await login(harness, account.account, NEW_PASSWORD)).account).toBe(account.account);
  });

  it('refuses a new password of only spaces without using the code up (QA34 finding 2)', async () => {
    const email = freshEmail();
    const account = await createAccount(harness, { email });
    await forgot(harness, email, { ip: unique().ip });
    const code = await lastCodeTo(harness, email);
    for (const blank of [' '.repeat(8), '\u3164'.repeat(10)]) {
      expectFailure(
        await reset(email, code, blank, unique().ip),
        400,
        ERROR_CODES.badRequest,
        'Invalid body field "newPassword": passwordBlank',
      );
    }
    expect((await login(harness, account.account, PASSWORD)).status).toBe(200);
    expect((await reset(email, code, NEW_PASSWORD, unique().ip)).status).toBe(200);
  });

  it('refuses a wrong code, a code for another address and a code after it expired', async () => {
    const email = freshEmail();
    const account = await createAccount(harness, { email });
    await forgot(harness, email, { ip: unique().ip });
    const code = await lastCodeTo(harness, email);
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
    await forgot(harness, email, { ip: unique().ip });
    const code = await lastCodeTo(harness, email);
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
    await forgot(harness, email, { ip: unique().ip });
    const code = await lastCodeTo(harness, email);
    expect((await reset(email, code)).status).toBe(200);
    expect((await reset(email, code, 'Yet-another-pass-3')).body).toEqual(CODE_REJECTED);
  });

  it('invalidates the previous code when a new one is sent', async () => {
    const email = freshEmail();
    await createAccount(harness, { email });
    await forgot(harness, email, { ip: unique().ip });
    const first = await lastCodeTo(harness, email);
    afterCoolDown(harness);
    await forgot(harness, email, { ip: unique().ip });
    const second = await lastCodeTo(harness, email);
    if (first !== second) expect((await reset(email, first)).body).toEqual(CODE_REJECTED);
    expect((await reset(email, second)).status).toBe(200);
  });

  it('lets parallel tries of one code win at most once', async () => {
    const email = freshEmail();
    await createAccount(harness, { email });
    await forgot(harness, email, { ip: unique().ip });
    const code = await lastCodeTo(harness, email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => reset(email, code, NEW_PASSWORD, unique().ip)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  });

  it('holds a resend cool-down per address, known or not, with the seconds left in Retry-After', async () => {
    const known = freshEmail();
    await createAccount(harness, { email: known });
    const unknownAddress = freshEmail();
    for (const email of [known, unknownAddress]) {
      expect((await forgot(harness, email, { ip: unique().ip })).status).toBe(200);
      harness.clock.advance({ seconds: 20 });
      const early = await forgot(harness, email, { ip: unique().ip });
      expectFailure(early, 429, ERROR_CODES.tooManyRequests, 'resendTooSoon');
      expect(early.headers['retry-after']).toBe(String(ACCOUNT_RULES.codeResendSeconds - 20));
      harness.clock.advance({ seconds: ACCOUNT_RULES.codeResendSeconds - 20 });
      expect((await forgot(harness, email, { ip: unique().ip })).status).toBe(200);
    }
    expect(await mailTo(harness, known)).toHaveLength(2);
  });

  it('sends at most 5 codes an hour to one address and 20 an hour from one client', async () => {
    const email = freshEmail();
    await createAccount(harness, { email });
    for (let send = 0; send < 5; send += 1) {
      expect((await forgot(harness, email, { ip: unique().ip })).status).toBe(200);
      afterCoolDown(harness);
    }
    expectFailure(await forgot(harness, email, { ip: unique().ip }), 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
    harness.clock.advance({ hours: 1 });
    expect((await forgot(harness, email, { ip: unique().ip })).status).toBe(200);

    const ip = unique().ip;
    for (let send = 0; send < 20; send += 1) expect((await forgot(harness, freshEmail(), { ip })).status).toBe(200);
    expectFailure(await forgot(harness, freshEmail(), { ip }), 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
  });

  it('throttles wrong codes per client address', async () => {
    const ip = unique().ip;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await reset(freshEmail(), '123456', NEW_PASSWORD, ip)).status).toBe(401);
    }
    expectFailure(await reset(freshEmail(), '123456', NEW_PASSWORD, ip), 429, ERROR_CODES.tooManyRequests, 'tooManyAttempts');
  });

  it('sends nothing to a social account and validates its input', async () => {
    expectFailure(await forgot(harness, 'not-an-address'), 400, ERROR_CODES.badRequest, 'Invalid body field "email": emailInvalid');
    expectFailure(await reset(freshEmail(), '12345'), 400, ERROR_CODES.badRequest, 'Invalid body field "code": codeInvalid');
    expectFailure(await reset(freshEmail(), 'abcdef'), 400, ERROR_CODES.badRequest, 'Invalid body field "code": codeInvalid');
    expectFailure(
      await reset(freshEmail(), '123456', 'weak'),
      400,
      ERROR_CODES.badRequest,
      /^Invalid body field "newPassword": passwordTooShort(;|$)/,
    );
    const email = freshEmail();
    await harness.db.query(
      `INSERT INTO accounts (account, type, email, created_at, updated_at) VALUES ($1, 'THIRD_PARTY', $2, now(), now())`,
      [unique('social').name, email],
    );
    expect((await forgot(harness, email, { ip: unique().ip })).status).toBe(200);
    expect(await mailTo(harness, email)).toEqual([]);
  });
});
