import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';
import S3rver from 's3rver';
import { attachmentSchema, envelopeSchema } from 'shared-contracts/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_FILES_DIR, loadConfig } from '../src/config.js';
import { S3FileStore, S3RequestError, type S3Settings } from '../src/files/s3-store.js';
import { DiskFileStore, StoredFileMissing, newStorageKey, type FileStore, type SpooledFile } from '../src/files/store.js';
import { bearer } from './api-calls.js';
import { png } from './files-fixtures.js';
import { multipart } from './multipart-bodies.js';
import { createTestApp } from './helpers.js';
import { createAccount, loginToken, unique } from './identity-helpers.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'api-files-storage-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

let spooled = 0;

/** A finished upload waiting in a temporary file, as the upload handler hands it to a store. */
async function spool(content: Buffer, contentType = 'image/png'): Promise<SpooledFile> {
  spooled += 1;
  const file = path.join(scratch, `spooled-${spooled}.part`);
  await writeFile(file, content);
  return { path: file, size: content.length, sha256: createHash('sha256').update(content).digest('hex'), contentType };
}

/** What every store must do, whatever it keeps the bytes in. */
async function exerciseStore(store: FileStore): Promise<void> {
  const content = png();
  const key = newStorageKey();
  await store.put(key, await spool(content));
  expect((await readAll(await store.get(key))).equals(content)).toBe(true);

  await store.delete(key);
  await expect(store.get(key)).rejects.toBeInstanceOf(StoredFileMissing);
  // Deleting what is gone is not an error: the cleanup may run twice.
  await store.delete(key);
  await expect(store.get(newStorageKey())).rejects.toBeInstanceOf(StoredFileMissing);

  // Keys only ever come from newStorageKey(); anything else never becomes a path or a URL.
  for (const hostile of ['../../etc/passwd', 'ab/../../x', '', 'A'.repeat(32)]) {
    await expect(store.get(hostile)).rejects.toThrow('Malformed storage key');
    await expect(store.put(hostile, await spool(content))).rejects.toThrow('Malformed storage key');
  }
}

describe('configuration', () => {
  const s3 = {
    S3_ENDPOINT: 'http://storage:9000',
    S3_BUCKET: 'attachments',
    S3_ACCESS_KEY_ID: 'platform',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps files on disk under .data/files by default, or in FILES_DIR', () => {
    expect(loadConfig({}).files).toEqual({ kind: 'disk', dir: DEFAULT_FILES_DIR });
    expect(loadConfig({ FILES_DIR: 'relative/files' }).files).toEqual({ kind: 'disk', dir: path.resolve('relative/files') });
    expect(loadConfig({ FILES_DIR: '' }).files).toEqual({ kind: 'disk', dir: DEFAULT_FILES_DIR });
  });

  it('uses an S3-compatible bucket when all four S3 variables are set', () => {
    expect(loadConfig(s3).files).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'http://storage:9000',
        bucket: 'attachments',
        accessKeyId: 'platform',
        secretAccessKey: 'secret',
        region: 'us-east-1',
      },
    });
    expect(loadConfig({ ...s3, S3_REGION: 'eu-central-1' }).files).toMatchObject({ s3: { region: 'eu-central-1' } });
  });

  it('stops on a partial or malformed S3 configuration', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://storage:9000', S3_BUCKET: 'attachments' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: must be set too/,
    );
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'storage:9000' })).toThrow(/S3_ENDPOINT: must be an http/);
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Bad_Bucket' })).toThrow(ConfigError);
  });
});

describe('DiskFileStore', () => {
  it('keeps, serves and forgets files, readable by the API user only', async () => {
    const dir = path.join(scratch, 'disk');
    const store = new DiskFileStore(dir);
    await exerciseStore(store);
    const key = newStorageKey();
    const file = await spool(png());
    await store.put(key, file);
    // Moved, not copied: the spooled file is gone and the kept one is private.
    await expect(stat(file.path)).rejects.toMatchObject({ code: 'ENOENT' });
    const kept = path.join(dir, key.slice(0, 2), key);
    expect((await stat(kept)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(kept))).mode & 0o777).toBe(0o700);
  });
});

/**
 * A real S3-compatible server (s3rver) behind a proxy that checks every request's Signature V4 with AWS's own
 * signer (@smithy/signature-v4) and an upload's x-amz-content-sha256 against the bytes, since s3rver itself
 * does not verify V4 signatures.
 */
describe('S3FileStore', () => {
  const ACCESS_KEY = 'S3RVER';
  const SECRET = 'S3RVER';
  const REGION = 'eu-central-1';
  const BUCKET = 'attachments';
  let server: S3rver;
  let proxy: http.Server;
  let settings: S3Settings;
  const checked: { method: string; path: string }[] = [];
  const refusals: string[] = [];

  async function readBody(request: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Why a request's signature is wrong, or null when AWS's signer computes the same one. */
  async function signatureProblem(request: IncomingMessage, body: Buffer): Promise<string | null> {
    const authorization = request.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match) return `malformed authorization: ${authorization}`;
    const [, accessKey, , region, signedHeaders = '', signature] = match;
    if (accessKey !== ACCESS_KEY || region !== REGION) return `wrong credential scope ${accessKey} ${region}`;
    const payloadHash = String(request.headers['x-amz-content-sha256']);
    if (request.method === 'PUT' && payloadHash !== createHash('sha256').update(body).digest('hex'))
      return 'payload hash does not match the body';
    const amzDate = String(request.headers['x-amz-date']);
    const signingDate = new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    if (Math.abs(Date.now() - signingDate.getTime()) > 5 * 60_000) return 'request time too skewed';
    const headers: Record<string, string> = {};
    for (const name of signedHeaders.split(';')) headers[name] = String(request.headers[name]);
    const url = new URL(request.url ?? '/', 'http://placeholder');
    const signer = new SignatureV4({
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET },
      region: REGION,
      service: 's3',
      sha256: Hash.bind(null, 'sha256'),
      uriEscapePath: false,
    });
    const expected = await signer.sign(
      { method: request.method ?? 'GET', protocol: 'http:', hostname: '127.0.0.1', path: url.pathname, query: {}, headers, body },
      { signingDate },
    );
    const expectedSignature = /Signature=([0-9a-f]{64})/.exec(String(expected.headers.authorization))?.[1];
    return expectedSignature === signature ? null : 'signature does not match';
  }

  beforeAll(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(scratch, 's3rver'),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port: s3Port } = await server.run();
    proxy = http.createServer((request, response) => {
      void (async () => {
        const body = await readBody(request);
        const problem = await signatureProblem(request, body);
        if (problem !== null) {
          refusals.push(problem);
          response
            .writeHead(403, { 'content-type': 'application/xml' })
            .end(`<Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`);
          return;
        }
        checked.push({ method: request.method ?? '', path: request.url ?? '' });
        const forwarded = http.request(
          { host: '127.0.0.1', port: s3Port, method: request.method, path: request.url, headers: request.headers },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        forwarded.end(body);
      })();
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    settings = {
      endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      bucket: BUCKET,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET,
      region: REGION,
    };
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
    await server?.close();
  });

  it('keeps, serves and forgets files in the bucket with signed requests', async () => {
    const before = checked.length;
    await exerciseStore(new S3FileStore(settings, path.join(scratch, 's3-spool')));
    expect(refusals).toEqual([]);
    expect(checked.slice(before).map((request) => request.method)).toEqual(expect.arrayContaining(['PUT', 'GET', 'DELETE']));
    expect(checked.every((request) => request.path.startsWith(`/${BUCKET}/`))).toBe(true);
  });

  it('sends the content type and an integrity hash the server can check', async () => {
    const store = new S3FileStore(settings, path.join(scratch, 's3-spool'));
    const key = newStorageKey();
    const content = Buffer.from('plain text, kept in a bucket\n');
    await store.put(key, await spool(content, 'text/plain; charset=utf-8'));
    const stored = await readAll(await store.get(key));
    expect(stored.equals(content)).toBe(true);
    // s3rver keeps what it received in its folder: the object is there under the key, and only there.
    const files = await readdir(path.join(scratch, 's3rver', BUCKET), { recursive: true });
    expect(files.some((file) => file.includes(key))).toBe(true);
    await store.delete(key);
  });

  it('fails loudly when the storage refuses the credentials', async () => {
    const store = new S3FileStore({ ...settings, secretAccessKey: 'wrong-secret' }, path.join(scratch, 's3-spool'));
    const put = store.put(newStorageKey(), await spool(png()));
    await expect(put).rejects.toBeInstanceOf(S3RequestError);
    await expect(put).rejects.toThrow(/S3 PUT answered 403: .*signature does not match/);
    expect(refusals.pop()).toBe('signature does not match');
  });

  it('answers the readiness check with HeadBucket, which a wrong key or bucket fails', async () => {
    await new S3FileStore(settings, path.join(scratch, 's3-spool')).checkReachable();
    const wrongKey = new S3FileStore({ ...settings, secretAccessKey: 'wrong-secret' }, path.join(scratch, 's3-spool'));
    await expect(wrongKey.checkReachable()).rejects.toThrow(/S3 HEAD answered 403/);
    expect(refusals.pop()).toBe('signature does not match');
    const wrongBucket = new S3FileStore({ ...settings, bucket: 'no-such-bucket' }, path.join(scratch, 's3-spool'));
    await expect(wrongBucket.checkReachable()).rejects.toThrow(/S3 HEAD answered 404/);
  });

  it('backs the upload and download endpoints', async () => {
    const harness = await createTestApp({
      fileStore: new S3FileStore(settings, path.join(scratch, 's3-spool')),
      uploadCleanupIntervalMs: false,
    });
    try {
      const account = await createAccount(harness);
      const token = await loginToken(harness, account.account, undefined, unique().ip);
      const content = png();
      const body = multipart([{ field: 'file', fileName: 'screenshot.png', content }]);
      const answer = await harness.app.inject({
        method: 'POST',
        url: '/files',
        headers: { ...bearer(token), 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const attachment = envelopeSchema(attachmentSchema).parse(answer.json()).data;
      const downloaded = await harness.app.inject({ url: `/files/download?fileId=${attachment.fileId}`, headers: bearer(token) });
      expect(downloaded.statusCode).toBe(200);
      expect(downloaded.rawPayload.equals(content)).toBe(true);
      expect(downloaded.headers['content-type']).toBe('image/png');
      // Nothing of the upload stays on the API's disk.
      expect(await readdir(path.join(scratch, 's3-spool'))).toEqual([]);
      expect(refusals).toEqual([]);
    } finally {
      await harness.cleanup();
    }
  });
});
