import { ERROR_CODES, type Endpoint } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, harnessForFile, injectJson } from './helpers.js';
import { createAccount, loginToken } from './identity-helpers.js';

const harness = harnessForFile(() => createTestApp({ clientErrorRateLimit: false }));
/** Live sessions, so endpoints that need one get as far as validating their input. */
let token: string;
let agentToken: string;

beforeAll(async () => {
  const account = await createAccount(harness);
  token = await loginToken(harness, account.account);
  const agent = await createAccount(harness, { role: 'agent' });
  agentToken = await loginToken(harness, agent.account);
});

const errorEnvelope = z.strictObject({ code: z.number().int(), msg: z.string().min(1), data: z.null() });

async function expectRejected(
  url: string,
  status: number,
  message: RegExp,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; payload?: string } = {},
) {
  const answer = await injectJson(harness.app, {
    url,
    method: init.method ?? 'GET',
    headers: init.headers ?? {},
    ...(init.payload === undefined ? {} : { payload: init.payload }),
  });
  expect(answer.status, url.slice(0, 120)).toBe(status);
  const body = errorEnvelope.parse(answer.body);
  expect(body.msg).toMatch(message);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  return body;
}

describe('query validation', () => {
  it('names the parameter and the allowed values of a wrong enum', async () => {
    const body = await expectRejected(
      '/games/all?platform=pc',
      400,
      /^Invalid query parameter "platform": expected one of android, ios, web$/,
    );
    expect(body.code).toBe(ERROR_CODES.badRequest);
    await expectRejected('/games/simple?spec_lang=xx', 400, /Invalid query parameter "spec_lang": expected one of ko, ja, /);
    await expectRejected(
      '/games/precheck?domain_area=mars',
      400,
      /Invalid query parameter "domain_area": expected one of kr, jp, twhk, eru, sea, vn/,
    );
  });

  it('rejects unknown parameters by name', async () => {
    await expectRejected('/games/all?foo=1', 400, /^Unknown query parameter "foo"$/);
    await expectRejected('/games/simple?a=1&b=2', 400, /^Unknown query parameters "a", "b"$/);
    await expectRejected('/health?verbose=1', 400, /Unknown query parameter "verbose"/);
    await expectRejected('/games/all?__proto__=x', 400, /Unknown query parameter "__proto__"/);
    await expectRejected('/games/all?constructor=x', 400, /Unknown query parameter "constructor"/);
    await expectRejected('/games/all?spec_lang[]=en', 400, /Unknown query parameter "spec_lang\[\]"/);
  });

  it('rejects a list where one value is expected', async () => {
    await expectRejected('/games/all?platform=web&platform=ios', 400, /"platform": expected a single value, got 2 values/);
    await expectRejected('/games/all?clientId=1&clientId=2', 400, /"clientId": expected a single value/);
  });

  it('bounds clientId in length and characters', async () => {
    await expectRejected(`/games/all?clientId=${'9'.repeat(10_000)}`, 400, /"clientId": must be at most 64 characters long/);
    await expectRejected('/games/all?clientId=', 400, /"clientId": must not be empty/);
    await expectRejected('/games/all?clientId=%3Cscript%3E', 400, /"clientId": contains characters that are not allowed/);
  });

  it('never echoes more than a short piece of a hostile parameter name', async () => {
    const name = 'n'.repeat(10_000);
    const body = await expectRejected(`/games/all?${name}=1`, 400, /Unknown query parameter/);
    expect(body.msg.length).toBeLessThan(200);
  });

  const absurdValues = [
    '',
    'x'.repeat(10_000),
    '-1',
    '0',
    '99999999999999999999999999',
    '2147483648',
    '1e309',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    '%00',
    '%F0%9F%92%A9',
    '..%2F..%2Fetc%2Fpasswd',
    "' OR 1=1 --",
  ];
  const parameterNames = ['spec_lang', 'domain_area', 'platform', 'clientId', 'id', 'oauth_token', 'a[b]', '__proto__[x]'];

  /** Every absurd value under every parameter name on each endpoint, with the session of `role`. */
  async function sweep(endpoints: readonly Endpoint[], sessionToken: string, role: 'player' | 'agent') {
    for (const endpoint of endpoints) {
      for (const name of parameterNames) {
        for (const value of absurdValues) {
          const url = `${endpoint.path}?${encodeURIComponent(name)}=${value}`;
          const response = await harness.app.inject({
            method: endpoint.method,
            url,
            headers: { authorization: `Bearer ${sessionToken}` },
            ...(endpoint.method === 'POST' ? { payload: { code: 1106, message: 'sweep' } } : {}),
          });
          expect(response.statusCode, url.slice(0, 100)).toBeLessThan(500);
          const body = z.object({ code: z.number(), msg: z.string(), data: z.unknown() }).parse(response.json());
          // A well-formed but unknown oauth_token is a dead session, not bad input.
          const deadSession = endpoint === ENDPOINTS.loginAuth && name === 'oauth_token' && response.statusCode === 401;
          // A session of the other role is refused before the query is looked at.
          const otherRole = (endpoint.auth === 'agent' || endpoint.auth === 'player' || endpoint.auth === 'lead') && endpoint.auth !== role;
          const expected = deadSession ? ERROR_CODES.sessionInvalid : otherRole ? ERROR_CODES.forbidden : ERROR_CODES.badRequest;
          if (response.statusCode >= 400) expect(body.code, url.slice(0, 100)).toBe(expected);
        }
      }
    }
  }

  // Hundreds of requests through every endpoint: more than the default test time on a loaded 2-core machine.
  const SWEEP_TIMEOUT_MS = 120_000;

  it('answers absurd values on every endpoint with a 4xx envelope, never a 5xx', { timeout: SWEEP_TIMEOUT_MS }, async () => {
    await sweep(Object.values(ENDPOINTS), token, 'player');
    // The session survived the sweep (no call logged it out or changed its password).
    expect((await harness.app.inject({ url: '/users/info', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
  });

  it(
    "answers an agent's absurd values on the players' and agents' calls with a 4xx envelope, never a 5xx",
    { timeout: SWEEP_TIMEOUT_MS },
    async () => {
      await sweep(
        Object.values(ENDPOINTS).filter((endpoint) => endpoint.auth === 'player' || endpoint.auth === 'agent'),
        agentToken,
        'agent',
      );
    },
  );
});

describe('body validation', () => {
  const json = { 'content-type': 'application/json' };

  it('rejects a body that is not JSON', async () => {
    await expectRejected('/client-errors', 400, /^Request body is not valid JSON$/, {
      method: 'POST',
      headers: json,
      payload: '{"code":1106,',
    });
    await expectRejected('/client-errors', 400, /not valid JSON/, { method: 'POST', headers: json, payload: "{'code':1106}" });
  });

  it('rejects an empty JSON body', async () => {
    await expectRejected('/client-errors', 400, /Request body is empty/, { method: 'POST', headers: json, payload: '' });
  });

  it('rejects prototype-poisoning keys', async () => {
    await expectRejected('/client-errors', 400, /^Request body contains a forbidden "__proto__" key$/, {
      method: 'POST',
      headers: json,
      payload: '{"code":1106,"message":"x","__proto__":{"admin":true}}',
    });
    await expectRejected('/client-errors', 400, /forbidden "constructor.prototype" key/, {
      method: 'POST',
      headers: json,
      payload: '{"code":1106,"message":"x","nested":{"constructor":{"prototype":{"admin":true}}}}',
    });
  });

  it('rejects other content types with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
      await expectRejected('/client-errors', 415, /Unsupported content type; send application\/json/, {
        method: 'POST',
        headers: { 'content-type': type },
        payload: 'code=1106&message=x',
      });
    }
  });

  it('requires a body', async () => {
    await expectRejected('/client-errors', 400, /^Request body is required$/, { method: 'POST' });
  });

  it('rejects wrong types and absurd values by field', async () => {
    const cases: [string, RegExp][] = [
      ['{"code":"1106","message":"x"}', /"code": expected 1106/],
      ['{"code":1106,"message":123}', /"message": expected a string/],
      ['{"code":1106,"message":["a"]}', /"message": expected a string/],
      ['{"code":1106,"message":"x","status":-1}', /"status": must be at least 0/],
      ['{"code":1106,"message":"x","status":1.5}', /"status": expected an integer/],
      ['{"code":1106,"message":"x","status":1e400}', /"status"/],
      ['{"code":1106,"message":"x","method":"' + 'G'.repeat(50) + '"}', /"method": must be at most 10 characters long/],
      ['null', /Request body is required|Invalid request body/],
      ['42', /Invalid request body: expected an object/],
    ];
    for (const [payload, message] of cases) {
      await expectRejected('/client-errors', 400, message, { method: 'POST', headers: json, payload });
    }
  });
});

describe('routes', () => {
  it('answers unknown routes with a 404 envelope', async () => {
    const body = await expectRejected('/no-such-route?x=1', 404, /^Not found: GET \/no-such-route$/);
    expect(body.code).toBe(ERROR_CODES.notFound);
    await expectRejected('/games', 404, /Not found/);
    await expectRejected('/games/all/extra', 404, /Not found/);
    await expectRejected('/games/all', 404, /Not found: POST \/games\/all/, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    await expectRejected('/assets/games/no-such-game/cover.webp', 404, /Not found/);
    await expectRejected(`/${'a'.repeat(5_000)}`, 404, /Not found/);
  });

  it('answers a malformed URL with a 400 envelope', async () => {
    await expectRejected('/games/%E0%A4%A', 400, /Malformed URL/);
  });
});
