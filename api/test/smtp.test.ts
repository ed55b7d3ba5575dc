import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { ACCOUNT_RULES, ERROR_CODES } from 'shared-contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeSmtpUrl, smtpMailer } from '../src/mail/transport.js';
import { buildApp } from '../src/app.js';
import { call, expectFailure, okData } from './api-calls.js';
import { TEST_PASSWORD_HASHING, codeIn, createTestApp, type TestApp } from './helpers.js';
import { PASSWORD, createAccount, loginToken } from './identity-helpers.js';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** A real SMTP server on a random port that keeps what it receives, requiring a login. */
async function startSmtpServer(): Promise<{ server: SMTPServer; port: number; inbox: Received[] }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { server, port, inbox };
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let harness: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  harness = await createTestApp({
    mailer: smtpMailer(`smtp://mailer:s3cret@127.0.0.1:${smtp.port}`, 'Player Support <no-reply@publisher.example>'),
  });
});

afterAll(async () => {
  await harness?.cleanup();
  await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
});

async function waitForMail(to: string, count: number): Promise<Received> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const messages = smtp.inbox.filter((message) => message.to.includes(to));
    if (messages.length >= count) return messages[count - 1] as Received;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no mail reached ${to}`);
}

describe('SMTP transport', () => {
  it('delivers the verification code through a real SMTP server, which then binds the address', async () => {
    const account = await createAccount(harness);
    const token = await loginToken(harness, account.account);
    const email = 'smtp-player@example.com';
    okData(
      'sendVerifyCode',
      await call(harness, 'sendVerifyCode', { token, body: { email, currentPassword: PASSWORD }, query: '?spec_lang=fr' }),
    );
    const received = await waitForMail(email, 1);
    expect(received.from).toBe('no-reply@publisher.example');
    expect(received.user).toBe('mailer');
    const parsed = await simpleParser(received.raw);
    expect(parsed.subject).toBe('Votre code de vérification d’adresse e-mail');
    expect(parsed.html).toBe(false);
    expect(parsed.from?.text).toMatch(/Player Support/);
    const code = codeIn(parsed.text ?? '');
    expect(okData('bindEmail', await call(harness, 'bindEmail', { token, body: { email, code } }))).toEqual({ email });
  });

  it('delivers password reset codes after answering', async () => {
    const email = 'smtp-reset@example.com';
    await createAccount(harness, { email });
    expect(okData('forgotPassword', await call(harness, 'forgotPassword', { body: { email } }))).toEqual({
      resendAfterSeconds: ACCOUNT_RULES.codeResendSeconds,
    });
    await harness.app.background.idle();
    const parsed = await simpleParser((await waitForMail(email, 1)).raw);
    expect(parsed.subject).toBe('Your password reset code');
    const code = codeIn(parsed.text ?? '');
    expect((await call(harness, 'resetPassword', { body: { email, code, newPassword: 'Over-smtp-77' } })).status).toBe(200);
  });

  it('reports a send that failed, without holding the resend cool-down', async () => {
    const mailer = smtpMailer(`smtp://mailer:wrong@127.0.0.1:${smtp.port}`, 'no-reply@publisher.example');
    const app = await buildApp({ db: harness.db, now: harness.clock.now, passwordHashing: TEST_PASSWORD_HASHING, mailer });
    const broken: TestApp = { ...harness, app };
    try {
      const account = await createAccount(broken);
      const token = await loginToken(broken, account.account);
      for (let attempt = 0; attempt < 2; attempt += 1) {
        expectFailure(
          await call(broken, 'sendVerifyCode', { token, body: { email: 'never@example.com', currentPassword: PASSWORD } }),
          500,
          ERROR_CODES.serverError,
          'Internal server error',
        );
      }
      // A reset mail fails after the answer: the player sees the same answer as always.
      expect((await call(broken, 'forgotPassword', { body: { email: 'never@example.com' } })).status).toBe(200);
      await app.background.idle();
    } finally {
      await app.close();
      await mailer.close();
    }
    expect(smtp.inbox.some((message) => message.to.includes('never@example.com'))).toBe(false);
  });

  it('is described without its credentials', () => {
    expect(describeSmtpUrl('smtp://mailer:s3cret@mail.example:2525')).toBe('smtp://mail.example:2525');
    expect(smtpMailer('smtps://u:p@mail.example', 'a@b.example').description).toBe('SMTP smtps://mail.example');
  });
});
