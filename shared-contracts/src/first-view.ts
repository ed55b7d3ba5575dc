import type { Language } from './areas.js';
import { escapeHtml } from './text.js';

/**
 * A page's first view in its HTML (README "First view in the HTML"): the shell's frame and the routed remote's first screen arrive
 * rendered, each by its own app's code, and the apps' client code hydrates or replaces them when it mounts. What a first view
 * was rendered from travels beside it as a JSON data island, so the client renders the same screen without asking
 * the API again.
 */

/** Marks the controls a first view disables until its app has taken it over (server/first-view.tsx). */
export const INERT_UNTIL_MOUNT_ATTRIBUTE = 'data-inert-until-mount';

/**
 * What an app does once its root has taken over a first view by hydrating it: the controls the server disabled work
 * now (React knows them as enabled, and does not correct attributes while hydrating), and the data islands, read by
 * that render, go, as they do when a root replaces the view, so that a later render asks the API afresh.
 */
export function releaseFirstView(root: ParentNode): void {
  for (const control of root.querySelectorAll(`[${INERT_UNTIL_MOUNT_ATTRIBUTE}]`)) {
    control.removeAttribute('disabled');
    control.removeAttribute(INERT_UNTIL_MOUNT_ATTRIBUTE);
  }
  for (const island of root.querySelectorAll('script[type="application/json"]')) island.remove();
}

/**
 * The first element of a first view in a remote's region, if the page's HTML carries one: the region then holds the
 * view, then its data islands (its stylesheets are in the head). A region the edge left empty (the fragment failed),
 * or one single-spa-layout made for a page the player moved to, holds none.
 */
export function firstViewIn(region: ParentNode): Element | undefined {
  return [...region.children].find((child) => child.localName !== 'script');
}

/** Where every app's origin serves its first-view fragment; the edge includes `/_fragment/<app>/first-view`. */
export const FIRST_VIEW_FRAGMENT_PATH = '/_fragment/first-view';

/**
 * Where every remote's origin serves the stylesheet links of its first view, for the page's head; the edge includes
 * `/_fragment/<app>/stylesheets` there. In the head they hold the first paint until the view is styled, the whole
 * page is laid out once before that paint, and the parser never stops in the region: a stylesheet linked inside the
 * body stops the parser there until it has loaded, the page paints its frame alone meanwhile, and the view is laid
 * out after the first paint, in one long task of the main thread (issue 13).
 */
export const FIRST_VIEW_STYLESHEETS_PATH = '/_fragment/stylesheets';

/** The head's links to a first view's stylesheets (FIRST_VIEW_STYLESHEETS_PATH), by absolute URL. */
export function stylesheetLinks(hrefs: readonly string[]): string {
  return hrefs.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
}

/**
 * The custom property every built stylesheet sets on `:root` (tooling's stylesheet-marker banner), named after its
 * file: a page can tell a stylesheet that applied from one that failed to load, which a cross-origin `<link>` does
 * not say (its `sheet` is there and its rules are closed either way).
 */
export function stylesheetMarker(fileName: string): string {
  return `--stylesheet-${fileName.replace(/\.css$/, '').replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** The data island a remote's first view was rendered from, when it is for this page's language. */
export function readDataIsland<T>(id: string, language: Language): T | undefined {
  if (typeof document === 'undefined') return undefined;
  const island = document.getElementById(id);
  if (!(island instanceof HTMLScriptElement) || island.type !== 'application/json' || island.dataset.language !== language)
    return undefined;
  try {
    return JSON.parse(island.textContent ?? '') as T;
  } catch {
    return undefined;
  }
}

/**
 * A data island and the language it was rendered in, read at once. For data a view reads when React hydrates it
 * inside a Suspense boundary: React does so after the root's first commit, when the page's islands are gone.
 */
export function snapshotDataIsland<T>(id: string): { language: string; value: T } | undefined {
  if (typeof document === 'undefined') return undefined;
  const language = document.getElementById(id)?.dataset.language;
  if (!language) return undefined;
  const value = readDataIsland<T>(id, language as Language);
  return value === undefined ? undefined : { language, value };
}

/** A promise React's `use` reads at once, for data the page already carries. */
export function settledPromise<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
}
