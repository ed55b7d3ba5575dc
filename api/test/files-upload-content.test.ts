import { createHash } from 'node:crypto';
import path from 'node:path';
import { ERROR_CODES, LIMITS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { DiskFileStore } from '../src/files/store.js';
import { bearer, expectFailure } from './api-calls.js';
import { cfb, docm, docx, exe, jpeg, mp4, pdf, png, zip } from './files-fixtures.js';
import { multipart, streamedTextUpload } from './multipart-bodies.js';
import { harnessForFile, injectJson } from './helpers.js';
import { ACCEPTED, createFilesHarness, download, newAccount, rowsOf, sha256, storedFiles, uploadAs, uploaded } from './files-helpers.js';

const harness = harnessForFile(createFilesHarness);

describe('POST /files', () => {
  it.each(ACCEPTED)('keeps a real $name as $contentType and gives back the same bytes', async ({ name, bytes, kind, contentType }) => {
    const owner = await newAccount(harness);
    const content = bytes();
    const attachment = uploaded(await uploadAs(harness, owner, name, content));
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

    const answer = await download(harness, attachment.fileId, owner.token);
    expect(answer.statusCode).toBe(200);
    expect(sha256(answer.rawPayload)).toBe(sha256(content));
    expect(answer.headers['content-type']).toBe(contentType);
  });

  it('keeps the bytes outside the answer paths, under a random key, readable by the API user only', async () => {
    const owner = await newAccount(harness);
    const attachment = uploaded(await uploadAs(harness, owner, 'screenshot.png', png()));
    const { rows } = await harness.db.query<{ storage_key: string }>('SELECT storage_key FROM files WHERE id = $1', [attachment.fileId]);
    const key = rows[0]?.storage_key ?? '';
    const files = await storedFiles(harness);
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
      [
        'an SVG with a script named .png',
        'logo.png',
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
      ],
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
      const owner = await newAccount(harness);
      const before = await storedFiles(harness);
      expectFailure(await uploadAs(harness, owner, fileName, content), 400, ERROR_CODES.badRequest, 'typeMismatch');
      expect(await rowsOf(harness, owner)).toBe(0);
      expect(await storedFiles(harness)).toEqual(before);
    });
  });

  it('refuses an empty file', async () => {
    const owner = await newAccount(harness);
    expectFailure(await uploadAs(harness, owner, 'empty.png', Buffer.alloc(0)), 400, ERROR_CODES.badRequest, 'fileEmpty');
    expectFailure(await uploadAs(harness, owner, 'empty.txt', ''), 400, ERROR_CODES.badRequest, 'fileEmpty');
    expect(await rowsOf(harness, owner)).toBe(0);
  });

  it('serves HTML uploaded as .txt only as inert plain text', async () => {
    const owner = await newAccount(harness);
    const html = '<html><script>alert(1)</script></html>';
    const attachment = uploaded(await uploadAs(harness, owner, 'page.txt', html));
    expect(attachment.contentType).toBe('text/plain; charset=utf-8');
    const answer = await download(harness, attachment.fileId, owner.token);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment;/);
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  describe('size', () => {
    it(`refuses a file of exactly 20 MiB (SPEC: each under 20 MB) and keeps nothing`, async () => {
      const owner = await newAccount(harness);
      const before = await storedFiles(harness);
      const body = streamedTextUpload('big.txt', LIMITS.attachmentBytesMax);
      const answer = await injectJson(harness.app, {
        method: 'POST',
        url: '/files',
        headers: { ...bearer(owner.token), 'content-type': body.contentType, 'content-length': String(body.contentLength) },
        payload: body.stream,
      });
      expectFailure(answer, 413, ERROR_CODES.payloadTooLarge, 'fileTooLarge');
      expect(await rowsOf(harness, owner)).toBe(0);
      expect(await storedFiles(harness)).toEqual(before);
    });

    it('accepts a file of one byte under 20 MiB, byte for byte', async () => {
      const owner = await newAccount(harness);
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
      const { rows } = await harness.db.query<{ sha256: string; storage_key: string }>(
        'SELECT sha256, storage_key FROM files WHERE id = $1',
        [attachment.fileId],
      );
      expect(rows[0]?.sha256).toBe(digest);
      // The stored bytes, read back as a stream.
      const stored = createHash('sha256');
      for await (const chunk of await new DiskFileStore(harness.filesDir).get(rows[0]?.storage_key ?? '')) stored.update(chunk as Buffer);
      expect(stored.digest('hex')).toBe(digest);
    });

    it('refuses at once a request that declares a body far over the limit', async () => {
      const owner = await newAccount(harness);
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
});
