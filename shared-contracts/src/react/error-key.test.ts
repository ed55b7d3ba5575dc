import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, addNamespace, i18next, initI18n } from 'shared-contracts';
import { loadCommonMessages } from '../i18n/common-namespace.js';
import { apiErrorKey, apiMessageKey, schemaErrorKey, schemaFieldErrors } from './error-key.js';

beforeAll(async () => {
  await initI18n('en');
  await addNamespace('common', loadCommonMessages);
  i18next.addResourceBundle('en', 'support', { errors: { titleTooShort: 'The title is too short.' } }, true, false);
});

describe('apiMessageKey and apiErrorKey: a failed call as a translation key', () => {
  it("takes the API's stable key in the app's namespace when the app has it", () => {
    const refusal = new ApiError('business', 4000, 'titleTooShort');
    expect(apiMessageKey(refusal, 'support')).toBe('support:errors.titleTooShort');
    expect(apiErrorKey(refusal, 'support', 'support:errors.loadFailed')).toBe('support:errors.titleTooShort');
  });

  it("says the edge's 4290 past its request limits with the common message, where the app has no message of its own", () => {
    i18next.addResourceBundle('en', 'account', { errors: { tooManyAttempts: 'Too many login attempts.' } }, true, false);
    const edge = new ApiError('business', 4290, 'tooManyAttempts', 429);
    expect(apiErrorKey(edge, 'support', 'common:errors.submitFailed')).toBe('common:errors.tooManyAttempts');
    expect(i18next.t('common:errors.tooManyAttempts')).toBe('Too many attempts in a short time. Please wait a moment and try again.');
    expect(apiMessageKey(edge, 'account')).toBe('account:errors.tooManyAttempts');
  });

  it('says the network message for a network failure, whatever the app', () => {
    expect(apiMessageKey(new ApiError('network', 1106, 'Network Error'), 'account')).toBe('common:errors.network');
  });

  it('leaves the wording to the app for a key it lacks, a message that is no key, or another error', () => {
    expect(apiMessageKey(new ApiError('business', 4000, 'titleTooShort'), 'account')).toBeNull();
    expect(apiMessageKey(new ApiError('business', 5000, 'Internal Server Error'), 'support')).toBeNull();
    expect(apiErrorKey(new TypeError('x is undefined'), 'support', 'support:errors.loadFailed')).toBe('support:errors.loadFailed');
  });
});

describe('schemaErrorKey: the first problem a shared schema finds', () => {
  const title = z.string().min(5, 'titleTooShort');

  it("is the schema's message key in the app's namespace, or null for a valid value", () => {
    expect(schemaErrorKey(title, 'Hi', 'support')).toBe('support:errors.titleTooShort');
    expect(schemaErrorKey(title, 'Hello there', 'support')).toBeNull();
  });

  it('falls back to the invalid key for a message that is no key', () => {
    expect(schemaErrorKey(z.string(), 42, 'account')).toBe('account:errors.invalid');
  });
});

describe('schemaFieldErrors: the first problem of each field', () => {
  const schema = z.object({
    title: z.string().min(2, 'titleTooShort').max(5, 'titleTooLong'),
    body: z.string().min(1, 'bodyRequired'),
    language: z.enum(['en', 'de']),
  });

  it("keys each field's first problem in the app's namespace, a message that is no key as invalid", () => {
    expect(schemaFieldErrors(schema, { title: 'x', body: '', language: 'xx' }, 'support')).toEqual({
      title: 'support:errors.titleTooShort',
      body: 'support:errors.bodyRequired',
      language: 'support:errors.invalid',
    });
  });

  it('is empty for a valid value', () => {
    expect(schemaFieldErrors(schema, { title: 'ok', body: 'text', language: 'de' }, 'support')).toEqual({});
  });
});
