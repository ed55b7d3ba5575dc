import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DiskFileStore } from '../src/files/store.js';
import { attachmentDisposition } from '../src/http/endpoint-routes.js';
import { bearer } from './api-calls.js';
import { pdf, png } from './files-fixtures.js';
import { harnessForFile, injectJson } from './helpers.js';
import { attachToTicket, createFilesHarness, download, newAccount, sha256, uploadAs, uploaded } from './files-helpers.js';

const harness = harnessForFile(createFilesHarness);

describe('GET /files/download', () => {
  it('serves the uploader a pending file as an inert, uncached attachment', async () => {
    const owner = await newAccount(harness);
    const content = pdf();
    const attachment = uploaded(await uploadAs(harness, owner, 'receipt.pdf', content));
    const answer = await download(harness, attachment.fileId, owner.token);
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
    const owner = await newAccount(harness);
    const attachment = uploaded(await uploadAs(harness, owner, '領収書 最終 100%.pdf', pdf()));
    const answer = await download(harness, attachment.fileId, owner.token);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="___ __ 100_.pdf"; filename*=UTF-8''${encodeURIComponent('領収書 最終 100%.pdf')}`,
    );
    expect(attachmentDisposition("it's (1)*.txt")).toBe(`attachment; filename="it's (1)*.txt"; filename*=UTF-8''it%27s%20%281%29%2A.txt`);
    expect(attachmentDisposition('a\\b"c.txt')).toBe(`attachment; filename="a_b_c.txt"; filename*=UTF-8''a%5Cb%22c.txt`);
  });

  it('hides a pending file from everyone but its uploader, agents included', async () => {
    const owner = await newAccount(harness);
    const other = await newAccount(harness);
    const attachment = uploaded(await uploadAs(harness, owner, 'screenshot.png', png()));
    for (const token of [other.token, harness.agent.token]) {
      const answer = await download(harness, attachment.fileId, token);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ code: ERROR_CODES.notFound, msg: 'fileNotFound', data: null });
    }
  });

  it("serves an attached file to its ticket's owner and to agents, and to no other player", async () => {
    const owner = await newAccount(harness);
    const other = await newAccount(harness);
    const content = png();
    const attachment = uploaded(await uploadAs(harness, owner, 'screenshot.png', content));
    await attachToTicket(harness, attachment.fileId, owner);
    for (const token of [owner.token, harness.agent.token]) {
      const answer = await download(harness, attachment.fileId, token);
      expect(answer.statusCode).toBe(200);
      expect(sha256(answer.rawPayload)).toBe(sha256(content));
    }
    const refused = await download(harness, attachment.fileId, other.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: ERROR_CODES.notFound, msg: 'fileNotFound', data: null });
  });

  it("serves an agent's upload, once attached to a player's ticket, to that player", async () => {
    const owner = await newAccount(harness);
    const replying = await newAccount(harness, 'agent');
    const attachment = uploaded(await uploadAs(harness, replying, 'steps.pdf', pdf()));
    expect((await download(harness, attachment.fileId, owner.token)).statusCode).toBe(404);
    await attachToTicket(harness, attachment.fileId, owner);
    expect((await download(harness, attachment.fileId, owner.token)).statusCode).toBe(200);
    expect((await download(harness, attachment.fileId, harness.agent.token)).statusCode).toBe(200);
  });

  it('answers an unknown file as it answers a forbidden one, and a malformed id with 400', async () => {
    const owner = await newAccount(harness);
    const unknown = await download(harness, randomUUID(), owner.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ERROR_CODES.notFound, msg: 'fileNotFound', data: null });
    const malformed = await injectJson(harness.app, { url: '/files/download?fileId=../../etc/passwd', headers: bearer(owner.token) });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: ERROR_CODES.badRequest });
  });

  it('refuses a call without a live session with -600', async () => {
    const owner = await newAccount(harness);
    const attachment = uploaded(await uploadAs(harness, owner, 'screenshot.png', png()));
    for (const headers of [{}, bearer('expired-or-made-up')]) {
      const answer = await harness.app.inject({ url: `/files/download?fileId=${attachment.fileId}`, headers });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: ERROR_CODES.sessionInvalid, data: null });
    }
  });

  it('answers 4040 when the bytes of a recorded file are gone', async () => {
    const owner = await newAccount(harness);
    const attachment = uploaded(await uploadAs(harness, owner, 'screenshot.png', png()));
    const { rows } = await harness.db.query<{ storage_key: string }>('SELECT storage_key FROM files WHERE id = $1', [attachment.fileId]);
    await new DiskFileStore(harness.filesDir).delete(rows[0]?.storage_key ?? '');
    const answer = await download(harness, attachment.fileId, owner.token);
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
