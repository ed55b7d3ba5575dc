import i18next, { type i18n as I18n } from 'i18next';
import { isLanguage, textDirection, type Language } from '../areas.js';
import { STORAGE_KEYS } from '../session/storage-keys.js';

export type Messages = { [key: string]: string | Messages };
/** Loads one namespace's messages for one language; apps pass `(lang) => import(`../locales/${lang}/x.json`)`. */
export type NamespaceLoader = (language: Language) => Promise<{ default: Messages } | Messages>;

/** The URL a language change reloads to: spec_lang and self_lang rewritten (SPEC §4). */
export function languageChangeHref(href: string, language: Language): string {
  const url = new URL(href);
  url.searchParams.set(STORAGE_KEYS.specLang, language);
  url.searchParams.set(STORAGE_KEYS.selfLang, language);
  return url.toString();
}

/** Initialises the one i18next instance (shared as a singleton across apps) and sets the document's language. */
export async function initI18n(language: Language): Promise<I18n> {
  if (!i18next.isInitialized) {
    await i18next.init({
      lng: language,
      fallbackLng: false,
      ns: [],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  if (typeof document !== 'undefined') setDocumentLanguage(document.documentElement, language);
  return i18next;
}

/**
 * Writes the page's `lang` and `dir` only where they differ: the HTML of the first view already carries them, and
 * writing either, even the same value, makes the browser restyle every element of the page (issue 13: about 7 ms
 * of a phone's start-up on a support page, 55 ms at 8x CPU).
 */
function setDocumentLanguage(root: HTMLElement, language: Language): void {
  const dir = textDirection(language);
  if (root.lang !== language) root.lang = language;
  if (root.dir !== dir) root.dir = dir;
}

/** Adds an app's namespace for the current language, once. */
export async function addNamespace(namespace: string, load: NamespaceLoader): Promise<void> {
  const language = i18next.language;
  if (!isLanguage(language) || i18next.hasResourceBundle(language, namespace)) return;
  const loaded = await load(language);
  const messages = ('default' in loaded && typeof loaded.default === 'object' ? loaded.default : loaded) as Messages;
  i18next.addResourceBundle(language, namespace, messages, true, false);
}

/**
 * A size in megabytes, written the way the language writes the unit ("20 MB", fr "20 Mo", ru "20 МБ"): byte limits
 * in messages and file sizes from a megabyte up.
 */
export function formatMegabytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));
}

export { i18next };
