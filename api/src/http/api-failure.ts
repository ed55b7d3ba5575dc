import { ERROR_CODES } from 'shared-contracts';

/**
 * The HTTP status of an envelope code: -600 is 401, and a four-digit code carries its status in its first three
 * digits (4011 → 401, 4090 → 409, 4290 → 429), the same rule as the generic codes (4000, 4040, 5000).
 */
export function statusForCode(code: number): number {
  if (code === ERROR_CODES.sessionInvalid) return 401;
  const status = Math.trunc(code / 10);
  return status >= 400 && status <= 599 ? status : 400;
}

export interface ApiFailureOptions {
  /** Sent as Retry-After (seconds) with throttling answers. */
  retryAfterSeconds?: number;
}

/**
 * A refusal a handler or hook throws on purpose: answered as `{ code, msg, data: null }` with the status of the
 * code. `msg` is a stable machine key the browser translates (`invalidCredentials`, `tooManyAttempts`, ...), never
 * a value the caller sent.
 */
export class ApiFailure extends Error {
  readonly statusCode: number;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly envelopeCode: number,
    readonly msg: string,
    options: ApiFailureOptions = {},
  ) {
    super(msg);
    this.name = 'ApiFailure';
    this.statusCode = statusForCode(envelopeCode);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
