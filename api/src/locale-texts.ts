import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from 'shared-contracts';
import type { z } from 'zod';
import { API_ROOT } from './config.js';
import { FALLBACK_LANGUAGE } from './http/call-language.js';

/** `api/locales/<lang>/`: the texts the API writes itself (mails, the lead's CSV headers), one file each per language. */
export const API_LOCALES_DIR = path.join(API_ROOT, 'locales');

/**
 * One kind of the API's own texts, `<lang>/<fileName>` in every language, checked against its schema. They are read
 * once, at the first use: a missing or malformed file is an error then (and in the tests, which load them all).
 */
export function localeTexts<Schema extends z.ZodType>(fileName: string, schema: Schema, what: string) {
  let cache: Map<Language, z.infer<Schema>> | undefined;
  const load = (dir: string = API_LOCALES_DIR): Map<Language, z.infer<Schema>> => {
    const texts = new Map<Language, z.infer<Schema>>();
    for (const language of LANGUAGES) {
      const file = path.join(dir, language, fileName);
      const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!parsed.success) throw new Error(`Invalid ${what} ${file}: ${parsed.error.issues[0]?.message ?? ''}`);
      texts.set(language, parsed.data);
    }
    return texts;
  };
  return {
    load,
    /** The texts in `language`, or FALLBACK_LANGUAGE's where a language has none. */
    in(language: Language): z.infer<Schema> {
      cache ??= load();
      const texts = cache.get(language) ?? cache.get(FALLBACK_LANGUAGE);
      if (!texts) throw new Error(`No ${what} loaded`);
      return texts;
    },
  };
}
