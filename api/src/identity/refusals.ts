import { ERROR_CODES } from 'shared-contracts';
import { ApiFailure } from '../http/api-failure.js';
import { isCommonPassword } from './common-passwords.js';

/** The `msg` of identity refusals: stable keys the browser translates (`account:errors.<msg>`). */
export const IDENTITY_MESSAGES = {
  sessionInvalid: 'sessionInvalid',
  invalidCredentials: 'invalidCredentials',
  tooManyAttempts: 'tooManyAttempts',
  resendTooSoon: 'resendTooSoon',
  codeRejected: 'codeRejected',
  emailTaken: 'emailTaken',
  passwordSame: 'passwordSame',
  passwordNotSet: 'passwordNotSet',
  currentPasswordWrong: 'currentPasswordWrong',
  passwordTooCommon: 'passwordTooCommon',
  otpRequired: 'otpRequired',
  otpInvalid: 'otpInvalid',
  totpNotEnrolled: 'totpNotEnrolled',
  passwordRequired: 'passwordRequired',
  birthdayLocked: 'birthdayLocked',
} as const;

/** The refusals several identity calls make. */
export const identityFailure = {
  session: () => new ApiFailure(ERROR_CODES.sessionInvalid, IDENTITY_MESSAGES.sessionInvalid),
  credentials: () => new ApiFailure(ERROR_CODES.invalidCredentials, IDENTITY_MESSAGES.invalidCredentials),
  code: () => new ApiFailure(ERROR_CODES.codeRejected, IDENTITY_MESSAGES.codeRejected),
  throttled: (retryAfterSeconds: number) =>
    new ApiFailure(ERROR_CODES.tooManyRequests, IDENTITY_MESSAGES.tooManyAttempts, { retryAfterSeconds }),
};

/**
 * What was found of a session's account, or the -600 refusal when nothing was: no live session, or an account deleted
 * after its session was checked.
 */
export function requireSessionAccount<Found>(found: Found | null | undefined): Found {
  if (!found) throw identityFailure.session();
  return found;
}

/** 4000 `passwordTooCommon` for a new password on the bundled list of the most used ones. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new ApiFailure(ERROR_CODES.badRequest, IDENTITY_MESSAGES.passwordTooCommon);
}
