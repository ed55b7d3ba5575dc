import { createHash, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Attachment } from 'shared-contracts';
import { attachmentSchema, envelopeSchema } from 'shared-contracts/schemas';
import { expect } from 'vitest';
import { bearer } from './api-calls.js';
import { avi, cfb, docx, gif, jpeg, mp4, ogg, pdf, png, webm, xlsx, zip } from './files-fixtures.js';
import { multipart, type MultipartRequest } from './multipart-bodies.js';
import { createTestApp, injectJson, type JsonAnswer, type TestApp } from './helpers.js';
import { createAccount, loginToken, unique } from './identity-helpers.js';

/** The set-up the upload, download and removal tests share: an API whose cleanup they drive by hand, and an agent. */
export interface FilesHarness extends TestApp {
  agent: Account;
}

export interface Account {
  id: number;
  name: string;
  token: string;
}

export const ONE_FILE_ONLY = 'Send exactly one file, in the multipart field "file", and nothing else';

export async function createFilesHarness(options: Parameters<typeof createTestApp>[0] = {}): Promise<FilesHarness> {
  // The periodic cleanup is driven by hand here, with the test clock.
  const harness = await createTestApp({ ...options, uploadCleanupIntervalMs: false });
  try {
    return { ...harness, agent: await newAccount(harness, 'agent') };
  } catch (error) {
    await harness.cleanup();
    throw error;
  }
}

/** A fresh account per test, so each starts with no pending uploads. */
export async function newAccount(harness: TestApp, role: 'player' | 'agent' = 'player'): Promise<Account> {
  const created = await createAccount(harness, { role });
  return { id: Number(created.id), name: created.account, token: await loginToken(harness, created.account, undefined, unique().ip) };
}

export function post(harness: TestApp, token: string | undefined, body: MultipartRequest): Promise<JsonAnswer> {
  return injectJson(harness.app, {
    method: 'POST',
    url: '/files',
    headers: { ...(token ? bearer(token) : {}), 'content-type': body.contentType },
    payload: body.payload,
  });
}

export function uploadAs(harness: TestApp, account: Account, fileName: string, content: Buffer | string): Promise<JsonAnswer> {
  return post(harness, account.token, multipart([{ field: 'file', fileName, content }]));
}

export function uploaded(answer: JsonAnswer): Attachment {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return envelopeSchema(attachmentSchema).parse(answer.body).data;
}

export function download(harness: TestApp, fileId: string, token?: string): Promise<LightMyRequestResponse> {
  return harness.app.inject({ url: `/files/download?fileId=${fileId}`, headers: token ? bearer(token) : {} });
}

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Every file under the store's folder, the spool folder included: refused uploads must leave nothing. */
export async function storedFiles(harness: TestApp): Promise<string[]> {
  const entries = await readdir(harness.filesDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

export async function rowsOf(harness: TestApp, account: Account): Promise<number> {
  const { rows } = await harness.db.query<{ count: number }>('SELECT count(*)::int AS count FROM files WHERE owner_account_id = $1', [
    account.id,
  ]);
  return rows[0]?.count ?? -1;
}

/** Attaches a file to a new platform ticket of `owner`, as the tickets code does when a question is sent. */
export async function attachToTicket(harness: TestApp, fileId: string, owner: Account): Promise<number> {
  await harness.db.query('INSERT INTO inquiry_categories (id) VALUES (900) ON CONFLICT DO NOTHING');
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

/** One file of every kind SPEC §3 accepts, with the kind and content type the API records for it. */
export const ACCEPTED: { name: string; bytes: () => Buffer; kind: Attachment['kind']; contentType: string }[] = [
  { name: 'screenshot.png', bytes: png, kind: 'image', contentType: 'image/png' },
  { name: 'animation.gif', bytes: gif, kind: 'image', contentType: 'image/gif' },
  { name: 'photo.jpg', bytes: jpeg, kind: 'image', contentType: 'image/jpeg' },
  { name: 'photo.jpeg', bytes: jpeg, kind: 'image', contentType: 'image/jpeg' },
  { name: 'capture.mp4', bytes: mp4, kind: 'video', contentType: 'video/mp4' },
  { name: 'capture.webm', bytes: webm, kind: 'video', contentType: 'video/webm' },
  { name: 'capture.ogg', bytes: ogg, kind: 'video', contentType: 'video/ogg' },
  { name: 'capture.avi', bytes: avi, kind: 'video', contentType: 'video/vnd.avi' },
  { name: 'logs.zip', bytes: () => zip({ 'client.log': 'connection lost at 12:03' }), kind: 'other', contentType: 'application/zip' },
  {
    name: 'notes.txt',
    bytes: () => Buffer.from('Lost my ship near Orion — 12:03, ✓ ünïcode\n'),
    kind: 'other',
    contentType: 'text/plain; charset=utf-8',
  },
  { name: 'old-report.doc', bytes: cfb, kind: 'other', contentType: 'application/x-cfb' },
  {
    name: 'report.docx',
    bytes: docx,
    kind: 'other',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  { name: 'receipt.pdf', bytes: pdf, kind: 'other', contentType: 'application/pdf' },
  { name: 'payments.xlsx', bytes: xlsx, kind: 'other', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
];
