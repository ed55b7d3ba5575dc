import type { z } from 'zod';
import { ApiError, i18next, isMessageKey } from 'shared-contracts';

/**
 * What a failed call says of itself, as a translation key: SPEC §8's network message, or the API's stable message
 * key (the same keys the shared schemas set) where the app's namespace has it, `<namespace>:errors.<msg>`, else where
 * the common namespace has it (`common:errors.tooManyAttempts`: the edge answers any call past its request limits
 * with that 4290, docs/operations.md "Request limits at the edge"); null when it says neither, for the app to word
 * (by the error's code, or a fallback).
 */
export function apiMessageKey(error: unknown, namespace: string): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.kind === 'network') return 'common:errors.network';
  if (!isMessageKey(error.message)) return null;
  return [`${namespace}:errors.${error.message}`, `common:errors.${error.message}`].find((key) => i18next.exists(key)) ?? null;
}

/** The translation key for a failed call: what it says of itself (apiMessageKey), else `fallback`. */
export function apiErrorKey(error: unknown, namespace: string, fallback: string): string {
  return apiMessageKey(error, namespace) ?? fallback;
}

/**
 * The first problem a shared schema finds in a value, as a translation key in the app's namespace, or null when
 * there is none; the same schema runs on the server, so what the form accepts the API accepts.
 */
export function schemaErrorKey(schema: z.ZodType, value: unknown, namespace: string, fallback = 'invalid'): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return problemKey(result.error.issues[0]?.message, namespace, fallback);
}

/**
 * The first problem a shared schema finds in each top-level field of a value, as translation keys (see
 * schemaErrorKey); an empty object when there is none.
 */
export function schemaFieldErrors<Field extends string>(
  schema: z.ZodType,
  value: unknown,
  namespace: string,
  fallback = 'invalid',
): Partial<Record<Field, string>> {
  const result = schema.safeParse(value);
  const errors: Partial<Record<Field, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as Field;
    errors[field] ??= problemKey(issue.message, namespace, fallback);
  }
  return errors;
}

function problemKey(message: string | undefined, namespace: string, fallback: string): string {
  return `${namespace}:errors.${message !== undefined && isMessageKey(message) ? message : fallback}`;
}
