import { LANGUAGES, LANGUAGE_NAMES } from 'shared-contracts';

/** The 16 languages a canned reply may be written in, each named in itself, as a select's options. */
export function LanguageOptions() {
  return LANGUAGES.map((code) => (
    <option key={code} value={code} lang={code}>
      {LANGUAGE_NAMES[code]}
    </option>
  ));
}
