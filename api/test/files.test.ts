import { createHash, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { ERROR_CODES, INPUT_BOUNDS, LIMITS, type Attachment } from 'shared-contracts';
import { ENDPOINTS, attachmentSchema, envelopeSchema } from 'shared-contracts/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { ABANDONED_SPOOL_MS, removeAbandonedSpoolFiles, removeExpiredUploads } from '../src/files/cleanup.js';
import { cleanFileName } from '../src/files/file-names.js';
import { DiskFileStore } from '../src/files/store.js';
import { attachmentDisposition } from '../src/http/endpoint-routes.js';
import { outboxMailer } from '../src/mail/transport.js';
import {
  avi,
  cfb,
  docm,
  docx,
  exe,
  gif,
  heldTextUpload,
  jpeg,
  mp4,
  multipart,
  ogg,
  pdf,
  png,
  streamedTextUpload,
  webm,
  xlsx,
  zip,
  type MultipartRequest,
} from './files-fixtures.js';
import { createTestApp, injectJson, type JsonAnswer, type TestApp } from './helpers.js';
import { bearer, call, createAccount, expectFailure, loginToken, okData, unique } from './identity-helpers.js';

let harness: TestApp;
let agent: Account;

interface Account {
  id: number;
  name: string;
  token: string;
}

const ONE_FILE_ONLY = 'Send exactly one file, in the multipart field "file", and nothing else';

beforeAll(async () => {
  // The periodic cleanup is driven by hand here, with the test clock.
  harness = await createTestApp({ uploadCleanupIntervalMs: false });
  agent = await newAccount('agent');
});

afterAll(async () => {
  await harness?.cleanup();
});

/** A fresh account per test, so each starts with no pending uploads. */
async function newAccount(role: 'player' | 'agent' = 'player'): Promise<Account> {
  const created = await createAccount(harness, { role });
  return { id: Number(created.id), name: created.account, token: await loginToken(harness, created.account, undefined, unique().ip) };
}

function post(token: string | undefined, body: MultipartRequest): Promise<JsonAnswer> {
  return injectJson(harness.app, {
    method: 'POST',
    url: '/files',
    headers: { ...(token ? bearer(token) : {}), 'content-type': body.contentType },
    payload: body.payload,
  });
}

function uploadAs(account: Account, fileName: string, content: Buffer | string): Promise<JsonAnswer> {
  return post(account.token, multipart([{ field: 'file', fileName, content }]));
}

function uploaded(answer: JsonAnswer): Attachment {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return envelopeSchema(attachmentSchema).parse(answer.body).data;
}

function download(fileId: string, token?: string): Promise<LightMyRequestResponse> {
  return harness.app.inject({ url: `/files/download?fileId=${fileId}`, headers: token ? bearer(token) : {} });
}

function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Every file under the store's folder, the spool folder included: refused uploads must leave nothing. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(harness.filesDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function rowsOf(account: Account): Promise<number> {
  const { rows } = await harness.db.query<{ count: number }>('SELECT count(*)::int AS count FROM files WHERE owner_account_id = $1', [account.id]);
  return rows[0]?.count ?? -1;
}

let categoryReady: Promise<unknown> | undefined;

/** Attaches a file to a new platform ticket of `owner`, as the tickets code does when a question is sent. */
async function attachToTicket(fileId: string, owner: Account): Promise<number> {
  categoryReady ??= harness.db.query('INSERT INTO inquiry_categories (id) VALUES (900) ON CONFLICT DO NOTHING');
  await categoryReady;
  const now = harness.clock.now();
  const { rows } = await harness.db.query<{ id: number }>(
    `INSERT INTO tickets (account_id, request_id, ticket_type, game_id, category_id, title, content, contact_kind, contact, lang, status,
                          created_at, updated_at, waiting_since)
     VALUES ($1, $2, '0', 1, 900, 'Attachments', 'Please look at the attached file.', 'email', 'player@example.com', 'en', 'processing',
             $3, $3, $3)
     RETURNING id`,
    [owner.id, randomUUID(), now],
  );
  const ticketId = Number(rows[0]?.id);
  await harness.db.query('UPDATE files SET ticket_id = $1, attached_at = $2 WHERE id = $3', [ticketId, now, fileId]);
  return ticketId;
}

const ACCEPTED: { name: string; bytes: () => Buffer; kind: Attachment['kind']; contentType: string }[] = [
  { name: 'screenshot.png', bytes: png, kind: 'image', contentType: 'image/png' },
  { name: 'animation.gif', bytes: gif, kind: 'image', contentType: 'image/gif' },
  { name: 'photo.jpg', bytes: jpeg, kind: 'image', contentType: 'image/jpeg' },
  { name: 'photo.jpeg', bytes: jpeg, kind: 'image', contentType: 'image/jpeg' },
  { name: 'capture.mp4', bytes: mp4, kind: 'video', contentType: 'video/mp4' },
  { name: 'capture.webm', bytes: webm, kind: 'video', contentType: 'video/webm' },
  { name: 'capture.ogg', bytes: ogg, kind: 'video', contentType: 'video/ogg' },
  { name: 'capture.avi', bytes: avi, kind: 'video', contentType: 'video/vnd.avi' },
  { name: 'logs.zip', bytes: () => zip({ 'client.log': 'connection lost at 12:03' }), kind: 'other', contentType: 'application/zip' },
  { name: 'notes.txt', bytes: () => Buffer.from('Lost my ship near Orion — 12:03, ✓ ünïcode\n'), kind: 'other', contentType: 'text/plain; charset=utf-8' },
  { name: 'old-report.doc', bytes: cfb, kind: 'other', contentType: 'application/x-cfb' },
  { name: 'report.docx', bytes: docx, kind: 'other', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  { name: 'receipt.pdf', bytes: pdf, kind: 'other', contentType: 'application/pdf' },
  { name: 'payments.xlsx', bytes: xlsx, kind: 'other', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
];

describe('POST /files', () => {
  it.each(ACCEPTED)('keeps a real $name as $contentType and gives back the same bytes', async ({ name, bytes, kind, contentType }) => {
    const owner = await newAccount();
    const content = bytes();
    const attachment = uploaded(await uploadAs(owner, name, content));
    expect(attachment).toEqual({ fileId: expect.stringMatching(/^[0-9a-f-]{36}$/), name, size: content.length, kind, contentType });

    const { rows } = await harness.db.query<Record<string, unknown>>(
      'SELECT owner_account_id, ticket_id, kind, content_type, size, sha256, storage_key, name FROM files WHERE id = $1',
      [attachment.fileId],
    );
    expect(rows).toHaveLength(1);
    const row = rows[0] ?? {};
    expect(Number(row.owner_account_id)).toBe(owner.id);
    expect(row).toMatchObject({ ticket_id: null, kind, content_type: contentType, size: content.length, sha256: sha256(content), name });
    // The key is random: nothing of the name (or its extension) ends up in storage.
    expect(row.storage_key).toMatch(/^[0-9a-f]{32}$/);

    const answer = await download(attachment.fileId, owner.token);
    expect(answer.statusCode).toBe(200);
    expect(sha256(answer.rawPayload)).toBe(sha256(content));
    expect(answer.headers['content-type']).toBe(contentType);
  });

  it('keeps the bytes outside the answer paths, under a random key, readable by the API user only', async () => {
    const owner = await newAccount();
    const attachment = uploaded(await uploadAs(owner, 'screenshot.png', png()));
    const { rows } = await harness.db.query<{ storage_key: string }>('SELECT storage_key FROM files WHERE id = $1', [attachment.fileId]);
    const key = rows[0]?.storage_key ?? '';
    const files = await storedFiles();
    const kept = files.find((file) => path.basename(file) === key);
    expect(kept).toBe(path.join(harness.filesDir, key.slice(0, 2), key));
    expect(files.some((file) => file.includes('screenshot'))).toBe(false);
    // Nothing under /assets/ or any other route reaches the folder.
    expect((await harness.app.inject(`/assets/${key.slice(0, 2)}/${key}`)).statusCode).toBe(404);
  });

  describe('refuses content that is not what its name says', () => {
    const spoofed: [string, string, Buffer | string][] = [
      ['PNG bytes named .pdf', 'invoice.pdf', png()],
      ['HTML named .png', 'cute-cat.png', '<!doctype html><html><body><script>fetch("/users/info")</script></body></html>'],
      ['an SVG with a script named .png', 'logo.png', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'],
      ['a script with NUL bytes named .txt', 'readme.txt', Buffer.concat([Buffer.from('#!/bin/sh\nrm -rf ~\n'), Buffer.from([0, 0, 0])])],
      ['text that is not UTF-8 named .txt', 'latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])],
      ['a PDF named .txt', 'statement.txt', pdf()],
      ['a Windows program named .zip', 'logs.zip', exe()],
      ['a macro-enabled document named .docx', 'report.docx', docm()],
      ['a plain zip named .docx', 'report.docx', zip({ 'a.txt': 'hello' })],
      ['a Word document named .xlsx', 'sheet.xlsx', docx()],
      ['a JPEG named .gif', 'anim.gif', jpeg()],
      ['an MP4 named .webm', 'clip.webm', mp4()],
      ['a CFB file named .docx', 'report.docx', cfb()],
      ['a Windows program without an allowed extension', 'setup.exe', exe()],
      ['a name without an extension', 'screenshot', png()],
      ['a name that is only an extension', '.png', png()],
    ];

    it.each(spoofed)('%s', async (_label, fileName, content) => {
      const owner = await newAccount();
      const before = await storedFiles();
      expectFailure(await uploadAs(owner, fileName, content), 400, ERROR_CODES.badRequest, 'typeMismatch');
      expect(await rowsOf(owner)).toBe(0);
      expect(await storedFiles()).toEqual(before);
    });
  });

  it('refuses an empty file', async () => {
    const owner = await newAccount();
    expectFailure(await uploadAs(owner, 'empty.png', Buffer.alloc(0)), 400, ERROR_CODES.badRequest, 'fileEmpty');
    expectFailure(await uploadAs(owner, 'empty.txt', ''), 400, ERROR_CODES.badRequest, 'fileEmpty');
    expect(await rowsOf(owner)).toBe(0);
  });

  it('serves HTML uploaded as .txt only as inert plain text', async () => {
    const owner = await newAccount();
    const html = '<html><script>alert(1)</script></html>';
    const attachment = uploaded(await uploadAs(owner, 'page.txt', html));
    expect(attachment.contentType).toBe('text/plain; charset=utf-8');
    const answer = await download(attachment.fileId, owner.token);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment;/);
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  describe('size', () => {
    it(`refuses a file of exactly 20 MiB (SPEC: each under 20 MB) and keeps nothing`, async () => {
      const owner = await newAccount();
      const before = await storedFiles();
      const body = streamedTextUpload('big.txt', LIMITS.attachmentBytesMax);
      const answer = await injectJson(harness.app, {
        method: 'POST',
        url: '/files',
        headers: { ...bearer(owner.token), 'content-type': body.contentType, 'content-length': String(body.contentLength) },
        payload: body.stream,
      });
      expectFailure(answer, 413, ERROR_CODES.payloadTooLarge, 'fileTooLarge');
      expect(await rowsOf(owner)).toBe(0);
      expect(await storedFiles()).toEqual(before);
    });

    it('accepts a file of one byte under 20 MiB, byte for byte', async () => {
      const owner = await newAccount();
      const size = LIMITS.attachmentBytesMax - 1;
      const body = streamedTextUpload('almost.txt', size);
      const attachment = uploaded(
        await injectJson(harness.app, {
          method: 'POST',
          url: '/files',
          headers: { ...bearer(owner.token), 'content-type': body.contentType, 'content-length': String(body.contentLength) },
          payload: body.stream,
        }),
      );
      expect(attachment.size).toBe(size);
      const expected = createHash('sha256');
      const block = Buffer.alloc(1024 * 1024, 'a');
      for (let hashed = 0; hashed < size; hashed += block.length) expected.update(block.subarray(0, Math.min(block.length, size - hashed)));
      const digest = expected.digest('hex');
      const { rows } = await harness.db.query<{ sha256: string; storage_key: string }>('SELECT sha256, storage_key FROM files WHERE id = $1', [attachment.fileId]);
      expect(rows[0]?.sha256).toBe(digest);
      // The stored bytes, read back as a stream.
      const stored = createHash('sha256');
      for await (const chunk of await new DiskFileStore(harness.filesDir).get(rows[0]?.storage_key ?? '')) stored.update(chunk as Buffer);
      expect(stored.digest('hex')).toBe(digest);
    });

    it('refuses at once a request that declares a body far over the limit', async () => {
      const owner = await newAccount();
      const body = multipart([{ field: 'file', fileName: 'huge.png', content: png() }]);
      const answer = await injectJson(harness.app, {
        method: 'POST',
        url: '/files',
        headers: { ...bearer(owner.token), 'content-type': body.contentType, 'content-length': String(200 * 1024 * 1024) },
        payload: body.payload,
      });
      expectFailure(answer, 413, ERROR_CODES.payloadTooLarge, 'fileTooLarge');
      expect(answer.headers.connection).toBe('close');
    });
  });

  describe('the multipart body', () => {
    it('refuses a second file field, keeping neither file', async () => {
      const owner = await newAccount();
      const before = await storedFiles();
      const body = multipart([
        { field: 'file', fileName: 'one.png', content: png() },
        { field: 'file', fileName: 'two.png', content: png() },
      ]);
      expectFailure(await post(owner.token, body), 400, ERROR_CODES.badRequest, ONE_FILE_ONLY);
      expect(await rowsOf(owner)).toBe(0);
      expect(await storedFiles()).toEqual(before);
    });

    it('refuses other fields before or after the file, the file in another field, and no file', async () => {
      const owner = await newAccount();
      const bodies = [
        multipart([{ field: 'note', content: 'hello' }, { field: 'file', fileName: 'one.png', content: png() }]),
        multipart([{ field: 'file', fileName: 'one.png', content: png() }, { field: 'note', content: 'hello' }]),
        multipart([{ field: 'upload', fileName: 'one.png', content: png() }]),
        multipart([{ field: 'file', content: 'not a file part' }]),
        multipart([]),
      ];
      for (const body of bodies) expectFailure(await post(owner.token, body), 400, ERROR_CODES.badRequest, ONE_FILE_ONLY);
      expect(await rowsOf(owner)).toBe(0);
    });

    it('refuses a body cut off in the middle of the file', async () => {
      const owner = await newAccount();
      const whole = multipart([{ field: 'file', fileName: 'cut.png', content: png() }]);
      const answer = await post(owner.token, { ...whole, payload: whole.payload.subarray(0, whole.payload.length - 30) });
      expectFailure(answer, 400, ERROR_CODES.badRequest, 'Malformed multipart body');
      expect(await rowsOf(owner)).toBe(0);
    });

    it('refuses JSON and other content types with 415', async () => {
      const owner = await newAccount();
      for (const [type, payload] of [
        ['application/json', '{"file":"iVBORw0KGgo="}'],
        ['application/octet-stream', png()],
        ['text/plain', 'hello'],
      ] as const) {
        const answer = await injectJson(harness.app, { method: 'POST', url: '/files', headers: { ...bearer(owner.token), 'content-type': type }, payload });
        expect(answer.status, type).toBe(415);
        expect(answer.body).toMatchObject({ code: ERROR_CODES.badRequest, data: null });
      }
    });

    it('is refused without a session before anything is read', async () => {
      const body = multipart([{ field: 'file', fileName: 'one.png', content: png() }]);
      expectFailure(await post(undefined, body), 401, ERROR_CODES.sessionInvalid, /./);
      expectFailure(await post('not-a-token', body), 401, ERROR_CODES.sessionInvalid, /./);
    });

    it('still accepts multipart only on the upload endpoint', async () => {
      const body = multipart([{ field: 'code', content: '1106' }]);
      const answer = await injectJson(harness.app, { method: 'POST', url: '/client-errors', headers: { 'content-type': body.contentType }, payload: body.payload });
      expect(answer.status).toBe(415);
    });
  });

  describe('file names', () => {
    it.each([
      ['../../etc/passwd.png', 'passwd.png'],
      ['C:\\fakepath\\screenshot.png', 'screenshot.png'],
      ['in\u0001vo\u0007ice\u202Egnp.exe.png', 'invoicegnp.exe.png'],
      ['\u2066report\u2069 \u200Bfinal\u200F.PNG', 'report final.PNG'],
      ['  ..hidden  \t name.png. ', 'hidden name.png'],
      ['what?<is>this|*:.png', 'what__is_this___.png'],
      ['Cafe\u0301 menu.png', 'Café menu.png'],
    ])('keeps %j as %j', async (sent, kept) => {
      const owner = await newAccount();
      const attachment = uploaded(await uploadAs(owner, sent, png()));
      expect(attachment.name).toBe(kept);
      const { rows } = await harness.db.query<{ name: string }>('SELECT name FROM files WHERE id = $1', [attachment.fileId]);
      expect(rows[0]?.name).toBe(kept);
    });

    it('cuts a 300-character name to the maximum, keeping the extension', async () => {
      const owner = await newAccount();
      const long = uploaded(await uploadAs(owner, `${'x'.repeat(296)}.png`, png()));
      expect(long.name).toBe(`${'x'.repeat(INPUT_BOUNDS.fileNameMaxLength - 4)}.png`);
      const emoji = uploaded(await uploadAs(owner, `${'😀'.repeat(296)}.png`, png()));
      expect([...emoji.name]).toHaveLength(INPUT_BOUNDS.fileNameMaxLength);
      expect(emoji.name.endsWith('😀.png')).toBe(true);
      const { rows } = await harness.db.query<{ length: number }>('SELECT length(name) AS length FROM files WHERE id = $1', [emoji.fileId]);
      expect(rows[0]?.length).toBe(INPUT_BOUNDS.fileNameMaxLength);
    });

    it('cleans names the parser alone would keep', () => {
      expect(cleanFileName('a\u0000b.png')).toBe('ab.png');
      expect(cleanFileName('evil\u202Egnp.exe')).toBe('evilgnp.exe');
      expect(cleanFileName('..')).toBe('file');
      expect(cleanFileName('\u0000\u0001')).toBe('file');
      expect(cleanFileName('dir/sub\\name.pdf')).toBe('name.pdf');
      expect(cleanFileName('line\u2028break.txt')).toBe('linebreak.txt');
      expect(cleanFileName(`${'y'.repeat(200)}.${'e'.repeat(40)}`)).toBe('y'.repeat(INPUT_BOUNDS.fileNameMaxLength));
    });
  });

  describe('pending uploads', () => {
    it(`allows at most ${LIMITS.pendingUploadsMax} unattached uploads per account`, async () => {
      const owner = await newAccount();
      const other = await newAccount();
      for (let index = 0; index < LIMITS.pendingUploadsMax; index += 1) uploaded(await uploadAs(owner, `note-${index}.txt`, `note ${index}`));
      const before = await storedFiles();
      expectFailure(await uploadAs(owner, 'one-more.txt', 'one more'), 429, ERROR_CODES.tooManyRequests, 'tooManyUploads');
      expect(await storedFiles()).toEqual(before);
      // Per account: someone else is not held back.
      uploaded(await uploadAs(other, 'mine.txt', 'mine'));
      // Attaching one makes room for one more.
      const { rows } = await harness.db.query<{ id: string }>('SELECT id FROM files WHERE owner_account_id = $1 LIMIT 1', [owner.id]);
      await attachToTicket(rows[0]?.id ?? '', owner);
      uploaded(await uploadAs(owner, 'one-more.txt', 'one more'));
      expectFailure(await uploadAs(owner, 'and-another.txt', 'and another'), 429, ERROR_CODES.tooManyRequests, 'tooManyUploads');
    });

    it('gives each upload its place before reading it: those beyond the limit are refused while their bytes are still on the way', async () => {
      const owner = await newAccount();
      const before = await storedFiles();
      const extra = 3;
      const uploads = Array.from({ length: LIMITS.pendingUploadsMax + extra }, (_, index) => heldTextUpload(`parallel-${index}.txt`, `parallel upload ${index}`));
      const answered: JsonAnswer[] = [];
      const answers = uploads.map((upload) =>
        injectJson(harness.app, {
          method: 'POST',
          url: '/files',
          headers: { ...bearer(owner.token), 'content-type': upload.contentType, 'content-length': String(upload.contentLength) },
          payload: upload.stream,
        }).then((answer) => {
          answered.push(answer);
          return answer;
        }),
      );
      try {
        // Every body is held half-way: only refusals made before reading can have been answered.
        await expect.poll(() => answered.length, { timeout: 10_000 }).toBe(extra);
        for (const refused of answered) expectFailure(refused, 429, ERROR_CODES.tooManyRequests, 'tooManyUploads');
        expect(await rowsOf(owner)).toBe(LIMITS.pendingUploadsMax);
      } finally {
        for (const upload of uploads) upload.release();
      }
      const all = await Promise.all(answers);
      expect(all.filter((answer) => answer.status === 200)).toHaveLength(LIMITS.pendingUploadsMax);
      const { rows } = await harness.db.query<{ state: string }>('SELECT state FROM files WHERE owner_account_id = $1', [owner.id]);
      expect(rows.map((row) => row.state)).toEqual(Array(LIMITS.pendingUploadsMax).fill('stored'));
      expect((await storedFiles()).filter((file) => !before.includes(file))).toHaveLength(LIMITS.pendingUploadsMax);
    });

    it('gives the place of a refused upload back', async () => {
      const owner = await newAccount();
      for (let index = 0; index < LIMITS.pendingUploadsMax - 1; index += 1) uploaded(await uploadAs(owner, `note-${index}.txt`, `note ${index}`));
      expectFailure(await uploadAs(owner, 'empty.txt', ''), 400, ERROR_CODES.badRequest, 'fileEmpty');
      expectFailure(await uploadAs(owner, 'fake.png', 'not a picture'), 400, ERROR_CODES.badRequest, 'typeMismatch');
      expectFailure(await post(owner.token, multipart([{ field: 'file', fileName: 'a.txt', content: 'a' }, { field: 'file', fileName: 'b.txt', content: 'b' }])), 400, ERROR_CODES.badRequest, ONE_FILE_ONLY);
      expect(await rowsOf(owner)).toBe(LIMITS.pendingUploadsMax - 1);
      uploaded(await uploadAs(owner, 'last.txt', 'the last one'));
    });

    it('holds the limit when uploads arrive together', async () => {
      const owner = await newAccount();
      for (let index = 0; index < LIMITS.pendingUploadsMax - 2; index += 1) uploaded(await uploadAs(owner, `note-${index}.txt`, `note ${index}`));
      const answers = await Promise.all([0, 1, 2, 3, 4].map((index) => uploadAs(owner, `together-${index}.txt`, `together ${index}`)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3);
      expect(await rowsOf(owner)).toBe(LIMITS.pendingUploadsMax);
    });
  });
});

describe('GET /files/download', () => {
  it('serves the uploader a pending file as an inert, uncached attachment', async () => {
    const owner = await newAccount();
    const content = pdf();
    const attachment = uploaded(await uploadAs(owner, 'receipt.pdf', content));
    const answer = await download(attachment.fileId, owner.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(content)).toBe(true);
    expect(answer.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(content.length),
      'content-disposition': `attachment; filename="receipt.pdf"; filename*=UTF-8''receipt.pdf`,
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
    });
  });

  it('offers a non-ASCII name in UTF-8 with an ASCII fallback', async () => {
    const owner = await newAccount();
    const attachment = uploaded(await uploadAs(owner, '領収書 最終 100%.pdf', pdf()));
    const answer = await download(attachment.fileId, owner.token);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="___ __ 100_.pdf"; filename*=UTF-8''${encodeURIComponent('領収書 最終 100%.pdf')}`,
    );
    expect(attachmentDisposition("it's (1)*.txt")).toBe(`attachment; filename="it's (1)*.txt"; filename*=UTF-8''it%27s%20%281%29%2A.txt`);
    expect(attachmentDisposition('a\\b"c.txt')).toBe(`attachment; filename="a_b_c.txt"; filename*=UTF-8''a%5Cb%22c.txt`);
  });

  it('hides a pending file from everyone but its uploader, agents included', async () => {
    const owner = await newAccount();
    const other = await newAccount();
    const attachment = uploaded(await uploadAs(owner, 'screenshot.png', png()));
    for (const token of [other.token, agent.token]) {
      const answer = await download(attachment.fileId, token);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ code: ERROR_CODES.notFound, msg: 'fileNotFound', data: null });
    }
  });

  it("serves an attached file to its ticket's owner and to agents, and to no other player", async () => {
    const owner = await newAccount();
    const other = await newAccount();
    const content = png();
    const attachment = uploaded(await uploadAs(owner, 'screenshot.png', content));
    await attachToTicket(attachment.fileId, owner);
    for (const token of [owner.token, agent.token]) {
      const answer = await download(attachment.fileId, token);
      expect(answer.statusCode).toBe(200);
      expect(sha256(answer.rawPayload)).toBe(sha256(content));
    }
    const refused = await download(attachment.fileId, other.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: ERROR_CODES.notFound, msg: 'fileNotFound', data: null });
  });

  it("serves an agent's upload, once attached to a player's ticket, to that player", async () => {
    const owner = await newAccount();
    const replying = await newAccount('agent');
    const attachment = uploaded(await uploadAs(replying, 'steps.pdf', pdf()));
    expect((await download(attachment.fileId, owner.token)).statusCode).toBe(404);
    await attachToTicket(attachment.fileId, owner);
    expect((await download(attachment.fileId, owner.token)).statusCode).toBe(200);
    expect((await download(attachment.fileId, agent.token)).statusCode).toBe(200);
  });

  it('answers an unknown file as it answers a forbidden one, and a malformed id with 400', async () => {
    const owner = await newAccount();
    const unknown = await download(randomUUID(), owner.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ERROR_CODES.notFound, msg: 'fileNotFound', data: null });
    const malformed = await injectJson(harness.app, { url: '/files/download?fileId=../../etc/passwd', headers: bearer(owner.token) });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: ERROR_CODES.badRequest });
  });

  it('refuses a call without a live session with -600', async () => {
    const owner = await newAccount();
    const attachment = uploaded(await uploadAs(owner, 'screenshot.png', png()));
    for (const headers of [{}, bearer('expired-or-made-up')]) {
      const answer = await harness.app.inject({ url: `/files/download?fileId=${attachment.fileId}`, headers });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: ERROR_CODES.sessionInvalid, data: null });
    }
  });

  it('answers 4040 when the bytes of a recorded file are gone', async () => {
    const owner = await newAccount();
    const attachment = uploaded(await uploadAs(owner, 'screenshot.png', png()));
    const { rows } = await harness.db.query<{ storage_key: string }>('SELECT storage_key FROM files WHERE id = $1', [attachment.fileId]);
    await new DiskFileStore(harness.filesDir).delete(rows[0]?.storage_key ?? '');
    const answer = await download(attachment.fileId, owner.token);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ code: ERROR_CODES.notFound, msg: 'fileNotFound', data: null });
  });
});

describe('the OpenAPI document', () => {
  it('describes the upload as multipart/form-data and the download as binary', async () => {
    const document = z
      .object({ paths: z.record(z.string(), z.record(z.string(), z.looseObject({}))) })
      .parse((await injectJson(harness.app, '/openapi.json')).body);
    const upload = JSON.stringify(document.paths[ENDPOINTS.uploadFile.path]?.post);
    expect(upload).toContain('"multipart/form-data"');
    expect(upload).toMatch(/"file":\{[^}]*"format":"binary"/);
    const downloadOperation = JSON.stringify(document.paths[ENDPOINTS.downloadFile.path]?.get);
    expect(downloadOperation).toContain('"application/octet-stream"');
    expect(downloadOperation).toContain('"format":"binary"');
    expect(downloadOperation).toContain('fileId');
  });
});

describe('POST /files/discard', () => {
  function discard(fileId: string, token?: string): Promise<JsonAnswer> {
    return call(harness, 'discardFile', { token, body: { fileId } });
  }

  async function keyOf(fileId: string): Promise<string> {
    const { rows } = await harness.db.query<{ storage_key: string }>('SELECT storage_key FROM files WHERE id = $1', [fileId]);
    return rows[0]?.storage_key ?? '';
  }

  it("deletes the uploader's own pending file, row and bytes, and gives its place back", async () => {
    const owner = await newAccount();
    const files = [];
    for (let index = 0; index < LIMITS.pendingUploadsMax; index += 1) files.push(uploaded(await uploadAs(owner, `note-${index}.txt`, `note ${index}`)));
    expectFailure(await uploadAs(owner, 'one-more.txt', 'one more'), 429, ERROR_CODES.tooManyRequests, 'tooManyUploads');
    const removed = files[0]?.fileId ?? '';
    const key = await keyOf(removed);
    expect(okData('discardFile', await discard(removed, owner.token))).toBeNull();
    expect(await rowsOf(owner)).toBe(LIMITS.pendingUploadsMax - 1);
    expect((await storedFiles()).map((file) => path.basename(file))).not.toContain(key);
    expect((await download(removed, owner.token)).statusCode).toBe(404);
    uploaded(await uploadAs(owner, 'one-more.txt', 'one more'));
  });

  it('lets an agent discard an upload of their own too', async () => {
    const file = uploaded(await uploadAs(agent, 'guide.txt', 'How to restart the game.'));
    expect(okData('discardFile', await discard(file.fileId, agent.token))).toBeNull();
    expect((await harness.db.query('SELECT id FROM files WHERE id = $1', [file.fileId])).rowCount).toBe(0);
  });

  it('answers anything but an own pending file with 4040 fileNotFound, the same for each, and deletes nothing', async () => {
    const owner = await newAccount();
    const other = await newAccount();
    const theirs = uploaded(await uploadAs(other, 'theirs.txt', 'theirs'));
    const attached = uploaded(await uploadAs(owner, 'attached.txt', 'attached'));
    await attachToTicket(attached.fileId, owner);
    const gone = uploaded(await uploadAs(owner, 'gone.txt', 'gone'));
    okData('discardFile', await discard(gone.fileId, owner.token));
    const answers = [];
    for (const fileId of [theirs.fileId, attached.fileId, gone.fileId, randomUUID()]) {
      const answer = await discard(fileId, owner.token);
      expectFailure(answer, 404, ERROR_CODES.notFound, 'fileNotFound');
      answers.push(answer.body);
    }
    expect(new Set(answers.map((body) => JSON.stringify(body))).size).toBe(1);
    // An agent cannot discard a player's upload either.
    expectFailure(await discard(theirs.fileId, agent.token), 404, ERROR_CODES.notFound, 'fileNotFound');
    expect((await download(theirs.fileId, other.token)).statusCode).toBe(200);
    expect((await download(attached.fileId, owner.token)).statusCode).toBe(200);
    expectFailure(await call(harness, 'discardFile', { token: owner.token, body: { fileId: 'not-a-uuid' } }), 400, ERROR_CODES.badRequest, /"fileId"/);
  });
});

// Last: it moves the shared clock past the pending-upload lifetime.
describe('expired uploads', () => {
  it(`are unavailable after ${LIMITS.pendingUploadHours} hours and removed, rows and bytes, by the cleanup`, async () => {
    const owner = await newAccount();
    const pending = uploaded(await uploadAs(owner, 'forgotten.png', png()));
    const attached = uploaded(await uploadAs(owner, 'kept.png', png()));
    await attachToTicket(attached.fileId, owner);
    const keys = await harness.db.query<{ id: string; storage_key: string }>('SELECT id, storage_key FROM files WHERE owner_account_id = $1', [owner.id]);
    const keyOf = (fileId: string) => keys.rows.find((row) => row.id === fileId)?.storage_key ?? '';
    const removedBefore = await removeExpiredUploads({ db: harness.db, store: new DiskFileStore(harness.filesDir), now: harness.clock.now }, () => undefined);
    expect(removedBefore).toBe(0);

    harness.clock.advance({ hours: LIMITS.pendingUploadHours, seconds: 1 });
    // A day later the owner logs in again (the session from before has ended).
    owner.token = await loginToken(harness, owner.name, undefined, unique().ip);
    expect((await download(pending.fileId, owner.token)).statusCode).toBe(404);
    expectFailure(await call(harness, 'discardFile', { token: owner.token, body: { fileId: pending.fileId } }), 404, ERROR_CODES.notFound, 'fileNotFound');
    // Expired uploads no longer count against the limit either.
    for (let index = 0; index < LIMITS.pendingUploadsMax; index += 1) uploaded(await uploadAs(owner, `fresh-${index}.txt`, `fresh ${index}`));

    const failures: unknown[] = [];
    const removed = await removeExpiredUploads(
      { db: harness.db, store: new DiskFileStore(harness.filesDir), now: harness.clock.now },
      (error) => failures.push(error),
    );
    expect(failures).toEqual([]);
    expect(removed).toBeGreaterThanOrEqual(1);
    const { rows } = await harness.db.query<{ id: string }>('SELECT id FROM files WHERE id = ANY($1::uuid[])', [[pending.fileId, attached.fileId]]);
    expect(rows.map((row) => row.id)).toEqual([attached.fileId]);
    const names = (await storedFiles()).map((file) => path.basename(file));
    expect(names).not.toContain(keyOf(pending.fileId));
    expect(names).toContain(keyOf(attached.fileId));
    expect((await download(attached.fileId, owner.token)).statusCode).toBe(200);
    // Fresh uploads stay.
    expect(await rowsOf(owner)).toBe(LIMITS.pendingUploadsMax + 1);
  });

  it('are removed by the app itself on its schedule, and closing the app stops it', async () => {
    const owner = await newAccount();
    const forgotten = uploaded(await uploadAs(owner, 'forgotten.txt', 'forgotten'));
    harness.clock.advance({ hours: LIMITS.pendingUploadHours, seconds: 1 });
    // And an upload a killed process left half-received, beside one still arriving.
    const spoolDir = new DiskFileStore(harness.filesDir).spoolDir;
    const abandoned = await spoolFile(spoolDir, 'abandoned.part', harness.clock.now().getTime() - ABANDONED_SPOOL_MS - 1000);
    const arriving = await spoolFile(spoolDir, 'arriving.part', harness.clock.now().getTime());
    const mailer = outboxMailer(harness.outbox, 'Test Sender <no-reply@test.example>');
    const scheduled = await buildApp({
      db: harness.db,
      fileStore: new DiskFileStore(harness.filesDir),
      now: harness.clock.now,
      mailer,
      uploadCleanupIntervalMs: 20,
    });
    try {
      await expect
        .poll(async () => (await harness.db.query('SELECT id FROM files WHERE id = $1', [forgotten.fileId])).rowCount, { timeout: 10_000 })
        .toBe(0);
      await expect.poll(async () => readdir(spoolDir), { timeout: 10_000 }).not.toContain(path.basename(abandoned));
      expect(await readdir(spoolDir)).toContain(path.basename(arriving));
    } finally {
      await scheduled.close();
      await mailer.close();
      await rm(arriving, { force: true });
    }
  });
});

/** A file in the spool folder last written at `modifiedAt` (ms). */
async function spoolFile(dir: string, name: string, modifiedAt: number): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await writeFile(file, 'half an upload');
  await utimes(file, new Date(modifiedAt), new Date(modifiedAt));
  return file;
}

describe('uploads a stopped process left half-received', () => {
  it(`are removed once untouched for ${ABANDONED_SPOOL_MS / 60_000} minutes; arriving ones and other files stay`, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'api-spool-'));
    try {
      const now = Date.now();
      await spoolFile(dir, 'abandoned.part', now - ABANDONED_SPOOL_MS - 1000);
      const recent = await spoolFile(dir, 'recent.part', now - ABANDONED_SPOOL_MS + 60_000);
      const other = await spoolFile(dir, 'notes.txt', now - 10 * ABANDONED_SPOOL_MS);
      expect(await removeAbandonedSpoolFiles(dir, new Date(now))).toBe(1);
      expect((await readdir(dir)).sort()).toEqual([path.basename(other), path.basename(recent)].sort());
      expect(await removeAbandonedSpoolFiles(dir, new Date(now))).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('find nothing to do before the first upload made the folder', async () => {
    expect(await removeAbandonedSpoolFiles(path.join(tmpdir(), `api-spool-missing-${randomUUID()}`), new Date())).toBe(0);
  });
});
