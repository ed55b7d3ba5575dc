import { createConfig, lintFromString } from '@redocly/openapi-core';
import { CONTRACT_VERSION, ERROR_CODES, INPUT_BOUNDS } from 'shared-contracts';
import { ENDPOINTS, envelopeSchema } from 'shared-contracts/schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { migrate } from '../src/db/migrate.js';
import { DATABASE_KIND, createTestApp, injectJson, openTestDatabase, harnessForFile } from './helpers.js';

const harness = harnessForFile(() => createTestApp({ clientErrorRateLimit: { max: 1_000, timeWindowMs: 60_000 } }));

const precheckAnswer = envelopeSchema(ENDPOINTS.gamesPrecheck.response);

async function precheck(host: string, query = '', forwardedHost?: string) {
  const answer = await injectJson(harness.app, {
    url: `/games/precheck${query}`,
    headers: { host, ...(forwardedHost ? { 'x-forwarded-host': forwardedHost } : {}) },
  });
  expect(answer.status).toBe(200);
  const parsed = precheckAnswer.parse(answer.body);
  expect(parsed.code).toBe(1);
  expect(parsed.data.result).toBe(true);
  expect(answer.headers['cache-control']).toBe('no-store');
  return parsed.data.area;
}

describe('GET /games/precheck', () => {
  it('keeps a requested area the brand serves', async () => {
    expect(await precheck('atlas.localhost', '?domain_area=eru')).toBe('eru');
    expect(await precheck('atlas.localhost:8080', '?domain_area=vn&spec_lang=vi')).toBe('vn');
    expect(await precheck('verda.localhost', '?domain_area=vn')).toBe('vn');
  });

  it("replaces an area the brand does not serve with the brand's default", async () => {
    expect(await precheck('hikari.localhost', '?domain_area=kr')).toBe('jp');
    expect(await precheck('verda.localhost', '?domain_area=kr')).toBe('sea');
    expect(await precheck('formosa.localhost', '?domain_area=eru')).toBe('twhk');
  });

  it('gives the default area of the host without a requested area', async () => {
    expect(await precheck('jp.aurum.localhost')).toBe('jp');
    expect(await precheck('aurum.localhost')).toBe('kr');
    expect(await precheck('atlas.localhost')).toBe('sea');
    expect(await precheck('localhost:8080')).toBe('kr');
  });

  it('treats a -demo host as the same brand', async () => {
    expect(await precheck('nova-demo.localhost')).toBe('kr');
    expect(await precheck('nova-demo.localhost', '?domain_area=eru')).toBe('eru');
    expect(await precheck('nova-demo.localhost', '?domain_area=jp')).toBe('kr');
  });

  it('uses X-Forwarded-Host from the site server over Host, ignoring a malformed one', async () => {
    expect(await precheck('127.0.0.1:8090', '?domain_area=kr', 'hikari.localhost:8080')).toBe('jp');
    expect(await precheck('127.0.0.1:8090', '?domain_area=eru', 'atlas.localhost, proxy.internal')).toBe('eru');
    expect(await precheck('hikari.localhost', '', 'not a host/<script>')).toBe('jp');
  });
});

describe('GET /health', () => {
  it('reports the database and the contract version', async () => {
    const answer = await injectJson(harness.app, '/health');
    expect(answer.status).toBe(200);
    const parsed = envelopeSchema(ENDPOINTS.health.response).parse(answer.body);
    expect(parsed.data).toEqual({ status: 'ok', database: DATABASE_KIND, contractVersion: CONTRACT_VERSION });
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /health without a database', () => {
  it('answers 503 with an error envelope that leaks nothing', async () => {
    const database = await openTestDatabase();
    await migrate(database.db);
    const app = await buildApp({ db: database.db });
    try {
      await database.cleanup();
      const answer = await injectJson(app, '/health');
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ code: ERROR_CODES.serverError, msg: 'Service unavailable', data: null });
      expect(answer.headers['cache-control']).toBe('no-store');
    } finally {
      await app.close();
    }
  });
});

describe('GET /openapi.json', () => {
  it('documents every endpoint of the shared table with its parameters and envelope', async () => {
    const answer = await injectJson(harness.app, '/openapi.json');
    expect(answer.status).toBe(200);
    const document = z
      .object({
        openapi: z.string().regex(/^3\./),
        info: z.object({ version: z.string() }),
        paths: z.record(z.string(), z.record(z.string(), z.looseObject({ operationId: z.string() }))),
      })
      .parse(answer.body);
    expect(document.info.version).toBe(CONTRACT_VERSION);
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(operation?.operationId).toBe(name);
    }
    expect(Object.keys(document.paths).sort()).toEqual(
      Object.values(ENDPOINTS)
        .map((endpoint) => endpoint.path)
        .sort(),
    );
    const text = JSON.stringify(document.paths['/games/all']);
    for (const parameter of ['spec_lang', 'domain_area', 'platform', 'clientId', 'imageConfig', 'subTitle']) {
      expect(text).toContain(parameter);
    }
  });

  it("passes Redocly's recommended OpenAPI rules without a warning: security declared on every operation, servers named", async () => {
    const source = (await harness.app.inject('/openapi.json')).body;
    const problems = await lintFromString({
      source,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    expect(
      problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ''}`),
    ).toEqual([]);
  });
});

describe('POST /client-errors', () => {
  const report = {
    code: 1106,
    message: 'Request failed with status code 502',
    method: 'GET',
    url: '/games/all',
    status: 502,
    page: '/SupportCenter/game',
  };

  it('stores the report with the site it came from', async () => {
    const answer = await injectJson(harness.app, {
      method: 'POST',
      url: '/client-errors?spec_lang=ja&domain_area=jp',
      headers: { 'x-forwarded-host': 'hikari.localhost', 'user-agent': 'vitest-agent' },
      payload: report,
    });
    expect(answer.status).toBe(200);
    expect(envelopeSchema(ENDPOINTS.clientErrors.response).parse(answer.body)).toEqual({
      code: 1,
      msg: 'success',
      data: null,
    });
    const { rows } = await harness.db.query<Record<string, unknown>>(
      'SELECT code, message, method, url, status, page, spec_lang, domain_area, brand, user_agent, received_at FROM client_errors WHERE message = $1',
      [report.message],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ...report,
      spec_lang: 'ja',
      domain_area: 'jp',
      brand: 'hikari',
      user_agent: 'vitest-agent',
    });
    expect(rows[0]?.received_at).toBeInstanceOf(Date);
  });

  it('accepts the minimal report', async () => {
    const answer = await injectJson(harness.app, {
      method: 'POST',
      url: '/client-errors',
      payload: { code: 1106, message: 'Network Error' },
    });
    expect(answer.status).toBe(200);
  });

  it('rejects reports that do not follow the schema, naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...report, code: 500 }, /body field "code": expected 1106/],
      [{ ...report, message: 'x'.repeat(INPUT_BOUNDS.errorMessageMaxLength + 1) }, /"message": must be at most 2000 characters/],
      [{ ...report, extra: true }, /Unknown body field "extra"/],
      [{ ...report, status: 'bad' }, /"status": expected a number/],
      [{ ...report, status: 9_999 }, /"status": must be at most 599/],
      [{ code: 1106 }, /Missing required body field "message"/],
      [[report], /Invalid request body: expected an object/],
      ['just a string', /Invalid request body: expected an object/],
    ];
    for (const [payload, message] of cases) {
      const answer = await injectJson(harness.app, {
        method: 'POST',
        url: '/client-errors',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(answer.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(answer.body).toMatchObject({ code: ERROR_CODES.badRequest, data: null });
      expect((answer.body as { msg: string }).msg).toMatch(message);
    }
  });

  it('refuses a body over the limit with 413', async () => {
    const answer = await injectJson(harness.app, {
      method: 'POST',
      url: '/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...report, message: 'x'.repeat(40_000) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ code: ERROR_CODES.badRequest, msg: 'Request body is too large', data: null });
  });
});

describe('client error rate limit', () => {
  it('answers 429 with an envelope once a client sends too many reports', async () => {
    const app = await buildApp({ db: harness.db, clientErrorRateLimit: { max: 2, timeWindowMs: 60_000 } });
    try {
      const send = () =>
        injectJson(app, {
          method: 'POST',
          url: '/client-errors',
          remoteAddress: '203.0.113.7',
          payload: { code: 1106, message: 'rate limit test' },
        });
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(200);
      const limited = await send();
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: ERROR_CODES.tooManyRequests, data: null });
      expect((limited.body as { msg: string }).msg).toMatch(/Too many requests/);
      // Other clients are not affected.
      const other = await injectJson(app, {
        method: 'POST',
        url: '/client-errors',
        remoteAddress: '203.0.113.8',
        payload: { code: 1106, message: 'rate limit test' },
      });
      expect(other.status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
