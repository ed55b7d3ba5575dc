import { LIMITS, formatMegabytes } from 'shared-contracts';
import { apiErrorKey } from 'shared-contracts/react';

/**
 * The translation key for a failed support call: SPEC §8's network message, the API's stable message key
 * (`support:errors.<msg>`, the same keys the shared schemas set), or `fallback`.
 */
export function supportErrorKey(error: unknown, fallback: string): string {
  return apiErrorKey(error, 'support', fallback);
}

/**
 * Values every support message may interpolate, from the constants the code enforces (DESIGN §8): `{{titleMin}}`,
 * `{{contentMax}}`, ... as LIMITS names them, `{{size}}` for the file size limit in the page language's unit
 * ("20 MB", fr "20 Mo"), `{{max}}` files per message.
 */
export function supportMessageValues(language: string) {
  return {
    ...LIMITS,
    size: formatMegabytes(LIMITS.attachmentBytesMax, language),
    max: LIMITS.attachmentsMax,
  } as const;
}
