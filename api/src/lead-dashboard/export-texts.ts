import type { Language } from 'shared-contracts';
import { z } from 'zod';
import { localeTexts } from '../locale-texts.js';

const text = z.string().min(1);
export const leadExportTextsSchema = z.strictObject({
  days: z.strictObject({
    day: text,
    opened: text,
    ended: text,
    firstResponseP50: text,
    firstResponseP90: text,
    resolutionP50: text,
    resolutionP90: text,
  }),
  summary: z.strictObject({ measure: text, value: text, firstResponseTickets: text, resolutionTickets: text }),
  csat: z.strictObject({ game: text, agent: text, ratings: text, satisfied: text, csat: text }),
  reasons: z.strictObject({
    reason: text,
    count: text,
    share: text,
    slow: text,
    unclear: text,
    unsolved: text,
    unfriendly: text,
  }),
});
export type LeadExportTexts = z.infer<typeof leadExportTextsSchema>;

/** `api/locales/<lang>/lead-export.json`: the column headers of the lead's CSV files, in every language. */
const exportTexts = localeTexts('lead-export.json', leadExportTextsSchema, 'lead export texts');

/** The headers in the call's language (FALLBACK_LANGUAGE's where a language has none). */
export function leadExportTexts(language: Language): LeadExportTexts {
  return exportTexts.in(language);
}
