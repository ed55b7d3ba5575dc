import { z } from 'zod';
import { AREAS, LANGUAGES } from '../areas.js';
import { ID_TEXT_PATTERN, INPUT_BOUNDS } from '../limits.js';

/**
 * zod schemas of the calls (SPEC §7): they type the client's calls and answers, the API validates requests,
 * serialises answers and builds its OpenAPI document with them, and Node-side callers check answers with them.
 * Query objects are strict: an unknown parameter is a clear error.
 */

export const envelopeSchema = <Data extends z.ZodType>(data: Data) => z.object({ code: z.number().int(), msg: z.string(), data });

export const languageSchema = z.enum(LANGUAGES);
export const areaSchema = z.enum(AREAS);
export const platformSchema = z.enum(['android', 'ios', 'web']);

/** spec_lang and domain_area go with every call (SPEC §3 "Common parameters"). */
export const commonQueryShape = {
  spec_lang: languageSchema.optional(),
  domain_area: areaSchema.optional(),
};

export const clientIdSchema = z.string().trim().min(1).max(INPUT_BOUNDS.clientIdMaxLength).regex(ID_TEXT_PATTERN);
export const idSchema = z.coerce.number().int().positive().max(INPUT_BOUNDS.idMax);

export const commonQuerySchema = z.strictObject(commonQueryShape);
export const gameListQuerySchema = z.strictObject({
  ...commonQueryShape,
  platform: platformSchema.optional(),
  clientId: clientIdSchema.optional(),
});

export const imageConfigSchema = z.object({
  cover: z.string(),
  banner: z.string(),
  icon: z.string(),
});

export const gameSectionSchema = z.object({
  /** Anchor used in the URL to scroll to this section (`/GamesDetails/3#features`). */
  id: z.string(),
  title: z.string(),
  body: z.string(),
});

export const gameSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subTitle: z.string(),
  imageConfig: imageConfigSchema,
  genre: z.string(),
  sections: z.array(gameSectionSchema),
});
export type Game = z.infer<typeof gameSchema>;

export const gameSimpleSchema = z.object({
  id: z.number().int(),
  logo: z.string(),
  gameName: z.string(),
  link: z.object({
    /** Self-service repay URL, when the game has one. */
    replenishment: z.string().nullable(),
    /** Top-up URL. */
    payment: z.string().nullable(),
  }),
});
export type GameSimple = z.infer<typeof gameSimpleSchema>;

export const precheckSchema = z.object({
  result: z.boolean(),
  area: areaSchema,
});
export type Precheck = z.infer<typeof precheckSchema>;

export const clientErrorBodySchema = z.strictObject({
  code: z.literal(1106),
  message: z.string().max(INPUT_BOUNDS.errorMessageMaxLength),
  method: z.string().max(10).optional(),
  url: z.string().max(INPUT_BOUNDS.errorMessageMaxLength).optional(),
  status: z.number().int().min(0).max(599).optional(),
  page: z.string().max(INPUT_BOUNDS.errorMessageMaxLength).optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorBodySchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  contractVersion: z.string(),
});
