import { ApiError, ERROR_CODES, i18next } from 'shared-contracts';
import type { z } from 'zod';

/** The translation key for a failed call: the API's stable message keys, the network message, or a fallback. */
export function apiErrorKey(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.kind === 'network') return 'common:errors.network';
  // The API answers identity refusals with a stable key in msg (resendTooSoon, passwordSame, ...), social logins
  // included (socialStateInvalid, socialLoginFailed, redirectNotAllowed, socialProviderUnavailable).
  const byMessage = `account:errors.${error.message}`;
  if (/^[a-zA-Z]+$/.test(error.message) && i18next.exists(byMessage)) return byMessage;
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

/**
 * The first problem a shared schema finds in a value, as a translation key; the same schema runs on the server,
 * so what the form accepts the API accepts.
 */
export function fieldErrorKey(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const message = result.error.issues[0]?.message ?? 'invalid';
  return /^[a-zA-Z]+$/.test(message) ? `account:errors.${message}` : 'account:errors.invalid';
}
