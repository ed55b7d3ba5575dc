import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from 'shared-contracts';
import { z } from 'zod';
import { API_ROOT } from '../config.js';
import { FALLBACK_LANGUAGE } from '../http/call-language.js';

/** `api/locales/<lang>/lead-export.json`: the column headers of the lead's CSV files, in every language. */
export const LEAD_EXPORT_LOCALES_DIR = path.join(API_ROOT, 'locales');

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
  responseTimes: z.strictObject({ measure: text, tickets: text, p50: text, p90: text, firstResponse: text, resolution: text }),
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

let cache: Map<Language, LeadExportTexts> | undefined;

/** Every language's headers, read once; a missing or malformed file is an error at the first use (and in tests). */
export function loadLeadExportTexts(dir: string = LEAD_EXPORT_LOCALES_DIR): Map<Language, LeadExportTexts> {
  const texts = new Map<Language, LeadExportTexts>();
  for (const language of LANGUAGES) {
    const file = path.join(dir, language, 'lead-export.json');
    const parsed = leadExportTextsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`Invalid lead export texts ${file}: ${parsed.error.issues[0]?.message ?? ''}`);
    texts.set(language, parsed.data);
  }
  return texts;
}

/** The headers in the call's language (FALLBACK_LANGUAGE's where a language has none). */
export function leadExportTexts(language: Language): LeadExportTexts {
  cache ??= loadLeadExportTexts();
  const texts = cache.get(language) ?? cache.get(FALLBACK_LANGUAGE);
  if (!texts) throw new Error('No lead export texts loaded');
  return texts;
}
