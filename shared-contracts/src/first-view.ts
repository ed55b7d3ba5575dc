import type { Language } from './areas.js';

/**
 * A page's first view in its HTML (README "First view in the HTML"): the shell's frame and the routed remote's first screen arrive
 * rendered, each by its own app's code, and the apps' client code replaces them when it mounts. What a first view
 * was rendered from travels beside it as a JSON data island, so the client renders the same screen without asking
 * the API again.
 */

/** Where every app's origin serves its first-view fragment; the edge includes `/_fragment/<app>/first-view`. */
export const FIRST_VIEW_FRAGMENT_PATH = '/_fragment/first-view';

/** The data island a remote's first view was rendered from, when it is for this page's language. */
export function readDataIsland<T>(id: string, language: Language): T | undefined {
  if (typeof document === 'undefined') return undefined;
  const island = document.getElementById(id);
  if (!(island instanceof HTMLScriptElement) || island.type !== 'application/json' || island.dataset.language !== language) return undefined;
  try {
    return JSON.parse(island.textContent ?? '') as T;
  } catch {
    return undefined;
  }
}

/** A promise React's `use` reads at once, for data the page already carries. */
export function settledPromise<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
}
