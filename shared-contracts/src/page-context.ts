import { AREA_DEFAULT_LANGUAGE, isArea, isLanguage, type Area, type Language } from './areas.js';
import { effectiveArea, resolveBrand, type ResolvedBrand } from './brands.js';
import { QUESTION_GAME_PARAM } from './routes.js';
import { STORAGE_KEYS } from './session/storage-keys.js';

/**
 * What a page's brand, area and language are read from (DESIGN §3 steps 1 to 4): the host, the URL's query, and
 * the area and language the player chose before. The browser keeps those in local storage and mirrors them into
 * cookies, so the server that composes a page's first view reads the same choice.
 */
export interface PageContextSources {
  host: string;
  search: string;
  storedArea: string | null | undefined;
  storedLanguage: string | null | undefined;
}

export interface RequestedPageContext {
  brand: ResolvedBrand;
  /** The area asked for: the URL's self_area, else the stored one when this brand serves it, else the brand default. */
  askedArea: Area;
  /** Whether the URL named the area (the start-up check may then reload with the server's answer, SPEC §4). */
  areaFromUrl: boolean;
  /** The area the API reports for this brand (DESIGN §6). */
  area: Area;
  /** The URL's spec_lang or self_lang, else the stored one, else the asked area's default. */
  language: Language;
}

export function requestedPageContext(sources: PageContextSources): RequestedPageContext {
  const brand = resolveBrand(sources.host);
  const params = new URLSearchParams(sources.search);
  const urlArea = params.get(STORAGE_KEYS.area);
  const stored = sources.storedArea;
  const askedArea = isArea(urlArea) ? urlArea : isArea(stored) && brand.areas.includes(stored) ? stored : brand.defaultArea;
  const languages = [params.get(STORAGE_KEYS.specLang), params.get(STORAGE_KEYS.selfLang), sources.storedLanguage];
  return {
    brand,
    askedArea,
    areaFromUrl: isArea(urlArea),
    area: effectiveArea(brand, askedArea),
    language: languages.find(isLanguage) ?? AREA_DEFAULT_LANGUAGE[askedArea],
  };
}

/**
 * The query parameters a routed view's first view reads: the help step's `game`. Only these go to the edge's include,
 * so a page's other parameters (a game client's `oauth_token`, a quick login's `code` and `state`, anything a visitor
 * adds) never reach a fragment's address, the edge's cache and logs, or a cache key of their own.
 */
const VIEW_PARAMS: readonly string[] = [QUESTION_GAME_PARAM];

/**
 * The part of a page's query its routed view may depend on (`VIEW_PARAMS`), in a fixed order, so that one view has
 * one cache key. Empty when there is none.
 */
export function viewSearch(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams([...params].filter(([name]) => VIEW_PARAMS.includes(name)));
  kept.sort();
  return kept.toString();
}

/** Cookies mirroring the stored choice for the server (no personal data: an area and a language). */
export const CONTEXT_COOKIES = { area: STORAGE_KEYS.area, language: STORAGE_KEYS.specLang } as const;

const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Writes the mirror cookies; a page without a document (the server) has none to write. */
export function mirrorContextCookies(context: { area: Area; language: Language }): void {
  if (typeof document === 'undefined') return;
  for (const [name, value] of [
    [CONTEXT_COOKIES.area, context.area],
    [CONTEXT_COOKIES.language, context.language],
  ] as const) {
    document.cookie = `${name}=${value}; path=/; max-age=${COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
  }
}
