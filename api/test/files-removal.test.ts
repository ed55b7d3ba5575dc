import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_CODES, LIMITS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ABANDONED_SPOOL_MS, removeAbandonedSpoolFiles, removeExpiredUploads } from '../src/files/cleanup.js';
import { DiskFileStore } from '../src/files/store.js';
import { outboxMailer } from '../src/mail/transport.js';
import { call, expectFailure, okData } from './api-calls.js';
import { png } from './files-fixtures.js';
import { harnessForFile, type JsonAnswer } from './helpers.js';
import { loginToken, unique } from './identity-helpers.js';
import { attachToTicket, createFilesHarness, download, newAccount, rowsOf, storedFiles, uploadAs, uploaded } from './files-helpers.js';

const harness = harnessForFile(createFilesHarness);

describe('POST /files/discard', () => {
  function discard(fileId: string, token?: string): Promise<JsonAnswer> {
    return call(harness, 'discardFile', { token, body: { fileId } });
  }

  async function keyOf(fileId: string): Promise<string> {
    const { rows } = await harness.db.query<{ storage_key: string }>('SELECT storage_key FROM files WHERE id = $1', [fileId]);
    return rows[0]?.storage_key ?? '';
  }

  it("deletes the uploader's own pending file, row and bytes, and gives its place back", async () => {
    const owner = await newAccount(harness);
    const files = [];
    for (let index = 0; index < LIMITS.pendingUploadsMax; index += 1)
      files.push(uploaded(await uploadAs(harness, owner, `note-${index}.txt`, `note ${index}`)));
    expectFailure(await uploadAs(harness, owner, 'one-more.txt', 'one more'), 429, ERROR_CODES.tooManyRequests, 'tooManyUploads');
    const removed = files[0]?.fileId ?? '';
    const key = await keyOf(removed);
    expect(okData('discardFile', await discard(removed, owner.token))).toBeNull();
    expect(await rowsOf(harness, owner)).toBe(LIMITS.pendingUploadsMax - 1);
    expect((await storedFiles(harness)).map((file) => path.basename(file))).not.toContain(key);
    expect((await download(harness, removed, owner.token)).statusCode).toBe(404);
    uploaded(await uploadAs(harness, owner, 'one-more.txt', 'one more'));
  });

  it('lets an agent discard an upload of their own too', async () => {
    const file = uploaded(await uploadAs(harness, harness.agent, 'guide.txt', 'How to restart the game.'));
    expect(okData('discardFile', await discard(file.fileId, harness.agent.token))).toBeNull();
    expect((await harness.db.query('SELECT id FROM files WHERE id = $1', [file.fileId])).rowCount).toBe(0);
  });

  it('answers anything but an own pending file with 4040 fileNotFound, the same for each, and deletes nothing', async () => {
    const owner = await newAccount(harness);
    const other = await newAccount(harness);
    const theirs = uploaded(await uploadAs(harness, other, 'theirs.txt', 'theirs'));
    const attached = uploaded(await uploadAs(harness, owner, 'attached.txt', 'attached'));
    await attachToTicket(harness, attached.fileId, owner);
    const gone = uploaded(await uploadAs(harness, owner, 'gone.txt', 'gone'));
    okData('discardFile', await discard(gone.fileId, owner.token));
    const answers = [];
    for (const fileId of [theirs.fileId, attached.fileId, gone.fileId, randomUUID()]) {
      const answer = await discard(fileId, owner.token);
      expectFailure(answer, 404, ERROR_CODES.notFound, 'fileNotFound');
      answers.push(answer.body);
    }
    expect(new Set(answers.map((body) => JSON.stringify(body))).size).toBe(1);
    // An agent cannot discard a player's upload either.
    expectFailure(await discard(theirs.fileId, harness.agent.token), 404, ERROR_CODES.notFound, 'fileNotFound');
    expect((await download(harness, theirs.fileId, other.token)).statusCode).toBe(200);
    expect((await download(harness, attached.fileId, owner.token)).statusCode).toBe(200);
    expectFailure(
      await call(harness, 'discardFile', { token: owner.token, body: { fileId: 'not-a-uuid' } }),
      400,
      ERROR_CODES.badRequest,
      /"fileId"/,
    );
  });
});

// Last: it moves the shared clock past the pending-upload lifetime.
describe('expired uploads', () => {
  it(`are unavailable after ${LIMITS.pendingUploadHours} hours and removed, rows and bytes, by the cleanup`, async () => {
    const owner = await newAccount(harness);
    const pending = uploaded(await uploadAs(harness, owner, 'forgotten.png', png()));
    const attached = uploaded(await uploadAs(harness, owner, 'kept.png', png()));
    await attachToTicket(harness, attached.fileId, owner);
    const keys = await harness.db.query<{ id: string; storage_key: string }>(
      'SELECT id, storage_key FROM files WHERE owner_account_id = $1',
      [owner.id],
    );
    const keyOf = (fileId: string) => keys.rows.find((row) => row.id === fileId)?.storage_key ?? '';
    const removedBefore = await removeExpiredUploads(
      { db: harness.db, store: new DiskFileStore(harness.filesDir), now: harness.clock.now },
      () => undefined,
    );
    expect(removedBefore).toBe(0);

    harness.clock.advance({ hours: LIMITS.pendingUploadHours, seconds: 1 });
    // A day later the owner logs in again (the session from before has ended).
    owner.token = await loginToken(harness, owner.name, undefined, unique().ip);
    expect((await download(harness, pending.fileId, owner.token)).statusCode).toBe(404);
    expectFailure(
      await call(harness, 'discardFile', { token: owner.token, body: { fileId: pending.fileId } }),
      404,
      ERROR_CODES.notFound,
      'fileNotFound',
    );
    // Expired uploads no longer count against the limit either.
    for (let index = 0; index < LIMITS.pendingUploadsMax; index += 1)
      uploaded(await uploadAs(harness, owner, `fresh-${index}.txt`, `fresh ${index}`));

    const failures: unknown[] = [];
    const removed = await removeExpiredUploads(
      { db: harness.db, store: new DiskFileStore(harness.filesDir), now: harness.clock.now },
      (error) => failures.push(error),
    );
    expect(failures).toEqual([]);
    expect(removed).toBeGreaterThanOrEqual(1);
    const { rows } = await harness.db.query<{ id: string }>('SELECT id FROM files WHERE id = ANY($1::uuid[])', [
      [pending.fileId, attached.fileId],
    ]);
    expect(rows.map((row) => row.id)).toEqual([attached.fileId]);
    const names = (await storedFiles(harness)).map((file) => path.basename(file));
    expect(names).not.toContain(keyOf(pending.fileId));
    expect(names).toContain(keyOf(attached.fileId));
    expect((await download(harness, attached.fileId, owner.token)).statusCode).toBe(200);
    // Fresh uploads stay.
    expect(await rowsOf(harness, owner)).toBe(LIMITS.pendingUploadsMax + 1);
  });

  it('are removed by the app itself on its schedule, and closing the app stops it', async () => {
    const owner = await newAccount(harness);
    const forgotten = uploaded(await uploadAs(harness, owner, 'forgotten.txt', 'forgotten'));
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
