import type { FastifySchemaCompiler } from 'fastify';
import { isMessageKey } from 'shared-contracts';
import type { z } from 'zod';

/** The parts of a request Fastify validates, as this API names them in messages. */
const PART_NAMES: Record<string, { singular: string; root: string }> = {
  querystring: { singular: 'query parameter', root: 'query string' },
  body: { singular: 'body field', root: 'request body' },
  params: { singular: 'path parameter', root: 'path' },
  headers: { singular: 'header', root: 'headers' },
};

/** Request-part problems are reported at most this many per answer; one is usually all a caller needs. */
const MAX_REPORTED_ISSUES = 3;
/** Names and values echoed back are cut short: an answer must not grow with a hostile input. */
const MAX_ECHO_LENGTH = 64;

/** A request that does not match the endpoint's zod schema; Fastify answers it with status 400. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';
  constructor(
    message: string,
    readonly validationContext: string,
  ) {
    super(message);
    this.name = 'RequestValidationError';
  }
}

function echo(text: string): string {
  const cut = text.length > MAX_ECHO_LENGTH ? `${text.slice(0, MAX_ECHO_LENGTH)}…` : text;
  return JSON.stringify(cut);
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const ARTICLES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  bigint: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

function listValues(values: readonly unknown[]): string {
  const shown = values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  return shown.length === 1 ? `expected ${shown[0] ?? ''}` : `expected one of ${shown.join(', ')}`;
}

function describeProblem(issue: z.core.$ZodIssue, received: unknown, httpPart: string): string {
  // Repeating a query parameter (`?platform=web&platform=ios`) yields a list where one value is expected.
  const scalarExpected = issue.code === 'invalid_value' || (issue.code === 'invalid_type' && issue.expected !== 'array');
  if (httpPart === 'querystring' && scalarExpected && Array.isArray(received))
    return `expected a single value, got ${received.length} values`;
  // `Invalid body field "newPassword": passwordTooShort`: the key after the colon is what the browser translates.
  if (isMessageKey(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_value':
      return listValues(issue.values);
    case 'invalid_type':
      return `expected ${ARTICLES[issue.expected] ?? issue.expected}`;
    case 'too_big': {
      const limit = String(issue.maximum);
      if (issue.origin === 'string') return `must be at most ${limit} characters long`;
      if (issue.origin === 'array' || issue.origin === 'set') return `must have at most ${limit} items`;
      return issue.inclusive === false ? `must be less than ${limit}` : `must be at most ${limit}`;
    }
    case 'too_small': {
      const limit = String(issue.minimum);
      if (issue.origin === 'string') {
        return issue.minimum === 1 ? 'must not be empty' : `must be at least ${limit} characters long`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') return `must have at least ${limit} items`;
      return issue.inclusive === false ? `must be greater than ${limit}` : `must be at least ${limit}`;
    }
    case 'invalid_format':
      return issue.format === 'regex' ? 'contains characters that are not allowed' : `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return issue.message;
  }
}

/** One sentence per problem, naming the parameter: `Invalid query parameter "platform": expected one of ...`. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], data: unknown, httpPart: string): string {
  const part = PART_NAMES[httpPart] ?? { singular: `${httpPart} field`, root: httpPart };
  const sentences = issues.slice(0, MAX_REPORTED_ISSUES).map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const names = issue.keys.slice(0, MAX_REPORTED_ISSUES).map(echo).join(', ');
      const more = issue.keys.length > MAX_REPORTED_ISSUES ? ` and ${issue.keys.length - MAX_REPORTED_ISSUES} more` : '';
      return `Unknown ${part.singular}${issue.keys.length > 1 ? 's' : ''} ${names}${more}`;
    }
    const path = issue.path.map(String);
    const received = valueAt(data, issue.path);
    if (path.length === 0) {
      if (httpPart === 'body' && (data === undefined || data === null)) return 'Request body is required';
      return `Invalid ${part.root}: ${describeProblem(issue, received, httpPart)}`;
    }
    const name = echo(path.join('.'));
    if (received === undefined && issue.code === 'invalid_type') return `Missing required ${part.singular} ${name}`;
    return `Invalid ${part.singular} ${name}: ${describeProblem(issue, received, httpPart)}`;
  });
  const more = issues.length > MAX_REPORTED_ISSUES ? ` (and ${issues.length - MAX_REPORTED_ISSUES} more problems)` : '';
  return sentences.join('; ') + more;
}

/**
 * Validates with the endpoint's zod schema (the same one the client is typed from) and turns zod's issues into
 * one readable message, because the envelope carries a single `msg` and callers show it as-is.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(describeIssues(result.error.issues, data, httpPart ?? 'body'), httpPart ?? 'body') };
  };
