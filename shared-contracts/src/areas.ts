/** The 16 languages of SPEC §1, in the order the spec lists them. */
export const LANGUAGES = ['ko', 'ja', 'zh-TW', 'zh-CN', 'en', 'de', 'es', 'fr', 'pt', 'ru', 'tr', 'it', 'ar', 'id', 'th', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];

export const RTL_LANGUAGES: ReadonlySet<Language> = new Set<Language>(['ar']);

/** Each language's own name, shown in the language popup whatever the page language is. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  ko: '한국어',
  ja: '日本語',
  'zh-TW': '繁體中文',
  'zh-CN': '简体中文',
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  pt: 'Português',
  ru: 'Русский',
  tr: 'Türkçe',
  it: 'Italiano',
  ar: 'العربية',
  id: 'Bahasa Indonesia',
  th: 'ไทย',
  vi: 'Tiếng Việt',
};

export const AREAS = ['kr', 'jp', 'twhk', 'eru', 'sea', 'vn'] as const;
export type Area = (typeof AREAS)[number];

/** SPEC §9 "Area to languages". The globe is shown only where an area offers more than one language. */
export const AREA_LANGUAGES: Record<Area, readonly Language[]> = {
  kr: ['ko'],
  jp: ['ja'],
  twhk: ['zh-TW'],
  vn: ['vi'],
  eru: ['en', 'de', 'es', 'fr', 'pt', 'ru', 'tr', 'zh-CN', 'it', 'ar'],
  sea: ['zh-CN', 'zh-TW', 'en', 'id', 'th', 'vi'],
};

/** The language a first visit gets when neither the URL nor storage names one (DESIGN §8). */
export const AREA_DEFAULT_LANGUAGE: Record<Area, Language> = {
  kr: 'ko',
  jp: 'ja',
  twhk: 'zh-TW',
  vn: 'vi',
  eru: 'en',
  sea: 'en',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isArea(value: unknown): value is Area {
  return typeof value === 'string' && (AREAS as readonly string[]).includes(value);
}

export function hasLanguageGlobe(area: Area): boolean {
  return AREA_LANGUAGES[area].length > 1;
}

export function textDirection(language: Language): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}
