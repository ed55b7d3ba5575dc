import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LANGUAGES, type Language } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callLanguage } from '../src/http/call-language.js';
import { API_LOCALES_DIR } from '../src/locale-texts.js';
import { interpolate, loadMailTexts, renderMail } from '../src/mail/templates.js';
import { outboxMailer } from '../src/mail/transport.js';
import { readOutbox } from './helpers.js';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('mail texts', () => {
  it('exist for exactly the 16 languages, with the same keys and placeholders as English', () => {
    expect(readdirSync(API_LOCALES_DIR).sort()).toEqual([...LANGUAGES].sort());
    const texts = loadMailTexts();
    const english = texts.get('en');
    if (!english) throw new Error('no English');
    for (const language of LANGUAGES) {
      const current = texts.get(language);
      expect(current, language).toBeDefined();
      if (!current) continue;
      const expected = {
        resetPassword: ['code', 'minutes'],
        bindEmail: ['code', 'minutes'],
        emailChanged: ['account', 'email'],
        passwordChanged: ['account'],
      };
      for (const template of ['resetPassword', 'bindEmail', 'emailChanged', 'passwordChanged'] as const) {
        expect(placeholders(current[template].body), `${language} ${template}`).toEqual(expected[template]);
        expect(placeholders(current[template].subject), `${language} ${template} subject`).toEqual([]);
        if (language !== 'en') expect(current[template].body, `${language} ${template} is translated`).not.toBe(english[template].body);
      }
      expect(placeholders(current.footer)).toEqual([]);
    }
  });

  it('render a subject and a plain-text body with the code and the lifetime', () => {
    const mail = renderMail('resetPassword', 'ar', { code: '048213', minutes: 10 });
    expect(mail.subject).toBe('رمز إعادة تعيين كلمة المرور');
    expect(mail.text).toContain('048213');
    expect(mail.text).toContain('10');
    expect(mail.text).not.toContain('{{');
  });

  it('fall back to English for a call that names no language, and for a language without mail texts', () => {
    expect(renderMail('bindEmail', callLanguage({}), { code: '111111', minutes: 10 }).subject).toBe('Your e-mail verification code');
    expect(renderMail('bindEmail', 'xx' as Language, { code: '111111', minutes: 10 }).subject).toBe('Your e-mail verification code');
  });

  it('refuse a placeholder without a value instead of sending it', () => {
    expect(() => interpolate('Code {{code}} for {{account}}', { code: '1' })).toThrow(/account/);
  });
});

describe('outbox transport', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'api-outbox-test-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes one .eml file per message, in sending order, plain text only', async () => {
    const mailer = outboxMailer(path.join(dir, 'created-on-demand'), 'Player Support <no-reply@publisher.example>');
    for (const language of ['th', 'zh-TW', 'ru'] as const) {
      await mailer.send({ to: 'reader@example.com', ...renderMail('bindEmail', language, { code: '246810', minutes: 10 }) });
    }
    // Markup in a text stays text: there is no HTML part to interpret it.
    await mailer.send({ to: 'reader@example.com', subject: 'Injected\r\nBcc: victim@example.com', text: '<b>bold</b>' });
    await mailer.close();
    const messages = await readOutbox(path.join(dir, 'created-on-demand'));
    expect(messages.map((message) => message.subject)).toEqual([
      'รหัสยืนยันอีเมลของคุณ',
      '電子郵件驗證碼',
      'Код подтверждения адреса электронной почты',
      'Injected Bcc: victim@example.com',
    ]);
    for (const message of messages) {
      expect(message.html).toBe(false);
      expect(message.to).toBe('reader@example.com');
      expect(message.raw).not.toMatch(/^Bcc:/im);
    }
    expect(messages[0]?.text).toContain('246810');
    expect(messages[3]?.text.trim()).toBe('<b>bold</b>');
    expect(messages[3]?.raw).toMatch(/Content-Type: text\/plain/);
  });
});
