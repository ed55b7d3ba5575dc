import { ApiError, FILE_ERRORS } from 'shared-contracts';
import { supportErrorKey } from './error-key.js';

/** The edge's answer past its request limits (docs/operations.md "Request limits at the edge"). */
const EDGE_LIMIT = 'tooManyAttempts';

/**
 * Refusals that say nothing against the file itself, only that its account may upload no more for now (the API's
 * quota over the last hour, its places for files not attached yet, the edge's request limits): the same file passes
 * later as it is. Each comes before the upload was given a place, so it gives none back either.
 */
const PASSES_LATER: ReadonlySet<string> = new Set([FILE_ERRORS.uploadQuotaReached, FILE_ERRORS.tooManyUploads, EDGE_LIMIT]);

/** What the uploader shows for a file whose upload failed, and when "Try again" can pass. */
export interface UploadRefusal {
  messageKey: string;
  /** The file again, for "Try again", when the same file may pass now or later. */
  file?: File;
  /** Not before this moment (milliseconds since the epoch): the answer's Retry-After, from `now`. */
  retryAt?: number;
  /** The message while `retryAt` is ahead, saying the wait (`{{wait}}`). */
  waitingMessageKey?: string;
  /** Not before one of the account's upload places may have been given back (all LIMITS.pendingUploadsMax are taken). */
  afterAPlaceIsFree?: boolean;
}

/** The refusal shown for a failed upload (`now`: when the answer came). */
export function uploadRefusal(error: unknown, file: File, now: number): UploadRefusal {
  const messageKey = supportErrorKey(error, 'support:errors.uploadFailed');
  const business = error instanceof ApiError && error.kind === 'business';
  // A refusal of the file itself (its content, its size) would only come back; anything else may pass now or later.
  if (business && !PASSES_LATER.has(error.message)) return { messageKey };
  const refusal: UploadRefusal = { messageKey, file };
  if (business && error.message === FILE_ERRORS.tooManyUploads) refusal.afterAPlaceIsFree = true;
  if (business && error.retryAfterSeconds !== undefined) {
    refusal.retryAt = now + error.retryAfterSeconds * 1000;
    if (error.message === FILE_ERRORS.uploadQuotaReached) refusal.waitingMessageKey = 'support:errors.uploadQuotaWait';
  }
  return refusal;
}

/**
 * Whether a failed upload may have held one of the account's places for files not attached yet, which the server
 * gives back when it fails (a refusal after reading it, a connection lost): any failure but the refusals that come
 * before a place is given (PASSES_LATER) and a session's end.
 */
export function mayHaveHeldAPlace(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.kind === 'network') return true;
  return error.kind === 'business' && !PASSES_LATER.has(error.message);
}
