import { ApiError, FILE_ERRORS } from 'shared-contracts';
import { supportErrorKey } from './error-key.js';

/**
 * Refusals that say nothing against the file itself, only that its account may upload no more for now (the
 * API's quota over the last hour): the same file passes later as it is.
 */
const PASSES_LATER: ReadonlySet<string> = new Set([FILE_ERRORS.uploadQuotaReached]);

/** What the uploader shows for a file whose upload failed: its message, and the file again for "Try again" when it may pass. */
export function uploadRefusal(error: unknown, file: File): { messageKey: string; file?: File } {
  const messageKey = supportErrorKey(error, 'support:errors.uploadFailed');
  // A refusal of the file itself (its content, its size) would only come back; anything else may pass now or later.
  const refusedForGood = error instanceof ApiError && error.kind === 'business' && !PASSES_LATER.has(error.message);
  return refusedForGood ? { messageKey } : { messageKey, file };
}
