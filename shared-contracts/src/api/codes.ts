/** Success codes of SPEC §8. */
export const SUCCESS_CODES: ReadonlySet<number> = new Set([0, 1]);
export const ERROR_CODES = {
  sessionInvalid: -600,
  networkError: 1106,
  badRequest: 4000,
  unauthorized: 4010,
  /** Wrong account or password (SPEC §8 "Incorrect account or password."). */
  invalidCredentials: 4011,
  /** A verification or reset code that is wrong, expired or used up. */
  codeRejected: 4012,
  /** The e-mail belongs to another account. */
  conflict: 4090,
  forbidden: 4030,
  notFound: 4040,
  /** An upload of 20 MB or more (SPEC §3 attachments). */
  payloadTooLarge: 4130,
  tooManyRequests: 4290,
  serverError: 5000,
} as const;
