import { ApiError, ERROR_CODES, FILE_ERRORS, addNamespace, i18next, initI18n, loadCommonMessages } from 'shared-contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { mayHaveHeldAPlace, uploadRefusal } from './upload-refusal.js';

beforeAll(async () => {
  await initI18n('en');
  await addNamespace('support', (language) => import(`../../locales/${language}/support.json`));
  await addNamespace('common', loadCommonMessages);
});

const refusal = (status: number, code: number, msg: string, retryAfterSeconds?: number) =>
  new ApiError('business', code, msg, status, { code, msg, data: null }, retryAfterSeconds);

describe('uploadRefusal', () => {
  const file = new File(['What happened.'], 'notes.txt', { type: 'text/plain' });
  const now = Date.UTC(2026, 4, 1, 12, 0, 0);

  it('offers a file past the upload quota again once its Retry-After has passed, saying the wait meanwhile', () => {
    const shown = uploadRefusal(refusal(429, ERROR_CODES.tooManyRequests, FILE_ERRORS.uploadQuotaReached, 1_500), file, now);
    expect(shown).toEqual({
      messageKey: 'support:errors.uploadQuotaReached',
      file,
      retryAt: now + 1_500_000,
      waitingMessageKey: 'support:errors.uploadQuotaWait',
    });
    expect(i18next.t(shown.messageKey)).toBe('You have uploaded many files in the last hour. Please try again later.');
    expect(i18next.t('support:errors.uploadQuotaWait', { wait: '25 min' })).toBe(
      'You have uploaded many files in the last hour. You can try again in 25 min.',
    );
    // Without a Retry-After, nothing says when: it is offered at once.
    expect(uploadRefusal(refusal(429, ERROR_CODES.tooManyRequests, FILE_ERRORS.uploadQuotaReached), file, now)).toEqual({
      messageKey: 'support:errors.uploadQuotaReached',
      file,
    });
  });

  it('offers a file refused for want of an upload place again once a place may be free', () => {
    expect(uploadRefusal(refusal(429, ERROR_CODES.tooManyRequests, FILE_ERRORS.tooManyUploads), file, now)).toEqual({
      messageKey: 'support:errors.tooManyUploads',
      file,
      afterAPlaceIsFree: true,
    });
  });

  it('offers a file the edge refused past its request limits again, with the common message to wait a moment', () => {
    const shown = uploadRefusal(refusal(429, ERROR_CODES.tooManyRequests, 'tooManyAttempts'), file, now);
    expect(shown).toEqual({ messageKey: 'common:errors.tooManyAttempts', file });
    expect(i18next.t(shown.messageKey)).toBe('Too many attempts in a short time. Please wait a moment and try again.');
  });

  it('does not offer a file the server refused for its content or size again', () => {
    expect(uploadRefusal(refusal(400, ERROR_CODES.badRequest, FILE_ERRORS.typeMismatch), file, now)).toEqual({
      messageKey: 'support:errors.typeMismatch',
    });
    expect(uploadRefusal(refusal(413, ERROR_CODES.payloadTooLarge, FILE_ERRORS.fileTooLarge), file, now)).toEqual({
      messageKey: 'support:errors.fileTooLarge',
    });
  });

  it('offers a file lost on the way again, with the network message, or the upload failure when nothing says more', () => {
    expect(uploadRefusal(new ApiError('network', 1106, 'HTTP 502', 502), file, now)).toEqual({ messageKey: 'common:errors.network', file });
    expect(uploadRefusal(new TypeError('Failed to fetch'), file, now)).toEqual({ messageKey: 'support:errors.uploadFailed', file });
  });
});

describe('mayHaveHeldAPlace', () => {
  it('is true for a failure after the upload was given a place, false for a refusal before it', () => {
    expect(mayHaveHeldAPlace(refusal(400, ERROR_CODES.badRequest, FILE_ERRORS.typeMismatch))).toBe(true);
    expect(mayHaveHeldAPlace(new ApiError('network', 1106, 'Network Error'))).toBe(true);
    expect(mayHaveHeldAPlace(refusal(429, ERROR_CODES.tooManyRequests, FILE_ERRORS.tooManyUploads))).toBe(false);
    expect(mayHaveHeldAPlace(refusal(429, ERROR_CODES.tooManyRequests, FILE_ERRORS.uploadQuotaReached, 60))).toBe(false);
    expect(mayHaveHeldAPlace(refusal(429, ERROR_CODES.tooManyRequests, 'tooManyAttempts'))).toBe(false);
  });
});
