import { ApiError, SUPPORT_ERRORS, TICKET_ERRORS, isMessageKey, type CsForm, type InquiryCreateBody } from 'shared-contracts';
import { inquiryCreateBodySchema } from 'shared-contracts/schemas';

/** The form's fields in the order they appear, so the first invalid one can take the focus. */
export const INQUIRY_FIELDS = [
  'ticketType',
  'gameId',
  'serverId',
  'gameAreaId',
  'roleId',
  'queryType',
  'title',
  'content',
  'contact',
  'attachments',
  'consent',
] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];

/** A translation key per field with a problem (`support:errors.titleTooShort`). */
export type FieldErrors = Partial<Record<InquiryField, string>>;

/** Body paths that several fields share: the character's id and name are one choice, the contact one input. */
const PATH_FIELDS: Readonly<Record<string, InquiryField>> = { roleName: 'roleId', contactKind: 'contact' };

/** The field a message key belongs to, for refusals the server sends as a bare key. */
const KEY_FIELDS: Readonly<Record<string, InquiryField>> = {
  serviceRequired: 'ticketType',
  gameRequired: 'gameId',
  [SUPPORT_ERRORS.gameNotFound]: 'gameId',
  serverRequired: 'serverId',
  [SUPPORT_ERRORS.serverNotFound]: 'serverId',
  regionRequired: 'gameAreaId',
  [SUPPORT_ERRORS.areaNotFound]: 'gameAreaId',
  roleRequired: 'roleId',
  [TICKET_ERRORS.roleNotFound]: 'roleId',
  categoryRequired: 'queryType',
  [TICKET_ERRORS.categoryNotFound]: 'queryType',
  titleTooShort: 'title',
  titleTooLong: 'title',
  titleInvalid: 'title',
  contentTooShort: 'content',
  contentTooLong: 'content',
  contentTooFewWords: 'content',
  contentInvalid: 'content',
  contactRequired: 'contact',
  emailInvalid: 'contact',
  phoneInvalid: 'contact',
  attachmentsTooMany: 'attachments',
  attachmentsRepeated: 'attachments',
  fileInvalid: 'attachments',
  [TICKET_ERRORS.attachmentInvalid]: 'attachments',
  [TICKET_ERRORS.attachmentsTooManyVideos]: 'attachments',
  consentRequired: 'consent',
};

function fieldOfPath(path: string): InquiryField | null {
  const name = path.split('.')[0] ?? '';
  if (name in PATH_FIELDS) return PATH_FIELDS[name] ?? null;
  return (INQUIRY_FIELDS as readonly string[]).includes(name) ? (name as InquiryField) : null;
}

/** What the draft sends: the contact is the e-mail or the phone, whichever the player chose. */
export function inquiryBodyOf(form: CsForm): Record<keyof InquiryCreateBody, unknown> {
  return {
    requestId: form.requestId,
    ticketType: form.ticketType,
    gameId: form.gameId,
    serverId: form.serverId,
    gameAreaId: form.gameAreaId,
    roleId: form.roleId,
    roleName: form.roleName,
    queryType: form.queryType,
    title: form.title,
    content: form.content,
    contactKind: form.contactKind,
    contact: form.contactKind === 'email' ? form.email : form.phone,
    attachments: form.attachments.map((attachment) => attachment.fileId),
    consent: form.consent,
  };
}

export type InquiryCheck = { ok: true; body: InquiryCreateBody } | { ok: false; errors: FieldErrors };

/**
 * The draft checked with the schema the API applies (SPEC §5): the body to send, or the first problem of each
 * field as a translation key.
 */
export function checkInquiry(form: CsForm): InquiryCheck {
  const body = inquiryBodyOf(form);
  const result = inquiryCreateBodySchema.safeParse(body);
  if (result.success) return { ok: true, body: body as InquiryCreateBody };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = fieldOfPath(issue.path.map(String).join('.'));
    if (field && !errors[field]) errors[field] = isMessageKey(issue.message) ? `support:errors.${issue.message}` : 'support:errors.invalid';
  }
  return { ok: false, errors };
}

/**
 * Field problems in a refusal of `POST /inquiries`: a bare message key (`roleNotFound`), or the API's validation
 * sentences, which name each body field and end with the schema's key (`Invalid body field "title": titleTooShort`).
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.kind !== 'business') return {};
  const errors: FieldErrors = {};
  const keyField = KEY_FIELDS[error.message];
  if (keyField) errors[keyField] = `support:errors.${error.message}`;
  for (const [, path = '', key = ''] of error.message.matchAll(/"([\w.]+)": ([a-z][A-Za-z0-9]*)/g)) {
    const field = fieldOfPath(path);
    if (field && !errors[field]) errors[field] = `support:errors.${key}`;
  }
  return errors;
}
