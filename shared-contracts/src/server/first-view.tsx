import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { setI18n } from 'react-i18next';
import { AREA_DEFAULT_LANGUAGE, LANGUAGES, isArea, isLanguage, type Area, type Language } from '../areas.js';
import { effectiveArea, resolveBrand } from '../brands.js';
import { createApiClient, type ApiClient } from '../api/client.js';
import { ENDPOINT_ROUTES } from '../api/endpoint-routes.js';
import { COMMON_NAMESPACE, loadCommonMessages } from '../i18n/common-namespace.js';
import { i18next, initI18n, type Messages, type NamespaceLoader } from '../i18n/i18n.js';
import { INERT_UNTIL_MOUNT_ATTRIBUTE } from '../first-view.js';
import { escapeHtml } from '../text.js';
import { setServerRenderPath } from '../session/sign-in.js';
import { setPlatformContext, setRoute } from '../session/store.js';
import { PublicAnswers } from './public-answers.js';
import { memoisingTranslations } from './server-translations.js';

/** What the edge asks an app's first-view fragment for: the page, and the brand, area and language it shows. */
export interface FirstViewRequest {
  /** The page's path, as the player asked for it. */
  path: string;
  /** The page's host (the brand, DESIGN §6). */
  host: string;
  area: Area;
  language: Language;
  /** The page's query a view may depend on (`viewSearch`), without the leading `?`; empty for most pages. */
  search: string;
}

/** Where a fragment host finds what a render needs. */
export interface FirstViewEnvironment {
  /** The API's base URL as this server reaches it. */
  apiUrl: string;
}

/**
 * A first view: the app's element, and the data islands its client code reads instead of calling the API. The
 * element is made in the render's synchronous step, where the app may seed its resources with the fetched data.
 */
export interface FirstView {
  element: () => ReactElement;
  islands?: Record<string, unknown>;
}

/** What a remote's server bundle exports as `renderer` (its `src/server/first-view.tsx`), for the fragment host. */
export interface FirstViewRenderer {
  /**
   * The region's HTML for a fragment request's query (path, host, area, lang), or null where the route has no first
   * view shared by every player (personal pages) or the query names no page of the platform.
   */
  render(query: Record<string, unknown>, environment: FirstViewEnvironment): Promise<string | null>;
  /** Loads what every render needs (messages of every language), so the first request is as quick as the next. */
  prepare(): Promise<void>;
  /**
   * Prepares, then renders each of the app's first-view pages once and throws the result away, so the first player's
   * fragment meets compiled code, loaded modules and an open connection to the API, not a cold process that misses
   * the edge's timeout. Rejects when a page could not be rendered (the API unreachable, say); the server starts all
   * the same.
   */
  warmUp(environment: FirstViewEnvironment): Promise<void>;
}

/** What the shell's page server is asked to render: its server bundle exports `document` with this `render`. */
export interface PageDocumentInput {
  /** The built index.html. */
  template: string;
  apiUrl: string;
  host: string;
  path: string;
  search: string;
  cookies: Readonly<Record<string, string>>;
}

export type PageDocument =
  | {
      /** 404 for an address no view of the platform knows (`routeNameOf`'s notFound), which still gets the page. */
      status: 200 | 404;
      html: string;
      /** The inline styles the page carries (the brand's theme), allowed by the page's CSP by their hashes. */
      inlineStyles: readonly string[];
    }
  | {
      /** An address the platform sends elsewhere (`redirectTargetOf`). */
      status: 302;
      location: string;
    };

/** A page's query longer than this is no view of ours (an address bar's worth is far more than any view reads). */
const FIRST_VIEW_SEARCH_MAX_LENGTH = 256;

/** The query of a fragment request, checked: a value the platform does not know is refused, never rendered. */
export function parseFirstViewRequest(query: Record<string, unknown>): FirstViewRequest | null {
  const { path, host, area, lang, search = '' } = query;
  if (typeof path !== 'string' || !path.startsWith('/') || typeof host !== 'string' || host === '') return null;
  if (!isArea(area) || !isLanguage(lang)) return null;
  if (typeof search !== 'string' || search.length > FIRST_VIEW_SEARCH_MAX_LENGTH) return null;
  return { path, host, area, language: lang, search };
}

/** The start tag of a button, a select, or a check box, radio or button input (React escapes ">" in attributes). */
const CONTROL_WITH_ACTION = /<(?:button|select)(?=[\s>])[^>]*>|<input(?=[^>]*\stype="(?:checkbox|radio|submit|button)")[^>]*>/g;

/**
 * A first view's buttons, selects and check boxes are disabled until the app mounts: before that nothing handles
 * them, and a disabled submit button also keeps the Enter key from submitting a form natively (which would put what
 * was typed into the address). Text fields stay open: what the player types there is kept at mount. Each control
 * disabled here, and only those, is marked, so that the app enables exactly them once it has taken the view over.
 */
export function inertControls(html: string): string {
  return html.replace(CONTROL_WITH_ACTION, (tag) =>
    /\sdisabled=""/.test(tag) ? tag : tag.replace(/^<\w+/, (name) => `${name} disabled="" ${INERT_UNTIL_MOUNT_ATTRIBUTE}=""`),
  );
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const escapedInScript = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** JSON that cannot end its script element or start markup, whatever texts the data holds. */
export function escapeJsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, escapedInScript);
}

/**
 * Each island value's JSON, by the value: an island carries the API's answers the renders share (PublicAnswers hands
 * the same object to every render while it is fresh, and renders only read it), so one serialisation serves them all.
 */
const islandJson = new WeakMap<object, string>();

function islandJsonOf(value: unknown): string {
  if (typeof value !== 'object' || value === null) return escapeJsonForHtml(value);
  let json = islandJson.get(value);
  if (json === undefined) {
    json = escapeJsonForHtml(value);
    islandJson.set(value, json);
  }
  return json;
}

/** A JSON data island (not executed, so the strict CSP allows it), tagged with the language it was rendered in. */
export function dataIsland(id: string, language: Language, value: unknown): string {
  return `<script type="application/json" id="${escapeHtml(id)}" data-language="${language}">${islandJsonOf(value)}</script>`;
}

/** What a warm-up renders as: a host no brand names (the default brand), in that brand's default area and language. */
const WARM_UP_HOST = 'localhost';
const WARM_UP_AREA = resolveBrand(WARM_UP_HOST).defaultArea;
const WARM_UP_LANGUAGE = AREA_DEFAULT_LANGUAGE[WARM_UP_AREA];

let i18nReady: Promise<unknown> | undefined;

/**
 * i18next, initialised once per process (requests arriving together must not initialise it twice). Every render
 * switches it to its own language; the one it starts in does not matter. The components' `t` remember their texts
 * (memoisingTranslations).
 */
function i18nInitialised(): Promise<unknown> {
  i18nReady ??= initI18n(WARM_UP_LANGUAGE).then(() => setI18n(memoisingTranslations(i18next)));
  return i18nReady;
}

/**
 * Every language's messages of these namespaces, loaded ahead of the first request. i18next is initialised first:
 * its resource calls (hasResourceBundle) exist only from then on.
 */
export async function prepareMessages(namespaces: Record<string, NamespaceLoader>): Promise<void> {
  await i18nInitialised();
  const all = { [COMMON_NAMESPACE]: loadCommonMessages, ...namespaces };
  await Promise.all(
    LANGUAGES.flatMap((language) => Object.entries(all).map(([namespace, load]) => loadMessages(language, namespace, load))),
  );
}

async function loadMessages(language: Language, namespace: string, load: NamespaceLoader): Promise<void> {
  if (i18next.hasResourceBundle(language, namespace)) return;
  const loaded = await load(language);
  const messages = ('default' in loaded && typeof loaded.default === 'object' ? loaded.default : loaded) as Messages;
  i18next.addResourceBundle(language, namespace, messages, true, false);
}

/**
 * Prepares the platform for one server render and renders it. The store and i18next are one per process, as in the
 * browser: the context is set and the render runs in one synchronous step, so concurrent requests never mix.
 */
export async function renderWithPlatform<T>(
  request: Omit<FirstViewRequest, 'search'> & { search?: string },
  namespaces: Record<string, NamespaceLoader>,
  render: (renderToHtml: (element: ReactElement) => string) => T,
): Promise<T> {
  await i18nInitialised();
  await loadMessages(request.language, COMMON_NAMESPACE, loadCommonMessages);
  for (const [namespace, load] of Object.entries(namespaces)) await loadMessages(request.language, namespace, load);
  const brand = resolveBrand(request.host);
  void i18next.changeLanguage(request.language);
  if (i18next.language !== request.language) throw new Error(`i18next did not switch to ${request.language} at once`);
  setPlatformContext({ brand, area: effectiveArea(brand, request.area), language: request.language });
  setRoute(request.path, request.search ?? '');
  setServerRenderPath(request.path);
  return render(renderToString);
}

/** A render waits this long for the API at most; the edge gives up on the fragment sooner anyway. */
const FIRST_VIEW_API_TIMEOUT_MS = 1_000;

/**
 * How long the renders of this process reuse an answer of the API's (PublicAnswers), and revalidate it for as long
 * again: a change to the catalogue reaches new fragments within this, well inside the minute the API lets browsers
 * and the edge keep those answers (max-age 60).
 */
export const PUBLIC_ANSWER_FRESH_MS = 10_000;
const publicAnswers = new PublicAnswers(PUBLIC_ANSWER_FRESH_MS, 1_000);

/**
 * An API client for one render: the request's language and area as common params, no session. Its GET calls are
 * answered from the answers kept for the brand (PublicAnswers), keyed by everything the request carries: the API,
 * the brand and its API path (the API tells brands apart by host, and sends asset URLs under that path), language,
 * area, the call and its query.
 */
export function firstViewApi(request: Pick<FirstViewRequest, 'host' | 'area' | 'language'>, environment: FirstViewEnvironment): ApiClient {
  const brand = resolveBrand(request.host);
  const client = createApiClient({
    forwardedHeaders: { 'x-forwarded-host': request.host, 'x-forwarded-prefix': brand.apiBase },
    baseURL: environment.apiUrl,
    commonParams: () => ({ spec_lang: request.language, domain_area: request.area }),
    token: () => null,
    onSessionInvalid: () => undefined,
    reportError: () => undefined,
    timeoutMs: FIRST_VIEW_API_TIMEOUT_MS,
  });
  return {
    ...client,
    call: (name, input = {}) => {
      if (ENDPOINT_ROUTES[name].method !== 'GET') return client.call(name, input);
      const key = JSON.stringify([environment.apiUrl, brand.id, brand.apiBase, request.language, request.area, name, input.query ?? {}]);
      return publicAnswers.answer(key, () => client.call(name, input));
    },
  };
}

/**
 * The renderer a remote's server bundle exports: it loads the common and the remote's messages, lets the remote
 * pick the view for the path (null for none), and renders it, then its islands. Its stylesheets go in the page's
 * head (`stylesheetLinks`), not here.
 */
export function createFirstViewRenderer(options: {
  namespace: string;
  loadMessages: NamespaceLoader;
  view: (request: FirstViewRequest, api: ApiClient) => Promise<FirstView | null>;
  /** One address of each page the remote renders a first view of (with the query it reads), for `warmUp`. */
  warmUpPages: readonly string[];
}): FirstViewRenderer {
  const prepare = () => prepareMessages({ [options.namespace]: options.loadMessages });
  const render: FirstViewRenderer['render'] = async (query, environment) => {
    const request = parseFirstViewRequest(query);
    if (!request) return null;
    const view = await options.view(request, firstViewApi(request, environment));
    if (!view) return null;
    return renderWithPlatform(request, { [options.namespace]: options.loadMessages }, (renderToHtml) => {
      const islands = Object.entries(view.islands ?? {})
        .map(([id, value]) => dataIsland(id, request.language, value))
        .join('');
      return `${inertControls(renderToHtml(view.element()))}${islands}`;
    });
  };
  return {
    prepare,
    render,
    async warmUp(environment) {
      await prepare();
      const rendered = await Promise.allSettled(
        options.warmUpPages.map((page) => {
          const [path, search = ''] = page.split('?');
          return render({ path, search, host: WARM_UP_HOST, area: WARM_UP_AREA, lang: WARM_UP_LANGUAGE }, environment);
        }),
      );
      const failed = rendered.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
}
