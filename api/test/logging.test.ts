import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loggerOptions, redactUrl } from '../src/http/logging.js';
import { call, okData } from './api-calls.js';
import { capturedLog, codeIn, createTestApp, harnessForFile, openUnseededDatabase, readOutbox } from './helpers.js';
import { PASSWORD, createAccount, login, loginToken } from './identity-helpers.js';

const database = harnessForFile(openUnseededDatabase);

describe('logs', () => {
  it('redact oauth_token values in URLs', () => {
    expect(redactUrl('/website/login/auth?oauth_token=abc123&spec_lang=en')).toBe(
      '/website/login/auth?oauth_token=[REDACTED]&spec_lang=en',
    );
    expect(redactUrl('/x?spec_lang=en&OAUTH_TOKEN=abc')).toBe('/x?spec_lang=en&OAUTH_TOKEN=[REDACTED]');
    expect(redactUrl('/games/all?spec_lang=en')).toBe('/games/all?spec_lang=en');
  });

  it('never contain the Authorization header or the oauth_token of a request', async () => {
    const log = capturedLog();
    const app = await buildApp({ db: database.db, logger: loggerOptions('trace', log.stream) });
    try {
      await app.inject({
        url: '/games/precheck?oauth_token=very-secret-token&domain_area=kr',
        headers: { authorization: 'Bearer bearer-secret-value', cookie: 'session=cookie-secret' },
      });
      await app.inject({
        url: '/health?oauth_token=very-secret-token',
        headers: { authorization: 'Bearer bearer-secret-value' },
      });
    } finally {
      await app.close();
    }
    const output = log.text();
    expect(output).toContain('/games/precheck?oauth_token=[REDACTED]');
    expect(output).toContain('request rejected');
    expect(output).not.toContain('very-secret-token');
    expect(output).not.toContain('bearer-secret-value');
    expect(output).not.toContain('cookie-secret');
  });
});

describe('logs of identity calls', () => {
  it('never contain a password, a session token or a verification code', async () => {
    const log = capturedLog();
    const harness = await createTestApp({ logger: loggerOptions('trace', log.stream) });
    const secrets: string[] = [];
    try {
      const email = 'logged-player@example.com';
      const account = await createAccount(harness, { email });
      secrets.push(PASSWORD);
      const token = await loginToken(harness, account.account);
      secrets.push(token);
      expect((await call(harness, 'usersInfo', { token, query: '?platform=web' })).status).toBe(200);
      expect((await call(harness, 'loginAuth', { query: `?oauth_token=${token}` })).status).toBe(200);
      const wrongPassword = 'Wrong-secret-pass-1';
      secrets.push(wrongPassword);
      expect((await login(harness, account.account, wrongPassword)).status).toBe(401);
      // A validation failure of a secret field names the field, not the value.
      const tooLong = `Secret-${'z'.repeat(130)}`;
      secrets.push(tooLong);
      expect((await call(harness, 'loginPassword', { body: { account: account.account, password: tooLong } })).status).toBe(400);

      const changed = 'Changed-secret-2';
      secrets.push(changed);
      const renewed = okData(
        'changePassword',
        await call(harness, 'changePassword', { token, body: { oldPassword: PASSWORD, newPassword: changed } }),
      );
      secrets.push(renewed.token);

      await call(harness, 'forgotPassword', { body: { email } });
      await harness.app.background.idle();
      const mail = (await readOutbox(harness.outbox)).find((message) => message.subject === 'Your password reset code');
      const code = codeIn(mail?.text ?? '');
      secrets.push(code);
      const reset = 'Reset-secret-3';
      secrets.push(reset);
      expect((await call(harness, 'resetPassword', { body: { email, code, newPassword: reset } })).status).toBe(200);

      const last = await loginToken(harness, account.account, reset);
      secrets.push(last);
      expect((await call(harness, 'logout', { token: last, body: {} })).status).toBe(200);
      expect((await call(harness, 'usersInfo', { token: last })).status).toBe(401);

      // Should code ever log a body or a login answer, the redaction still holds.
      harness.app.log.info({ body: { password: 'redact-me-1', code: '424242' }, result: { token: 'redact-me-2' } }, 'mistake');
    } finally {
      await harness.cleanup();
    }
    const output = log.text();
    expect(output).toContain('request refused');
    expect(output).toContain('invalidCredentials');
    for (const secret of [...secrets, 'redact-me-1', 'redact-me-2', '424242']) {
      expect(output, `a secret of ${secret.length} characters is in the logs`).not.toContain(secret);
    }
    expect(output).toContain('oauth_token=[REDACTED]');
    expect(output).toMatch(
      /"body":\{"password":"\[REDACTED\]","code":"\[REDACTED\]"\},"result":\{"token":"\[REDACTED\]"\},"msg":"mistake"/,
    );
  });
});
