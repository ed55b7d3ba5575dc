import fc from 'fast-check';
import { type Endpoint, type EndpointName } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { multipart } from 'api/testing';
import { type InjectRequest } from './api-under-test.js';
import {
  hostileAuthorization,
  hostileContentType,
  hostileJsonText,
  hostileValue,
  jsonSchemaOf,
  type KnownValues,
  validValue,
} from './fuzz-values.js';

/** What a generated request tries; 'valid' ones are the control group, every other kind is hostile. */
export type FuzzKind =
  | 'valid'
  | 'hostileField'
  | 'extraKey'
  | 'missingKey'
  | 'wrongBody'
  | 'malformedJson'
  | 'contentType'
  | 'hostileQuery'
  | 'brokenUrl'
  | 'authorization'
  | 'wrongMethod'
  | 'hostileUpload';

export interface FuzzRequest {
  endpoint: EndpointName;
  kind: FuzzKind;
  /** Which session goes with it; 'fitting' is one the endpoint serves (a player's, or the agent's). */
  session: 'none' | 'fitting';
  request: InjectRequest;
}

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'];

function queryString(values: Record<string, unknown>): string {
  const pairs = Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value : (JSON.stringify(value) ?? '')]);
  return pairs.length === 0 ? '' : `?${new URLSearchParams(pairs)}`;
}

/** A JSON object's text with one more key put first as raw text (so `__proto__` travels as a real key). */
function withRawKey(json: string, key: string, value: unknown): string {
  const entry = `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`;
  return json === '{}' ? `{${entry}}` : `{${entry},${json.slice(1)}`;
}

const uploadName = fc.oneof(
  fc.constantFrom(
    'shot.png',
    'a.txt',
    'clip.mp4',
    '../../etc/passwd.txt',
    '..\\..\\x.png',
    'x.svg',
    'x.html',
    'x.png.exe',
    '.htaccess',
    'CON.txt',
    'a\u0000.png',
    '',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map((name) => `${name}.png`),
  fc.integer({ min: 256, max: 5000 }).map((length) => `${'n'.repeat(length)}.txt`),
);

function fuzzRequestFor(name: EndpointName, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const endpoint: Endpoint = ENDPOINTS[name];
  const transport = endpoint.transport ?? 'json';
  const querySchema = jsonSchemaOf(endpoint.query);
  const bodySchema = endpoint.body ? jsonSchemaOf(endpoint.body) : null;
  const validQuery = validValue(querySchema, known) as fc.Arbitrary<Record<string, unknown>>;
  const validBody = bodySchema ? (validValue(bodySchema, known) as fc.Arbitrary<Record<string, unknown>>) : fc.constant(undefined);
  const queryKeys = Object.keys(querySchema.properties ?? {});
  const bodyKeys = Object.keys(bodySchema?.properties ?? {});
  const base = { endpoint: name, session: 'fitting' as const };
  const json = (query: Record<string, unknown>, body: string | undefined, contentType = 'application/json'): InjectRequest => ({
    method: endpoint.method,
    url: `${endpoint.path}${queryString(query)}`,
    ...(body === undefined ? {} : { payload: body, headers: { 'content-type': contentType } }),
  });
  const asBody = (body: Record<string, unknown> | undefined) => (body === undefined ? undefined : JSON.stringify(body));

  const kinds: fc.Arbitrary<FuzzRequest>[] = [
    fc.tuple(validQuery, validBody).map(([query, body]) => ({ ...base, kind: 'valid', request: json(query, asBody(body)) })),
    fc
      .tuple(
        validQuery,
        validBody,
        fc.constantFrom(...(bodyKeys.length > 0 ? bodyKeys : queryKeys.length > 0 ? queryKeys : ['x'])),
        hostileValue,
      )
      .map(([query, body, key, value]) =>
        bodyKeys.length > 0
          ? { ...base, kind: 'hostileField', request: json(query, JSON.stringify({ ...body, [key]: value })) }
          : { ...base, kind: 'hostileField', request: json({ ...query, [key]: value }, asBody(body)) },
      ),
    fc
      .tuple(validQuery, validBody, fc.oneof(fc.constantFrom(...POLLUTION_KEYS), fc.string({ maxLength: 10 })), hostileValue)
      .map(([query, body, key, value]) =>
        body !== undefined
          ? { ...base, kind: 'extraKey', request: json(query, withRawKey(JSON.stringify(body), key, value)) }
          : { ...base, kind: 'extraKey', request: json({ ...query, [key]: value }, undefined) },
      ),
    fc.tuple(validQuery, validBody, fc.nat()).map(([query, body, pick]) => {
      const required = bodySchema?.required ?? querySchema.required ?? [];
      const key = required[pick % Math.max(required.length, 1)];
      if (body !== undefined && bodySchema?.required?.length) {
        const rest = Object.fromEntries(Object.entries(body).filter(([bodyKey]) => bodyKey !== key));
        return { ...base, kind: 'missingKey', request: json(query, JSON.stringify(rest)) } satisfies FuzzRequest;
      }
      const rest = Object.fromEntries(Object.entries(query).filter(([queryKey]) => queryKey !== key));
      return { ...base, kind: 'missingKey', request: json(rest, asBody(body)) } satisfies FuzzRequest;
    }),
    fc
      .tuple(
        validBody,
        fc.dictionary(
          fc.oneof(fc.constantFrom(...queryKeys, ...POLLUTION_KEYS, 'a[b]', 'a.b'), fc.string({ maxLength: 6 })),
          hostileValue,
          { minKeys: 1, maxKeys: 4 },
        ),
      )
      .map(([body, query]) => ({ ...base, kind: 'hostileQuery', request: json(query, asBody(body)) })),
    fc
      .constantFrom(
        '?%',
        '?a=%E0%A4%A',
        '?%00=%00',
        '?spec_lang=en&spec_lang=ko',
        `?${'a=1&'.repeat(2000)}`,
        '?spec_lang[]=en',
        '?__proto__[polluted]=1',
        '%2e%2e/health',
        '/',
        '//',
        '/../health',
        '?\u0000',
      )
      .map((suffix) => ({ ...base, kind: 'brokenUrl', request: { method: endpoint.method, url: `${endpoint.path}${suffix}` } })),
    fc.tuple(validQuery, validBody, hostileAuthorization).map(([query, body, authorization]) => {
      const request = json(query, asBody(body));
      return {
        ...base,
        session: 'none',
        kind: 'authorization',
        request: { ...request, headers: { ...request.headers, authorization } },
      } satisfies FuzzRequest;
    }),
    fc
      .tuple(validQuery, fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS', endpoint.method === 'GET' ? 'POST' : 'GET'))
      .map(([query, method]) => ({
        ...base,
        kind: 'wrongMethod',
        request: { method: method as InjectRequest['method'], url: `${endpoint.path}${queryString(query)}` },
      })),
  ];
  // Bodies only where the endpoint reads one (a GET's body is ignored, so its refusal would prove nothing).
  if (endpoint.method === 'POST') {
    kinds.push(
      fc
        .tuple(validQuery, hostileValue)
        .map(([query, value]) => ({ ...base, kind: 'wrongBody', request: json(query, JSON.stringify(value) ?? 'null') })),
      fc.tuple(validQuery, hostileJsonText).map(([query, text]) => ({ ...base, kind: 'malformedJson', request: json(query, text) })),
      fc.tuple(validQuery, validBody, hostileContentType).map(([query, body, contentType]) => ({
        ...base,
        kind: 'contentType',
        request: json(query, asBody(body) ?? 'a=1', contentType),
      })),
    );
  }
  if (transport === 'upload') {
    kinds.push(
      fc
        .tuple(
          uploadName,
          fc.uint8Array({ maxLength: 300 }),
          fc.constantFrom('file', 'files', 'file[]', ''),
          fc.constantFrom('image/png', 'text/html', 'image/svg+xml', 'application/octet-stream'),
        )
        .map(([fileName, bytes, field, contentType]) => {
          const body = multipart([{ field, fileName, content: Buffer.from(bytes), contentType }]);
          return {
            ...base,
            kind: 'hostileUpload',
            request: { method: 'POST', url: endpoint.path, headers: { 'content-type': body.contentType }, payload: body.payload },
          } satisfies FuzzRequest;
        }),
    );
  }
  // Guests too: every kind also goes without a session now and then.
  return fc
    .tuple(fc.oneof(...kinds), fc.integer({ min: 0, max: 9 }))
    .map(([request, draw]) => (draw === 0 ? { ...request, session: 'none' } : request));
}

/** `count` requests spread evenly over every endpoint of the table, reproducible from `seed`. */
export function generateFuzzRequests(count: number, seed: number, known: KnownValues = {}): FuzzRequest[] {
  const names = Object.keys(ENDPOINTS) as EndpointName[];
  const requests: FuzzRequest[] = [];
  names.forEach((name, index) => {
    const share = Math.floor(count / names.length) + (index < count % names.length ? 1 : 0);
    if (share > 0) requests.push(...fc.sample(fuzzRequestFor(name, known), { numRuns: share, seed: seed + index }));
  });
  return requests;
}
