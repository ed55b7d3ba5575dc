import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { on } from '../event-bus.js';
import { checkEndpointResponse } from './check-response.js';
import { ApiError, createApiClient, type ResponseCheck } from './client.js';
import type { ClientErrorReport } from './schemas.js';

/** A real HTTP server answering like the API would, so the client's behaviour is tested end to end. */
let server: Server;
let baseURL: string;
const seen: IncomingMessage[] = [];
let answer: { status: number; body: unknown; delayMs?: number; headers?: Record<string, string> } = { status: 200, body: null };

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request);
    const { status, body, delayMs = 0, headers = {} } = answer;
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

interface ClientOverrides {
  token?: string | null;
  reports?: ClientErrorReport[];
  expired?: () => void;
  base?: string;
  timeoutMs?: number;
  checkResponse?: ResponseCheck;
}

function client(overrides: ClientOverrides = {}) {
  return createApiClient({
    ...(overrides.timeoutMs === undefined ? {} : { timeoutMs: overrides.timeoutMs }),
    ...(overrides.checkResponse ? { checkResponse: overrides.checkResponse } : {}),
    baseURL: overrides.base ?? baseURL,
    commonParams: () => ({ spec_lang: 'de', domain_area: 'eru' }),
    token: () => overrides.token ?? null,
    onSessionInvalid: overrides.expired ?? (() => undefined),
    reportError: (report) => overrides.reports?.push(report),
  });
}

const precheck = { result: true, area: 'eru' };

describe('createApiClient', () => {
  it('sends the common params and the bearer token, and resolves the data of code 1 and 0', async () => {
    answer = { status: 200, body: { code: 1, msg: 'ok', data: precheck } };
    await expect(client({ token: 'secret-token' }).call('gamesPrecheck')).resolves.toEqual(precheck);
    const request = seen.at(-1);
    expect(request?.url).toContain('spec_lang=de');
    expect(request?.url).toContain('domain_area=eru');
    expect(request?.headers.authorization).toBe('Bearer secret-token');

    answer = { status: 200, body: { code: 0, msg: 'ok', data: precheck } };
    await expect(client().call('gamesPrecheck')).resolves.toEqual(precheck);
    expect(seen.at(-1)?.headers.authorization).toBeUndefined();
  });

  it("acts for a token given with the call instead of the session's, as a logout after clearing it does", async () => {
    answer = { status: 200, body: { code: 1, msg: 'ok', data: null } };
    await client({ token: null }).call('logout', { body: {}, token: 'cleared-token' });
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer cleared-token');
  });

  it('marks a quiet call as a background refresh (X-Refresh: background), and no other call', async () => {
    answer = { status: 200, body: { code: 1, msg: 'ok', data: [] } };
    await client({ token: 'secret-token' }).call('inquiryList', { quiet: true });
    expect(seen.at(-1)?.headers['x-refresh']).toBe('background');
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer secret-token');

    for (const input of [{}, { quiet: false }]) {
      await client({ token: 'secret-token' }).call('inquiryList', input);
      expect(seen.at(-1)?.headers['x-refresh']).toBeUndefined();
    }
    answer = { status: 200, body: { code: 1, msg: 'ok', data: null } };
    await client({ token: null }).call('logout', { body: {}, token: 'cleared-token' });
    expect(seen.at(-1)?.headers['x-refresh']).toBeUndefined();
  });

  it("keeps a throttled answer's Retry-After in seconds, for a screen that tells the wait or offers the call again after it", async () => {
    answer = { status: 429, body: { code: 4290, msg: 'uploadQuotaReached', data: null }, headers: { 'Retry-After': '1800' } };
    const throttled = await client()
      .call('gamesPrecheck')
      .catch((caught: unknown) => caught);
    expect(throttled).toMatchObject({ kind: 'business', code: 4290, message: 'uploadQuotaReached', status: 429, retryAfterSeconds: 1800 });
    answer = { status: 429, body: { code: 4290, msg: 'tooManyAttempts', data: null } };
    const atTheEdge = await client()
      .call('gamesPrecheck')
      .catch((caught: unknown) => caught);
    expect((atTheEdge as ApiError).retryAfterSeconds).toBeUndefined();
  });

  it('rejects any other code with the body', async () => {
    answer = { status: 200, body: { code: 4040, msg: 'Not here', data: null } };
    const error = await client()
      .call('gamesPrecheck')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', code: 4040, message: 'Not here' });
  });

  it('clears the session on -600, whether sent with 200 or 401', async () => {
    for (const status of [200, 401]) {
      let expired = 0;
      answer = { status, body: { code: -600, msg: 'invalid session', data: null } };
      const error = await client({ expired: () => (expired += 1) })
        .call('gamesPrecheck')
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ kind: 'session', code: -600 });
      expect(expired).toBe(1);
    }
  });

  it('reports HTTP errors without an envelope as 1106 and rejects', async () => {
    const reports: ClientErrorReport[] = [];
    answer = { status: 502, body: 'bad gateway' };
    const error = await client({ reports })
      .call('gamesAll')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'network', code: 1106, status: 502 });
    expect(reports).toEqual([expect.objectContaining({ code: 1106, method: 'GET', url: '/games/all', status: 502 })]);
  });

  it('reports a refused connection as 1106', async () => {
    const reports: ClientErrorReport[] = [];
    const error = await client({ reports, base: 'http://127.0.0.1:9' })
      .call('gamesAll')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'network', code: 1106 });
    expect(reports).toHaveLength(1);
  });

  it('treats an answer that is not an envelope as a network error, not as data', async () => {
    for (const body of [{ msg: 'ok', data: precheck }, { code: 1.5, msg: 'ok', data: precheck }, { code: 1, data: precheck }, 'ok', null]) {
      const reports: ClientErrorReport[] = [];
      answer = { status: 200, body };
      const error = await client({ reports })
        .call('gamesPrecheck')
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ kind: 'network', code: 1106, message: 'Unexpected answer from /games/precheck' });
      expect(reports).toHaveLength(1);
    }
  });

  it('with the response check, treats data of the wrong shape as a network error, not as data', async () => {
    const reports: ClientErrorReport[] = [];
    answer = { status: 200, body: { code: 1, msg: 'ok', data: { result: 'yes' } } };
    const error = await client({ reports, checkResponse: checkEndpointResponse })
      .call('gamesPrecheck')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'network', code: 1106, message: 'Unexpected data from /games/precheck' });
    expect(reports).toHaveLength(1);

    answer = { status: 200, body: { code: 1, msg: 'ok', data: precheck } };
    await expect(client({ checkResponse: checkEndpointResponse }).call('gamesPrecheck')).resolves.toEqual(precheck);
  });

  it('without the response check (as in browsers), hands over the data as the API serialised it', async () => {
    answer = { status: 200, body: { code: 1, msg: 'ok', data: { result: 'yes' } } };
    await expect(client().call('gamesPrecheck')).resolves.toEqual({ result: 'yes' });
  });

  it('announces loading only for the calls SPEC §7 marks', async () => {
    const counts: number[] = [];
    const stop = on('loading:changed', ({ pending }) => counts.push(pending));
    answer = { status: 200, body: { code: 1, msg: 'ok', data: precheck } };
    await client().call('gamesPrecheck');
    answer = { status: 200, body: { code: 1, msg: 'ok', data: { status: 'waiting_rating' } } };
    await client().call('inquiryEnd', { body: { inquiryId: 1 } });
    expect(counts).toEqual([1, 0]);
    // A live refresh of a call that shows loading does not show it.
    await client().call('inquiryEnd', { body: { inquiryId: 1 }, quiet: true });
    stop();
    expect(counts).toEqual([1, 0]);
  });
});

describe('createApiClient uploads and downloads', () => {
  it('sends one file as multipart/form-data with progress, and unwraps the envelope', async () => {
    const uploaded = {
      fileId: '5f0c6a4e-2f7e-4c2b-9d6a-0a9f6a2b1c3d',
      name: 'shot.png',
      size: 2048,
      kind: 'image',
      contentType: 'image/png',
    };
    answer = { status: 200, body: { code: 1, msg: 'ok', data: uploaded } };
    const progress: number[] = [];
    const result = await client({ token: 'secret-token' }).upload('uploadFile', {
      file: new Blob([new Uint8Array(2048)], { type: 'image/png' }),
      fileName: 'shot.png',
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(result).toEqual(uploaded);
    const request = seen.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.url).toMatch(/^\/files\?/);
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.headers.authorization).toBe('Bearer secret-token');
    expect(progress.at(-1)).toBe(1);
  });

  it('rejects a refused upload with the server message', async () => {
    answer = { status: 415, body: { code: 4150, msg: 'typeMismatch', data: null } };
    const error = await client()
      .upload('uploadFile', { file: new Blob(['MZ']), fileName: 'game.zip' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'business', code: 4150, message: 'typeMismatch' });
  });

  it('reads a refused download as an envelope, so -600 still clears the session', async () => {
    let expired = 0;
    answer = { status: 401, body: { code: -600, msg: 'invalid session', data: null } };
    const error = await client({ expired: () => (expired += 1) })
      .download('downloadFile', { query: { fileId: '5f0c6a4e-2f7e-4c2b-9d6a-0a9f6a2b1c3d' } })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'session', code: -600 });
    expect(expired).toBe(1);
  });

  it('waits for a slow download as long as it takes (no call timeout), and stops it when the caller cancels', async () => {
    const fileId = '5f0c6a4e-2f7e-4c2b-9d6a-0a9f6a2b1c3d';
    answer = { status: 200, body: { slow: 'bytes' }, delayMs: 300 };
    const slowLine = client({ timeoutMs: 50 });
    await expect(slowLine.call('gamesPrecheck')).rejects.toMatchObject({ kind: 'network' });
    const blob = await slowLine.download('downloadFile', { query: { fileId } });
    expect(await blob.text()).toBe(JSON.stringify({ slow: 'bytes' }));

    const controller = new AbortController();
    const cancelled = slowLine
      .download('downloadFile', { query: { fileId }, signal: controller.signal })
      .catch((caught: unknown) => caught);
    setTimeout(() => controller.abort(), 20);
    expect(await cancelled).toMatchObject({ kind: 'network', message: 'cancelled' });
  });

  it('resolves a download with the bytes as a Blob', async () => {
    answer = { status: 200, body: { any: 'bytes' } };
    const blob = await client().download('downloadFile', { query: { fileId: '5f0c6a4e-2f7e-4c2b-9d6a-0a9f6a2b1c3d' } });
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe(JSON.stringify({ any: 'bytes' }));
  });
});
