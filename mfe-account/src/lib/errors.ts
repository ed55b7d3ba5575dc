import { ApiError, ERROR_CODES, type Schemas } from 'shared-contracts';
import { apiMessageKey, schemaErrorKey } from 'shared-contracts/react';
import type { z } from 'zod';

/**
 * The translation key for a failed call: the network message or the API's stable message key (resendTooSoon,
 * passwordSame, ..., social logins' socialStateInvalid, socialLoginFailed, redirectNotAllowed,
 * socialProviderUnavailable), else one by the refusal's code, else `fallback`.
 */
export function apiErrorKey(error: unknown, fallback: string): string {
  const said = apiMessageKey(error, 'account');
  if (said !== null) return said;
  if (!(error instanceof ApiError)) return fallback;
  switch (error.code) {
    case ERROR_CODES.invalidCredentials:
      return 'account:errors.invalidCredentials';
    case ERROR_CODES.tooManyRequests:
      return 'account:errors.tooManyAttempts';
    case ERROR_CODES.codeRejected:
      return 'account:errors.codeRejected';
    case ERROR_CODES.conflict:
      return 'account:errors.emailTaken';
    case ERROR_CODES.notFound:
      return fallback === 'account:errors.socialLoginFailed' ? 'account:errors.socialProviderUnavailable' : fallback;
    default:
      return fallback;
  }
}

/** The first problem a shared schema finds in a value, as an account translation key (see schemaErrorKey). */
export function fieldErrorKey(schema: z.ZodType, value: unknown): string | null {
  return schemaErrorKey(schema, value, 'account');
}

/** The problems with a new password (the shared rules) and with its confirmation (typed again differently). */
export function newPasswordErrors(schemas: Schemas, password: string, confirmation: string) {
  return {
    password: fieldErrorKey(schemas.newPasswordSchema, password),
    confirmation: confirmation === password ? null : 'account:errors.passwordMismatch',
  };
}
