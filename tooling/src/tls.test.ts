import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http2Fetch, writeSelfSignedPair, type TlsPair } from './tls.js';

describe("the local topology's TLS client", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tls-test-'));
  let pair: TlsPair;
  let server: http2.Http2SecureServer;
  let url = '';
  // The client keeps its connection open for more requests: closed here so the server can stop.
  const sessions = new Set<http2.ServerHttp2Session>();

  beforeAll(async () => {
    pair = writeSelfSignedPair(path.join(dir, 'site'));
    // HTTP/2 only: a client that falls back to HTTP/1.1 is refused.
    server = http2.createSecureServer(
      { cert: readFileSync(pair.certificate), key: readFileSync(pair.key), allowHTTP1: false },
      (request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () =>
          response.end(
            JSON.stringify({
              version: request.httpVersion,
              type: request.headers['content-type'] ?? null,
              body: Buffer.concat(chunks).toString(),
            }),
          ),
        );
      },
    );
    server.on('session', (session) => sessions.add(session));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `https://localhost:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    for (const session of sessions) session.destroy();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('speaks HTTP/2 to a server with the trusted certificate, and sends a form as multipart', async () => {
    const form = new FormData();
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'note.txt');
    const answer = (await (await http2Fetch(pair.certificate)(url, { method: 'POST', body: form })).json()) as {
      version: string;
      type: string;
      body: string;
    };
    expect(answer.version).toBe('2.0');
    expect(answer.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(answer.body).toContain('filename="note.txt"');
    expect(answer.body).toContain('hello');
  });

  it('refuses a server whose certificate it was not given', async () => {
    const other = writeSelfSignedPair(path.join(dir, 'other'));
    await expect(http2Fetch(other.certificate)(url)).rejects.toThrow();
  });
});
