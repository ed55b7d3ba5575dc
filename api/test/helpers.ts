import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { simpleParser } from 'mailparser';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import { DiskFileStore } from '../src/files/store.js';
import { PasswordHasher, type PasswordHashing } from '../src/identity/passwords.js';
import { outboxMailer } from '../src/mail/transport.js';
import { afterAll, beforeAll } from 'vitest';
import { openMigratedTestDatabase, type TestDatabase } from './test-databases.js';

/**
 * argon2id at its cheapest (256 KiB, one pass) so the suite stays fast; production uses OWASP's parameters, which
 * `passwords.test.ts` checks separately.
 */
export const TEST_PASSWORD_HASHING: PasswordHashing = { memoryCost: 256, timeCost: 1, parallelism: 1 };
export const testHasher = new PasswordHasher(TEST_PASSWORD_HASHING);

/** A clock tests move by hand: sessions, codes and throttling read it instead of the system time. */
export class TestClock {
  private current: number;
  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }
  readonly now = (): Date => new Date(this.current);
  advance({ days = 0, hours = 0, minutes = 0, seconds = 0 }: { days?: number; hours?: number; minutes?: number; seconds?: number }): void {
    this.current += (((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000;
  }
}

export interface OutboxMessage {
  file: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | false;
  raw: string;
}

/** The `.eml` files of an outbox folder, oldest first, parsed by a real MIME parser. */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const messages: OutboxMessage[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(dir, file), 'utf8');
    const parsed = await simpleParser(raw);
    const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
    messages.push({
      file,
      to: to ?? '',
      from: parsed.from?.text ?? '',
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: parsed.html ?? false,
      raw,
    });
  }
  return messages;
}

/** The six-digit code in a message's text. */
export function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No code in: ${text}`);
  return code;
}

export { DATABASE_KIND, POSTGRES_URL, openTestDatabase, openUnseededDatabase, uniqueSchema, type TestDatabase } from './test-databases.js';

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  /** The app's clock. */
  clock: TestClock;
  /** A temporary outbox folder the app's mail goes to (unless `mailer` was given), removed by cleanup. */
  outbox: string;
  /** A temporary folder uploads are kept in (unless `fileStore` was given), removed by cleanup. */
  filesDir: string;
}

/**
 * A migrated database loaded with the real `api/seed/games.json`, and the app over it: cheap password hashing,
 * a hand-moved clock, mail into a temporary outbox folder, uploads into a temporary files folder.
 */
export async function createTestApp(options: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  const { db, cleanup } = await openMigratedTestDatabase();
  const outbox = await mkdtemp(path.join(tmpdir(), 'api-outbox-'));
  const filesDir = await mkdtemp(path.join(tmpdir(), 'api-files-'));
  const clock = new TestClock();
  const mailer = options.mailer ?? outboxMailer(outbox, 'Test Sender <no-reply@test.example>');
  const removeAll = async () => {
    await mailer.close();
    await cleanup();
    await rm(outbox, { recursive: true, force: true });
    await rm(filesDir, { recursive: true, force: true });
  };
  try {
    const app = await buildApp({
      db,
      passwordHashing: TEST_PASSWORD_HASHING,
      now: clock.now,
      mailer,
      fileStore: new DiskFileStore(filesDir),
      ...options,
    });
    return {
      app,
      db,
      clock,
      outbox,
      filesDir,
      cleanup: async () => {
        await app.close();
        await removeAll();
      },
    };
  } catch (error) {
    await removeAll();
    throw error;
  }
}

export interface JsonAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: unknown;
}

/** `inject` and parse the answer as JSON (every API answer is JSON; a parse failure fails the test). */
export async function injectJson(app: FastifyInstance, options: InjectOptions | string): Promise<JsonAnswer> {
  const response = await app.inject(options);
  let body: unknown;
  try {
    body = response.json();
  } catch {
    throw new Error(`Answer is not JSON (status ${response.statusCode}): ${response.body.slice(0, 200)}`);
  }
  return { status: response.statusCode, headers: response.headers, body };
}

/**
 * A harness shared by every test in one file: opened before the file's first test, cleaned up after its last. The
 * value returned stands for the harness, so the file's own helpers can take it like the harness itself; reading it
 * before `beforeAll` has run (at the top level of the file) throws instead of handing out `undefined`. `openTimeout`
 * (ms) replaces the runner's hook timeout for the opening, for a file whose harness takes longer to open.
 */
export function harnessForFile<T extends { cleanup: () => Promise<void> }>(open: () => Promise<T>, openTimeout?: number): T {
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
  }, openTimeout);
  afterAll(async () => {
    await opened?.cleanup();
  });
  const current = (): T => {
    if (!opened) throw new Error('The harness opens in beforeAll: use it inside a test or a hook.');
    return opened;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(current(), key),
    set: (_target, key, value) => Reflect.set(current(), key, value),
    has: (_target, key) => Reflect.has(current(), key),
  });
}

/** Output streams for an operator command (create-account, agent-totp) and what it has written to each so far. */
export function commandOutput(): { stdout: PassThrough; stderr: PassThrough; written: () => { out: string; err: string } } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { stdout, stderr, written: () => ({ out, err }) };
}

/** A stream to hand the app's logger (`loggerOptions(level, stream)`), and all that was written to it so far. */
export function capturedLog(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}
