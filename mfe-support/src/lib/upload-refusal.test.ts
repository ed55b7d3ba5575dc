import { ApiError, ERROR_CODES, FILE_ERRORS, addNamespace, i18next, initI18n } from 'shared-contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadRefusal } from './upload-refusal.js';

beforeAll(async () => {
  await initI18n('en');
  await addNamespace('support', (language) => import(`../../locales/${language}/support.json`));
});

const refusal = (status: number, code: number, msg: string) => new ApiError('business', code, msg, status, { code, msg, data: null });

describe('uploadRefusal', () => {
  const file = new File(['What happened.'], 'notes.txt', { type: 'text/plain' });

  it('shows the upload quota with its own message and offers the same file again, as it passes later', () => {
    const shown = uploadRefusal(refusal(429, ERROR_CODES.tooManyRequests, FILE_ERRORS.uploadQuotaReached), file);
    expect(shown).toEqual({ messageKey: 'support:errors.uploadQuotaReached', file });
    expect(i18next.t(shown.messageKey)).toBe('You have uploaded many files in the last hour. Please try again later.');
  });

  it('does not offer a file the server refused for its content or size again', () => {
    expect(uploadRefusal(refusal(400, ERROR_CODES.badRequest, FILE_ERRORS.typeMismatch), file)).toEqual({
      messageKey: 'support:errors.typeMismatch',
    });
    expect(uploadRefusal(refusal(413, ERROR_CODES.payloadTooLarge, FILE_ERRORS.fileTooLarge), file)).toEqual({
      messageKey: 'support:errors.fileTooLarge',
    });
  });

  it('offers a file lost on the way again, with the network message, or the upload failure when nothing says more', () => {
    expect(uploadRefusal(new ApiError('network', 1106, 'HTTP 502', 502), file)).toEqual({ messageKey: 'common:errors.network', file });
    expect(uploadRefusal(new TypeError('Failed to fetch'), file)).toEqual({ messageKey: 'support:errors.uploadFailed', file });
  });
});
