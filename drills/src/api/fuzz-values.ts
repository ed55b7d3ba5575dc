import fc from 'fast-check';
import { z } from 'zod';

/**
 * The values the fuzzing sends (fuzz.ts): valid ones generated from an endpoint schema's JSON Schema, and hostile
 * ones of every kind a field, a body, a content type or an Authorization header may be.
 */

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const INT32_MAX = 2_147_483_647;

/** Values of real resources by field name (a ticket id, a file id), mixed into generated values of that field. */
export type KnownValues = Record<string, readonly unknown[]>;

/**
 * Values the schema accepts (or nearly: refinements beyond JSON Schema, such as score-dependent reasons, may not
 * hold). A property named in `known` takes one of those values half the time, so requests reach real resources.
 */
export function validValue(schema: JsonSchema, known: KnownValues = {}): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => validValue(alternative, known)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? 60, 400);
      if (schema.pattern) {
        // "^[class]+$" with length bounds: characters of the class, as many as the bounds allow (filtering
        // stringMatching's output by length could search forever). Other patterns come as stringMatching makes them.
        const characterClass = /^\^(\[[^\]]+\])[+*]\$$/.exec(schema.pattern)?.[1];
        if (characterClass) return fc.string({ unit: fc.stringMatching(new RegExp(`^${characterClass}$`)), minLength, maxLength });
        return fc.stringMatching(new RegExp(schema.pattern));
      }
      return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' }));
    }
    case 'integer': {
      const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -INT32_MAX);
      const max = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : (schema.maximum ?? INT32_MAX);
      // Small ids mostly, so some name the fuzzer's own tickets and files.
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, min + 30) }) },
        { weight: 1, arbitrary: fc.integer({ min, max }) },
      );
    }
    case 'number':
      return fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? validValue(schema.items, known) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, property]) => {
            const values = known[key];
            return [key, values?.length ? fc.oneof(fc.constantFrom(...values), validValue(property, known)) : validValue(property, known)];
          }),
        ),
        { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Nested arrays `depth` deep, as JSON text (built as text: a value that deep would overflow JSON.stringify's stack). */
const deeplyNested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** One value a field should refuse or survive: wrong types, extremes, hostile text. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 31,
    1.5,
    '',
    ' ',
    '0',
    'null',
    'undefined',
    'NaN',
    'Infinity',
  ),
  fc.constantFrom(
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "' OR '1'='1' --",
    '1; DROP TABLE accounts; --',
    '../../../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '%00',
    '\u0000',
    '\u202eexe.txt',
    '\ud800',
    '\uffff\ufffe',
    '𝕏'.repeat(50),
    '${jndi:ldap://127.0.0.1/a}',
    '{{constructor.constructor("return process")()}}',
    '__proto__',
    'constructor',
  ),
  fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 500, max: 80_000 }).map((length) => 'A'.repeat(length)),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
);

/** Raw bodies that are not the JSON they claim to be, or JSON no endpoint takes. */
export const hostileJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    'NaN',
    'undefined',
    '\ufeff{}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    'null',
    'true',
    '"text"',
    '[]',
    '0',
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '{"a":1,"a":2}',
    '1e99999',
    '{"a":123456789012345678901234567890}',
  ),
  fc.integer({ min: 100, max: 20_000 }).map(deeplyNested),
  fc.integer({ min: 100, max: 5_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.integer({ min: 65 * 1024, max: 200 * 1024 }).map((length) => `{"a":"${'x'.repeat(length)}"}`),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

export const hostileContentType = fc.constantFrom(
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonp',
  'application/octet-stream',
  'image/svg+xml',
  '',
  ';;;',
);

export const hostileAuthorization = fc.oneof(
  fc.constantFrom('Bearer', 'Bearer ', 'Basic cGxheWVyMTpwbGF5ZXIxLXBhc3M=', 'bearer x', 'Bearer a b', 'Bearer ../../etc', 'Bearer %00'),
  fc.integer({ min: 300, max: 12_000 }).map((length) => `Bearer ${'t'.repeat(length)}`),
  fc.string({ unit: 'grapheme', maxLength: 30 }).map((text) => `Bearer ${text}`),
);
