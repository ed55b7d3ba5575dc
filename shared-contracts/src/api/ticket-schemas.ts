import { z } from 'zod';
import { ATTACHMENT_KINDS } from '../attachments.js';
import { INPUT_BOUNDS, LIMITS, TICKET_TYPES } from '../limits.js';
import { hasVisibleText, textLength, textWords, visibleLength } from '../text.js';
import { emailSchema, phoneSchema } from './identity-schemas.js';
import { clientIdSchema, commonQueryShape, idSchema, languageSchema } from './schemas.js';
import { gameAreaIdSchema, roleIdSchema, serverIdSchema } from './support-schemas.js';
import { CONTACT_KINDS, RATING_REASONS, TICKET_STATUSES } from './ticket-constants.js';

/**
 * Tickets (SPEC §3 Inquiry, ticket concepts; §4 ticket display states; §5 validation; §7 `/inquiries*`, `/files`)
 * and the customer-service agents' side (DESIGN §5). Messages a schema sets are keys the browser translates
 * (`support:errors.<key>`); the API runs the same schemas, so what the form accepts the server accepts.
 */

/** Tab, line feed and carriage return: the only C0 control characters a person's text may hold. */
const ALLOWED_CONTROL_CHARACTERS = new Set([0x09, 0x0a, 0x0d]);

/**
 * Whether `text` holds a C0 control character other than tab, line feed and carriage return. PostgreSQL refuses
 * NUL in text, and none of the others belongs in what a person writes or searches for.
 */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && !ALLOWED_CONTROL_CHARACTERS.has(code)) return true;
  }
  return false;
}

/**
 * `schema` refusing text with control characters with `message`, the field's own key. It runs first and stops
 * the field's other checks, so the one prompt shown is the one that explains the problem.
 */
export function withoutControlCharacters<Schema extends z.ZodString>(schema: Schema, message: string): Schema {
  return schema.refine((value) => !hasControlCharacter(value), { message, abort: true });
}

/**
 * A minimum length as a reader counts it (`visibleLength`): refine a text schema with it and the field's key, in place
 * of zod's `.min`, which counts every stored character, so "a" with a Hangul filler or a zero-width space would
 * pass a minimum of two. A text that shows nothing has length 0. Not a refusal that stops the field's checks: that
 * would also stop the form's checks across fields (zod skips those after an aborted field), and an empty form would
 * lose its other prompts. Maximum lengths stay zod's `.max`: they limit what is stored.
 */
export const showsAtLeast =
  (min: number) =>
  (text: string): boolean =>
    visibleLength(text) >= min;

/**
 * `schema` reading a text that shows nothing (`hasVisibleText`: only spaces, zero-width or format characters, Hangul
 * fillers, the braille blank) as empty, for an optional text that is kept: a rating's comment of fillers is no
 * comment, stored as ''.
 */
export function blankAsEmpty<Schema extends z.ZodString>(schema: Schema): Schema {
  return schema.overwrite((text) => (hasVisibleText(text) ? text : ('' as typeof text)));
}

/** SPEC §4 display states (TICKET_STATUSES). */
export const ticketStatusSchema = z.enum(TICKET_STATUSES);

/** Official ('1'): about a game, with its server, region and character. Platform ('0'): about our service. */
export const ticketTypeSchema = z.enum([TICKET_TYPES.official, TICKET_TYPES.platform], 'serviceRequired');
export type TicketType = z.infer<typeof ticketTypeSchema>;

export const fileIdSchema = z.uuid('fileInvalid');
export const attachmentKindSchema = z.enum(ATTACHMENT_KINDS);

/** An uploaded file as the API describes it; `contentType` is what its content was found to be. */
export const attachmentSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  size: z.number().int(),
  kind: attachmentKindSchema,
  contentType: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentIdsSchema = z
  .array(fileIdSchema)
  .max(LIMITS.attachmentsMax, 'attachmentsTooMany')
  .refine((ids) => new Set(ids).size === ids.length, 'attachmentsRepeated');

/** A retry of a create or a reply sends the same id, so it never makes a second ticket or message. */
export const requestIdSchema = z.uuid('requestIdInvalid');

/**
 * A character's name as the game reports it (the player picks it, does not write it): any character counts, a name
 * of a Hangul filler too, where a game allows one.
 */
const requiredText = (message: string, max: number) =>
  withoutControlCharacters(z.string(message), message).trim().min(1, message).max(max, message);

/** A question category id: a number, or its digits as a form's select holds them (nothing else is coerced). */
const categoryIdSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^\d{1,10}$/)
        .transform(Number),
    ],
    'categoryRequired',
  )
  .pipe(z.number().int('categoryRequired').positive('categoryRequired').max(INPUT_BOUNDS.idMax, 'categoryRequired'));

const fitsContentLength = (text: string) => showsAtLeast(LIMITS.contentMin)(text) && textLength(text) <= LIMITS.contentMax;

/**
 * POST /inquiries. Every required selection has its own prompt (SPEC §5): service, game, server, region, role,
 * category. Server, region and role apply to official (game) tickets only.
 */
export const inquiryCreateBodySchema = z
  .strictObject({
    requestId: requestIdSchema,
    ticketType: ticketTypeSchema,
    gameId: z.number('gameRequired').int('gameRequired').positive('gameRequired').max(INPUT_BOUNDS.idMax, 'gameRequired'),
    serverId: z.string('serverRequired').max(INPUT_BOUNDS.supportIdMaxLength, 'serverRequired'),
    gameAreaId: z.string('regionRequired').max(INPUT_BOUNDS.supportIdMaxLength, 'regionRequired'),
    roleId: z.string('roleRequired').max(INPUT_BOUNDS.supportIdMaxLength, 'roleRequired'),
    roleName: withoutControlCharacters(z.string('roleRequired'), 'roleRequired').max(INPUT_BOUNDS.roleNameMaxLength, 'roleRequired'),
    queryType: categoryIdSchema,
    title: withoutControlCharacters(z.string('titleTooShort'), 'titleInvalid')
      .trim()
      .refine(showsAtLeast(LIMITS.titleMin), 'titleTooShort')
      .max(LIMITS.titleMax, 'titleTooLong'),
    content: withoutControlCharacters(z.string('contentTooShort'), 'contentInvalid')
      .trim()
      .refine(showsAtLeast(LIMITS.contentMin), 'contentTooShort')
      .max(LIMITS.contentMax, 'contentTooLong')
      // A length problem is the one to fix first (a form shows one message a field), so only a detail of a fitting
      // length is held to the word count.
      .refine((text) => !fitsContentLength(text) || textWords(text) >= LIMITS.contentWordsMin, 'contentTooFewWords'),
    contactKind: z.enum(CONTACT_KINDS, 'contactRequired'),
    contact: z.string('contactRequired'),
    attachments: attachmentIdsSchema,
    consent: z.literal(true, 'consentRequired'),
  })
  // Runs also when other fields failed (it checks every value with safeParse), so an empty form shows every prompt
  // at once rather than the server, region, character and contact prompts only after the rest is fixed.
  .superRefine(
    (body, context) => {
      if (body.ticketType === TICKET_TYPES.official) {
        const selections = [
          ['serverId', body.serverId, 'serverRequired'],
          ['gameAreaId', body.gameAreaId, 'regionRequired'],
          ['roleId', body.roleId, 'roleRequired'],
        ] as const;
        for (const [path, value, message] of selections) {
          const checked = { serverId: serverIdSchema, gameAreaId: gameAreaIdSchema, roleId: roleIdSchema }[path].safeParse(value);
          if (!checked.success) context.addIssue({ code: 'custom', path: [path], message });
        }
        if (requiredText('roleRequired', INPUT_BOUNDS.roleNameMaxLength).safeParse(body.roleName).success === false) {
          context.addIssue({ code: 'custom', path: ['roleName'], message: 'roleRequired' });
        }
      }
      // Without a valid kind the contact already has its prompt (contactRequired).
      if (body.contactKind !== 'email' && body.contactKind !== 'phone') return;
      const contact = (body.contactKind === 'email' ? emailSchema : phoneSchema).safeParse(body.contact);
      if (!contact.success) {
        context.addIssue({ code: 'custom', path: ['contact'], message: body.contactKind === 'email' ? 'emailInvalid' : 'phoneInvalid' });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type InquiryCreateBody = z.input<typeof inquiryCreateBodySchema>;

/**
 * The contact as stored: an e-mail trimmed with its domain lower-cased (domains ignore case; the part before the @
 * may not, so it is kept as typed), a phone reduced to + and digits.
 */
export function normaliseContact(kind: (typeof CONTACT_KINDS)[number], contact: string): string {
  if (kind === 'phone') return phoneSchema.parse(contact);
  const address = contact.trim();
  const at = address.lastIndexOf('@');
  return at < 0 ? address : address.slice(0, at) + address.slice(at).toLowerCase();
}

export const inquiryCreatedSchema = z.object({ inquiryId: z.number().int() });

export const inquiryIdQuerySchema = z.strictObject({ ...commonQueryShape, inquiryId: idSchema });
export const inquiryIdBodySchema = z.strictObject({ inquiryId: z.number().int().positive().max(INPUT_BOUNDS.idMax) });

/** `clientId` (SPEC §7) names the game a client asks for; without it every game's tickets count. */
export const inquiryClientQuerySchema = z.strictObject({ ...commonQueryShape, clientId: clientIdSchema.optional() });

export const inquirySummarySchema = z.object({
  id: z.number().int(),
  ticketType: ticketTypeSchema,
  title: z.string(),
  gameId: z.number().int(),
  gameName: z.string(),
  categoryName: z.string(),
  status: ticketStatusSchema,
  /** An agent replied (or the chat ended by itself) since the player last opened the ticket. */
  unread: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InquirySummary = z.infer<typeof inquirySummarySchema>;

export const messageAuthorSchema = z.enum(['player', 'agent']);
export const inquiryMessageSchema = z.object({
  id: z.number().int(),
  author: messageAuthorSchema,
  content: z.string(),
  attachments: z.array(attachmentSchema),
  createdAt: z.string(),
});
export type InquiryMessage = z.infer<typeof inquiryMessageSchema>;

export const ratingReasonSchema = z.enum(RATING_REASONS);

export const ratingSchema = z.object({
  score: z.number().int(),
  reasons: z.array(ratingReasonSchema),
  comment: z.string(),
  createdAt: z.string(),
});

export const inquiryDetailSchema = inquirySummarySchema.extend({
  serverId: z.string(),
  serverName: z.string(),
  gameAreaId: z.string(),
  areaName: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  content: z.string(),
  contactKind: z.enum(CONTACT_KINDS),
  contact: z.string(),
  attachments: z.array(attachmentSchema),
  /** Player and agent messages after the question, oldest first. */
  messages: z.array(inquiryMessageSchema),
  /** Who ended the chat: the player, an agent, or the 24-hour auto-end (SPEC §4). */
  endedBy: z.enum(['player', 'agent', 'system']).nullable(),
  endedAt: z.string().nullable(),
  rating: ratingSchema.nullable(),
});
export type InquiryDetail = z.infer<typeof inquiryDetailSchema>;

export const inquiryReplyBodySchema = z.strictObject({
  inquiryId: z.number().int().positive().max(INPUT_BOUNDS.idMax),
  requestId: requestIdSchema,
  content: withoutControlCharacters(z.string('replyTooShort'), 'replyInvalid')
    .trim()
    .refine(showsAtLeast(LIMITS.replyMin), 'replyTooShort')
    .max(LIMITS.replyMax, 'replyTooLong'),
  attachments: attachmentIdsSchema,
});
export type InquiryReplyBody = z.input<typeof inquiryReplyBodySchema>;

export const inquiryEndedSchema = z.object({ status: ticketStatusSchema });

export const inquiryScoreBodySchema = z
  .strictObject({
    inquiryId: z.number().int().positive().max(INPUT_BOUNDS.idMax),
    score: z.number('scoreRequired').int('scoreRequired').min(LIMITS.scoreMin, 'scoreRequired').max(LIMITS.scoreMax, 'scoreRequired'),
    /** Only on a low score (SPEC: reasons to pick, skippable). */
    reasons: z.array(ratingReasonSchema).max(RATING_REASONS.length).default([]),
    /** Optional: one that shows nothing is no comment (''). */
    comment: blankAsEmpty(withoutControlCharacters(z.string(), 'commentInvalid'))
      .trim()
      .max(LIMITS.ratingCommentMax, 'commentTooLong')
      .default(''),
  })
  .refine((body) => body.score <= LIMITS.lowScoreMax || body.reasons.length === 0, {
    path: ['reasons'],
    message: 'reasonsOnlyForLowScore',
  });

export const feedbackSchema = z.object({
  /** Tickets with an agent reply or an auto-end the player has not seen yet. */
  count: z.number().int(),
  hasNew: z.boolean(),
});

export const unresolvedSchema = z.object({
  /** The player's most recent ticket still open (SPEC §4: view it or start a new one). */
  inquiry: inquirySummarySchema.nullable(),
  /** Tickets waiting for an agent; `longQueue` when past the configured threshold (SPEC §4 wait notice). */
  queue: z.object({ waiting: z.number().int(), longQueue: z.boolean() }),
  /**
   * The player has as many open tickets as the API allows (LIMITS.openTicketsMax): a new one would be refused with
   * tooManyOpenInquiries, so the page says so before the form, not after it. Absent from an API older than it.
   */
  atOpenLimit: z.boolean().default(false),
});

/** Uploaded, not yet attached: a player attaches it to one ticket or reply within LIMITS.pendingUploadHours. */
export const uploadedFileSchema = attachmentSchema;
export const fileDownloadQuerySchema = z.strictObject({ ...commonQueryShape, fileId: fileIdSchema });
/** POST /files/discard: an upload removed from a form before it was sent. */
export const fileDiscardBodySchema = z.strictObject({ fileId: fileIdSchema });

/** Agents (DESIGN §5): the queue, filtered by status, game and a text found in title, content or account. */
export const agentInquiriesQuerySchema = z.strictObject({
  ...commonQueryShape,
  status: ticketStatusSchema.optional(),
  gameId: idSchema.optional(),
  keyword: withoutControlCharacters(z.string(), 'keywordInvalid').trim().max(INPUT_BOUNDS.agentKeywordMaxLength).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const agentInquirySummarySchema = inquirySummarySchema.extend({ account: z.string() });
export const agentInquiryListSchema = z.object({
  items: z.array(agentInquirySummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
/** `language`: the one the player wrote in, which the desk's canned replies start from. */
export const agentInquiryDetailSchema = inquiryDetailSchema.extend({ account: z.string(), language: languageSchema });
