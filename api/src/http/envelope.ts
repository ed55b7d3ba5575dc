import { ERROR_CODES } from 'shared-contracts';
import { envelopeSchema } from 'shared-contracts/schemas';
import { z } from 'zod';

/** The code of every successful answer (SPEC §8 accepts 0 and 1; this API always answers 1). */
export const SUCCESS_CODE = 1;
export const SUCCESS_MESSAGE = 'success';

export interface Envelope<Data> {
  code: number;
  msg: string;
  data: Data;
}

export function ok<Data>(data: Data): Envelope<Data> {
  return { code: SUCCESS_CODE, msg: SUCCESS_MESSAGE, data };
}

export function failure(code: number, msg: string): Envelope<null> {
  return { code, msg, data: null };
}

/** The shape of every error answer, for route schemas and the OpenAPI document. */
export const errorEnvelopeSchema = envelopeSchema(z.null()).describe('Error: code (4000, 4040, 4290, 5000, ...) and message');

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The envelope code of an HTTP error status: the status times ten for the ones the contract names. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return ERROR_CODES.unauthorized;
    case 403:
      return ERROR_CODES.forbidden;
    case 404:
      return ERROR_CODES.notFound;
    case 429:
      return ERROR_CODES.tooManyRequests;
    default:
      return status >= 500 ? ERROR_CODES.serverError : ERROR_CODES.badRequest;
  }
}

/**
 * An answer already serialised to JSON (a cached catalogue envelope). Route handlers may return it to skip
 * per-request serialisation; whoever builds it must have checked it against the endpoint's response schema.
 */
export class PreSerialized {
  constructor(readonly json: string) {}
}
