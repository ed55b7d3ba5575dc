import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** A plain-text message: no HTML part exists, so nothing in it can be interpreted as markup. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for logs: never credentials. */
  readonly description: string;
  close(): Promise<void>;
}

/** SMTP time limits: a dead mail server fails a send within seconds instead of holding a request for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

function envelope(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    // Nothing we send reads files or URLs; refuse it outright should a message ever carry attachments.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/**
 * The default transport: every message becomes an RFC 5322 `.eml` file in `dir` (open it in any mail program, or
 * read the code in a test). Written under a temporary name and renamed, so a reader never sees half a file.
 */
export function outboxMailer(dir: string, from: string): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let ready: Promise<unknown> | undefined;
  // Names sort in sending order, also for messages written within one millisecond.
  let sequence = 0;
  return {
    description: `outbox folder ${dir}`,
    async send(message) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const info = await composer.sendMail(envelope(from, message));
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error('mail composer returned no message');
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      sequence += 1;
      const name = `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`;
      const temporary = path.join(dir, `.${name}.tmp`);
      await writeFile(temporary, raw, { mode: 0o600 });
      await rename(temporary, path.join(dir, name));
    },
    async close() {
      composer.close();
    },
  };
}

/** Production transport: SMTP through `url` (`smtp://user:pass@host:587`, `smtps://host:465`). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    description: `SMTP ${describeSmtpUrl(url)}`,
    async send(message) {
      await transport.sendMail(envelope(from, message));
    },
    async close() {
      transport.close();
    },
  };
}

/** `smtp://host:port` without user or password. */
export function describeSmtpUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`;
  } catch {
    return 'server';
  }
}

export interface MailConfig {
  outboxDir: string;
  smtpUrl: string | null;
  from: string;
}

export function createMailer(config: MailConfig): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.from) : outboxMailer(config.outboxDir, config.from);
}
