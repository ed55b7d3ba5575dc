import type { Language } from 'shared-contracts';

/**
 * The language of a call that names none (SPEC §3 `spec_lang` is optional), and of a text that has no translation in
 * the language named: catalogue and support texts, mails, the lead's export headers.
 */
export const FALLBACK_LANGUAGE: Language = 'en';

/** The call's language: its `spec_lang`, or FALLBACK_LANGUAGE. Every endpoint's handler receives it so. */
export function callLanguage(query: unknown): Language {
  return (query as { spec_lang?: Language } | undefined)?.spec_lang ?? FALLBACK_LANGUAGE;
}
