import { ERROR_CODES, type EndpointName } from 'shared-contracts';
import { ENDPOINTS, envelopeSchema } from 'shared-contracts/schemas';
import { expect } from 'vitest';
import type { z } from 'zod';
import { injectJson, type JsonAnswer, type TestApp } from './helpers.js';

/** Calling the API's endpoints by their name in the shared table, and reading their answers as a client does. */

/** The whole answer to a call without a live session (-600), which logs the browser out. */
export const SESSION_INVALID = { code: ERROR_CODES.sessionInvalid, msg: 'sessionInvalid', data: null };

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export interface CallOptions {
  query?: string;
  body?: unknown;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** Calls an endpoint of the shared table by name. */
export function call(harness: TestApp, name: EndpointName, options: CallOptions = {}): Promise<JsonAnswer> {
  const endpoint = ENDPOINTS[name];
  return injectJson(harness.app, {
    method: endpoint.method,
    url: `${endpoint.path}${options.query ?? ''}`,
    remoteAddress: options.ip ?? '203.0.113.1',
    headers: { ...(options.token ? bearer(options.token) : {}), ...options.headers },
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
}

/** Expects success and returns the data, checked against the endpoint's response schema. */
export function okData<Name extends EndpointName>(name: Name, answer: JsonAnswer): z.output<(typeof ENDPOINTS)[Name]['response']> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const parsed = envelopeSchema(ENDPOINTS[name].response as z.ZodType).parse(answer.body);
  expect(parsed.code).toBe(1);
  return parsed.data as z.output<(typeof ENDPOINTS)[Name]['response']>;
}

export function expectFailure(answer: JsonAnswer, status: number, code: number, msg: string | RegExp): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ code, data: null });
  const text = (answer.body as { msg: string }).msg;
  if (typeof msg === 'string') expect(text).toBe(msg);
  else expect(text).toMatch(msg);
}

/** `msg` of a schema refusal names the field and ends with the key the browser translates. */
export function schemaKey(key: string): RegExp {
  return new RegExp(`": ${key}(;|$)`);
}
