import { beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from 'api/testing';
import { call, capturedLog, createTicketHarness, expectFailure, harnessForFile, injectJson, loginToken } from 'api/testing/vitest';
import { runFuzz, type FuzzResult } from '../src/api/fuzz.js';

/**
 * Issue 6 property-based fuzzing, fast variant: a few hundred requests generated from the endpoints' zod schemas,
 * seeded so a failure comes back the same (`npm run drills` sends at least 10,000 with a seed of its own).
 */
const SEED = 6_2026;
const REQUESTS = 400;

let result: FuzzResult;
const log = capturedLog();
// Logging in again after a fuzzed logout must not run into the per-account login throttle (abuse.test.ts checks it).
const harness = harnessForFile(
  () =>
    createTicketHarness({
      identityLimits: { loginPerAccount: { max: 10_000, windowSeconds: 60 } },
      logger: loggerOptions('info', log.stream),
    }),
  120_000,
);

beforeAll(async () => {
  result = await runFuzz(harness.app, REQUESTS, SEED, log.text);
}, 120_000);

describe('fuzzing every endpoint from its schema', () => {
  it('answers every request with a clear envelope: no 5xx, no unclear answer, still healthy, no polluted prototype', () => {
    expect(result.problems).toEqual([]);
    expect(result.healthyAfter).toBe(true);
    expect(result.prototypeClean).toBe(true);
    expect(result.logLeaks).toBe(0);
    expect(result.sent + result.unsendable).toBe(REQUESTS);
  });

  it('reaches the handlers with valid requests and refuses the malformed ones', () => {
    expect(result.byKind.valid?.accepted).toBeGreaterThan(0);
    expect(result.byKind.malformedJson?.accepted ?? 0).toBe(0);
    expect(result.byKind.malformedJson?.refused).toBeGreaterThan(0);
    expect(Object.keys(result.byKind).length).toBeGreaterThanOrEqual(10);
  });
});

describe('what the fuzzer found', () => {
  it('refuses a multipart upload without its boundary as malformed (it was a 500)', async () => {
    // A session of its own: the fuzzer's valid calls, a logout of the other devices among them, may have ended the
    // harness's.
    const token = await loginToken(harness, 'player1', 'player1-pass');
    const answer = await injectJson(harness.app, {
      method: 'POST',
      url: '/files',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data' },
      payload: 'a=1',
    });
    expectFailure(answer, 400, 4000, 'Malformed multipart body');
  });

  it('keeps a client error report with a NUL character, the NUL replaced (it was a 500: PostgreSQL text cannot hold one)', async () => {
    const answer = await call(harness, 'clientErrors', {
      body: { code: 1106, message: 'a\u0000b', method: '\u0000', url: '/x\u0000', page: '\u0000' },
    });
    expect(answer.status).toBe(200);
    const { rows } = await harness.db.query<{ message: string; method: string; url: string; page: string }>(
      "SELECT message, method, url, page FROM client_errors WHERE message LIKE 'a%b' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0]).toEqual({ message: 'a\ufffdb', method: '\ufffd', url: '/x\ufffd', page: '\ufffd' });
  });
});
