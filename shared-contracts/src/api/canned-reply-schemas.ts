import { z } from 'zod';
import { LANGUAGES } from '../areas.js';
import { INPUT_BOUNDS, LIMITS } from '../limits.js';
import { commonQueryShape, languageSchema } from './schemas.js';
import { showsAtLeast, withoutControlCharacters } from './ticket-schemas.js';

/**
 * Canned replies of the agents' desk (issue 15): texts agents keep per language and insert into a reply. Messages a
 * schema sets are keys the browser translates (`support:errors.<key>`); the API runs the same schemas.
 */

const cannedReplyIdSchema = z.number().int().positive().max(INPUT_BOUNDS.idMax);

export const cannedReplySchema = z.object({
  id: z.number().int(),
  language: languageSchema,
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
  /** The agent who last wrote it; null once that account is gone (or for the demo data). */
  updatedBy: z.string().nullable(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;

/** GET /agent/canned-replies: one language's (or every language's) replies, by title, optionally those whose title holds `search`. */
export const cannedRepliesQuerySchema = z.strictObject({
  ...commonQueryShape,
  language: languageSchema.optional(),
  search: withoutControlCharacters(z.string(), 'cannedSearchInvalid')
    .trim()
    .max(LIMITS.cannedReplyTitleMax, 'cannedSearchInvalid')
    .optional(),
});

/** What an agent writes: the language it is for, a title to find it by, and the text a reply gets. */
export const cannedReplyFieldsSchema = z.strictObject({
  language: z.enum(LANGUAGES, 'cannedLanguageRequired'),
  title: withoutControlCharacters(z.string('cannedTitleRequired'), 'cannedTitleInvalid')
    .trim()
    .refine(showsAtLeast(1), 'cannedTitleRequired')
    .max(LIMITS.cannedReplyTitleMax, 'cannedTitleTooLong'),
  // At most what one reply holds, so an inserted canned reply can always be sent.
  body: withoutControlCharacters(z.string('cannedBodyRequired'), 'cannedBodyInvalid')
    .trim()
    .refine(showsAtLeast(LIMITS.replyMin), 'cannedBodyRequired')
    .max(LIMITS.replyMax, 'cannedBodyTooLong'),
});
export type CannedReplyFields = z.input<typeof cannedReplyFieldsSchema>;

export const cannedReplyUpdateBodySchema = cannedReplyFieldsSchema.extend({ cannedReplyId: cannedReplyIdSchema });
export const cannedReplyDeleteBodySchema = z.strictObject({ cannedReplyId: cannedReplyIdSchema });
