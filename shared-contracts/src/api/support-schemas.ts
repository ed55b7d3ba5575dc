import { z } from 'zod';
import { ID_TEXT_PATTERN, INPUT_BOUNDS } from '../limits.js';
import { normaliseServerId } from '../text.js';
import { commonQueryShape, idSchema } from './schemas.js';
import { DOWNLOAD_PLATFORMS } from './ticket-constants.js';

/**
 * Reference data of the support screens (SPEC §2 support centre, §3 csForm, §7 `/faqs*`, `/inquiries/types`,
 * `/game/*`). Texts come in the request's `spec_lang` (English when a text has none). An unknown game is 4040
 * `gameNotFound`; unknown servers, regions and help-topic types are 4040 `serverNotFound`, `areaNotFound`,
 * `faqTypeNotFound`.
 */

/** A server id as typed or taken from a URL (`S12`, `12`, `s12`), normalised to `s12` (SPEC §4). */
export const serverIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(INPUT_BOUNDS.supportIdMaxLength)
  .regex(ID_TEXT_PATTERN)
  .transform(normaliseServerId);

/** An id the games define for their regions and characters: letters, digits, `_` and `-`, kept as given. */
const supportIdSchema = z.string().trim().min(1).max(INPUT_BOUNDS.supportIdMaxLength).regex(ID_TEXT_PATTERN);

/** A region (area) id of a server (`asia`). */
export const gameAreaIdSchema = supportIdSchema;

/** A character (role) id of a player on a server (`r100101`). */
export const roleIdSchema = supportIdSchema;

/**
 * Search text of the help topics: matched literally (no wildcards), ignoring case, against title and answer.
 * Empty or blank means no search, so a cleared search box lists everything.
 */
export const faqKeywordSchema = z
  .string()
  .max(INPUT_BOUNDS.faqKeywordMaxLength)
  .transform((value) => value.trim())
  .transform((value) => (value === '' ? undefined : value));

export const gameQuerySchema = z.strictObject({ ...commonQueryShape, gameId: idSchema });
export const faqsQuerySchema = z.strictObject({
  ...commonQueryShape,
  gameId: idSchema,
  typeId: idSchema.optional(),
  keyword: faqKeywordSchema.optional(),
});
export const gameServerQuerySchema = z.strictObject({ ...commonQueryShape, gameId: idSchema, serverId: serverIdSchema });
export const gameRolesQuerySchema = z.strictObject({
  ...commonQueryShape,
  gameId: idSchema,
  serverId: serverIdSchema,
  /** Only the characters of this region; all regions of the server without it. */
  areaId: gameAreaIdSchema.optional(),
});

/** A help-topic type (Account, Payment, Gameplay, Technical). */
export const faqTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export type FaqType = z.infer<typeof faqTypeSchema>;

/** A help topic; `answer` is plain text, paragraphs separated by a blank line. */
export const faqSchema = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  title: z.string(),
  answer: z.string(),
});
export type Faq = z.infer<typeof faqSchema>;

/** A question category of the inquiry form (csForm.queryType). */
export const inquiryTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export type InquiryType = z.infer<typeof inquiryTypeSchema>;

export const gameServerSchema = z.object({ id: z.string().regex(/^s/), name: z.string() });
export type GameServer = z.infer<typeof gameServerSchema>;

export const gameAreaSchema = z.object({ id: z.string(), name: z.string() });
export type GameArea = z.infer<typeof gameAreaSchema>;

/** One of the logged-in player's characters. */
export const gameRoleSchema = z.object({
  roleId: z.string(),
  roleName: z.string(),
  level: z.number().int(),
  /** The region the character lives in. */
  areaId: z.string(),
});
export type GameRole = z.infer<typeof gameRoleSchema>;

export const downloadPlatformSchema = z.enum(DOWNLOAD_PLATFORMS);
export const gameDownloadSchema = z.object({ platform: downloadPlatformSchema, url: z.string() });
export type GameDownload = z.infer<typeof gameDownloadSchema>;
