import { ApiError, EMPTY_CS_FORM, LIMITS, type CsForm } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { checkInquiry, serverFieldErrors } from './validation.js';

const complete: CsForm = {
  ...EMPTY_CS_FORM,
  requestId: '0b6f3f9e-3d1a-4c55-9a57-2f9d5d1c7e11',
  ticketType: '1',
  gameId: 1,
  serverId: 's1',
  gameAreaId: 'asia',
  roleId: 'r1001',
  roleName: 'Aria',
  queryType: '2',
  title: 'Lost items',
  content: 'My sword vanished after the update.',
  email: 'player@example.com',
  consent: true,
};

describe('checkInquiry', () => {
  it('sends a complete draft with the contact of the chosen kind', () => {
    expect(checkInquiry(complete)).toMatchObject({
      ok: true,
      body: { contactKind: 'email', contact: 'player@example.com', attachments: [] },
    });
    const byPhone = checkInquiry({ ...complete, contactKind: 'phone', phone: '+82 10 1234 5678' });
    expect(byPhone).toMatchObject({ ok: true, body: { contactKind: 'phone', contact: '+82 10 1234 5678' } });
  });

  it('gives an empty draft every prompt at once, each under its own field', () => {
    expect(checkInquiry({ ...EMPTY_CS_FORM, ticketType: '1', requestId: complete.requestId })).toEqual({
      ok: false,
      errors: {
        gameId: 'support:errors.gameRequired',
        serverId: 'support:errors.serverRequired',
        gameAreaId: 'support:errors.regionRequired',
        roleId: 'support:errors.roleRequired',
        queryType: 'support:errors.categoryRequired',
        title: 'support:errors.titleTooShort',
        content: 'support:errors.contentTooShort',
        contact: 'support:errors.emailInvalid',
        consent: 'support:errors.consentRequired',
      },
    });
    expect(checkInquiry({ ...EMPTY_CS_FORM, requestId: complete.requestId })).toMatchObject({
      errors: { ticketType: 'support:errors.serviceRequired' },
    });
  });

  it('asks nothing about server, region or character when the question is about the service', () => {
    expect(checkInquiry({ ...complete, ticketType: '0', serverId: '', gameAreaId: '', roleId: '', roleName: '' }).ok).toBe(true);
  });

  it('checks lengths, phone and e-mail with the shared rules', () => {
    expect(checkInquiry({ ...complete, title: 'x'.repeat(LIMITS.titleMax + 1) })).toEqual({
      ok: false,
      errors: { title: 'support:errors.titleTooLong' },
    });
    expect(checkInquiry({ ...complete, contactKind: 'phone', phone: '12' })).toEqual({
      ok: false,
      errors: { contact: 'support:errors.phoneInvalid' },
    });
    expect(checkInquiry({ ...complete, email: 'nobody' })).toEqual({ ok: false, errors: { contact: 'support:errors.emailInvalid' } });
    expect(checkInquiry({ ...complete, title: 'Lost\u0000items' })).toEqual({
      ok: false,
      errors: { title: 'support:errors.titleInvalid' },
    });
  });
});

describe('serverFieldErrors', () => {
  it('maps a bare refusal key and validation sentences to their fields', () => {
    expect(serverFieldErrors(new ApiError('business', 4040, 'roleNotFound'))).toEqual({ roleId: 'support:errors.roleNotFound' });
    const sentences = 'Invalid body field "title": titleTooShort; Invalid body field "roleName": roleRequired';
    expect(serverFieldErrors(new ApiError('business', 4000, sentences))).toEqual({
      title: 'support:errors.titleTooShort',
      roleId: 'support:errors.roleRequired',
    });
    expect(serverFieldErrors(new ApiError('network', 1106, 'Network Error'))).toEqual({});
    expect(serverFieldErrors(new ApiError('business', 4000, 'contentInvalid'))).toEqual({ content: 'support:errors.contentInvalid' });
    // Not about one field: the form says it as a whole.
    expect(serverFieldErrors(new ApiError('business', 4090, 'tooManyOpenInquiries'))).toEqual({});
  });
});
