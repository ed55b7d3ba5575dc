import { createReadStream } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AwsV4Signer } from 'aws4fetch';
import { StoredFileMissing, assertStorageKey, type FileStore, type SpooledFile } from './store.js';

/** An S3-compatible bucket (AWS S3, MinIO, Ceph, R2...), addressed path-style: `<endpoint>/<bucket>/<key>`. */
export interface S3Settings {
  /** `http(s)://host[:port]`, without the bucket. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** A stalled storage server fails the request instead of holding an upload or a download open forever. */
const IDLE_TIMEOUT_MS = 30_000;
/** How much of an error answer is kept for the log. */
const ERROR_BODY_MAX = 2_048;

async function readSome(response: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of response) {
    if (text.length < ERROR_BODY_MAX) text += String(chunk);
  }
  return text.slice(0, ERROR_BODY_MAX);
}

export class S3RequestError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    body: string,
  ) {
    super(`S3 ${operation} answered ${status}: ${body.replace(/\s+/g, ' ').trim()}`);
    this.name = 'S3RequestError';
  }
}

/**
 * Attachments in an S3-compatible bucket, over plain HTTP(S) requests signed with Signature V4 (aws4fetch's
 * signer). Uploads send the SHA-256 computed while the file arrived as `x-amz-content-sha256`, so the server
 * checks the bytes it received against it, and a known Content-Length, which S3 requires.
 */
export class S3FileStore implements FileStore {
  readonly description: string;
  private readonly base: URL;

  constructor(
    private readonly settings: S3Settings,
    readonly spoolDir: string,
  ) {
    this.base = new URL(settings.endpoint);
    if (this.base.protocol !== 'http:' && this.base.protocol !== 'https:') throw new Error('S3 endpoint must be http(s)');
    this.description = `s3 ${this.base.origin}/${settings.bucket}`;
  }

  /** The bucket's URL, or a file's in it. */
  private urlOf(key: string | null): URL {
    if (key !== null) assertStorageKey(key);
    const prefix = this.base.pathname.replace(/\/+$/, '');
    return new URL(`${prefix}/${encodeURIComponent(this.settings.bucket)}${key === null ? '' : `/${key}`}`, this.base.origin);
  }

  private async request(
    method: 'PUT' | 'GET' | 'DELETE' | 'HEAD',
    key: string | null,
    headers: Record<string, string>,
    body?: SpooledFile,
  ): Promise<IncomingMessage> {
    const url = this.urlOf(key);
    const signer = new AwsV4Signer({
      method,
      url: url.toString(),
      headers: { 'x-amz-content-sha256': body?.sha256 ?? 'UNSIGNED-PAYLOAD', ...headers },
      accessKeyId: this.settings.accessKeyId,
      secretAccessKey: this.settings.secretAccessKey,
      service: 's3',
      region: this.settings.region,
    });
    const signed = await signer.sign();
    const outgoing: Record<string, string> = {};
    signed.headers.forEach((value, name) => {
      outgoing[name] = value;
    });
    if (body) outgoing['content-length'] = String(body.size);
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<IncomingMessage>((resolve, reject) => {
      const outgoingRequest = transport.request(url, { method, headers: outgoing }, (response) => {
        // From here the pace is the reader's (a slow download waits on its player), not the storage server's.
        outgoingRequest.setTimeout(0);
        resolve(response);
      });
      outgoingRequest.setTimeout(IDLE_TIMEOUT_MS, () => outgoingRequest.destroy(new Error(`S3 ${method} timed out`)));
      outgoingRequest.once('error', reject);
      if (body) pipeline(createReadStream(body.path), outgoingRequest).catch(reject);
      else outgoingRequest.end();
    });
  }

  async put(key: string, file: SpooledFile): Promise<void> {
    const response = await this.request('PUT', key, { 'content-type': file.contentType }, file);
    if (response.statusCode !== 200) throw new S3RequestError('PUT', response.statusCode ?? 0, await readSome(response));
    response.resume();
  }

  async get(key: string): Promise<Readable> {
    const response = await this.request('GET', key, {});
    if (response.statusCode === 200) return response;
    const body = await readSome(response);
    if (response.statusCode === 404) throw new StoredFileMissing(key);
    throw new S3RequestError('GET', response.statusCode ?? 0, body);
  }

  /** HeadBucket: the server answers, knows the key, and lets it read the bucket. */
  async checkReachable(): Promise<void> {
    const response = await this.request('HEAD', null, {});
    response.resume();
    if (response.statusCode !== 200) throw new S3RequestError('HEAD', response.statusCode ?? 0, '');
  }

  async delete(key: string): Promise<void> {
    const response = await this.request('DELETE', key, {});
    const body = await readSome(response);
    // 404: already gone, which is what was asked.
    if (response.statusCode !== 204 && response.statusCode !== 200 && response.statusCode !== 404) {
      throw new S3RequestError('DELETE', response.statusCode ?? 0, body);
    }
  }
}
