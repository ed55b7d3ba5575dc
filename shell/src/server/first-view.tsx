import { matchRoute } from 'single-spa-layout';
import { constructServerLayout } from 'single-spa-layout/server';
import {
  CONTEXT_COOKIES,
  ROUTES,
  PRECHECK_ISLAND_ID,
  SIMPLE_GAMES_ISLAND_ID,
  escapeHtml,
  i18next,
  requestedPageContext,
  redirectTargetOf,
  routeNameOf,
  seedSimpleGames,
  textDirection,
  themeVariables,
  viewSearch,
  type CarriedPrecheck,
  type GameSimple,
} from 'shared-contracts';
import {
  dataIsland,
  firstViewApi,
  inertControls,
  prepareMessages,
  renderWithPlatform,
  type PageDocument,
  type PageDocumentInput,
} from 'shared-contracts/server';
import { BRAND_ASSETS } from '../app/brand-assets.js';
import { brandIconsMarkup } from '../components/brand-icon.js';
import { ICON_SPRITE_TEXTS } from './brand-icon-sprites.js';
import { Frame, FrameFooter } from '../app/frame.js';
import { loadShellMessages } from '../app/messages.js';
import { NOT_FOUND_APP, notFoundHtml } from '../app/not-found-app.js';

/** The template's routes, parsed once per version of index.html (a shell deploy replaces it). */
let routesOf: { template: string; routes: ReturnType<typeof constructServerLayout>['resolvedRoutes'] } | undefined;

/** The remote single-spa-layout shows at a path, from the same template the browser's layout reads. */
function remoteAt(template: string, path: string): string | undefined {
  if (routesOf?.template !== template) {
    // Only the routes are wanted here. The server layout finds a container by tag name, not by selector, so it is
    // pointed at the <main> that #app-region is.
    const html = template.replace(/containerel="#app-region"/i, 'containerEl="main"');
    routesOf = { template, routes: constructServerLayout({ html }).resolvedRoutes };
  }
  const { routes: resolvedRoutes } = routesOf;
  const names: string[] = [];
  const collect = (nodes: readonly unknown[]) => {
    for (const node of nodes as { type?: string; name?: string; routes?: unknown[] }[]) {
      if (node.type === 'application' && node.name) names.push(node.name);
      if (node.routes) collect(node.routes);
    }
  };
  collect(matchRoute(resolvedRoutes, path).routes);
  return names.find((name) => name !== 'not-found');
}

/** Replaces the one match of a pattern the built index.html has; a template without it is a build error. */
function replaceOnce(html: string, pattern: RegExp, replacement: (match: string, ...groups: string[]) => string): string {
  if (!pattern.test(html)) throw new Error(`index.html lacks ${pattern.source}`);
  return html.replace(pattern, replacement);
}

/**
 * Whether the address is the page of a game the catalogue lacks, which the catalogue shows as not found: such a page
 * answers 404, as an unknown address does, not a 200 a search engine would keep. The id is read as the catalogue
 * reads it; without the game list (the API did not answer) nothing is decided.
 */
function isUnknownGame(path: string, games: readonly GameSimple[] | null): boolean {
  if (!games || routeNameOf(path) !== 'gameDetails') return false;
  const id = Number(path.replace(/\/+$/, '').slice(ROUTES.gameDetails.length + 1));
  return !games.some((game) => game.id === id);
}

/**
 * The shell's page for one request (README "First view in the HTML"): the built index.html with the brand's theme, language and title,
 * the frame as a guest sees it, and in the routed remote's region the edge's include of that remote's first view.
 * Nothing personal: pages differ only by host, path, area and language.
 */
export const document = {
  prepare: () => prepareMessages({ shell: loadShellMessages }),
  async render(input: PageDocumentInput): Promise<PageDocument> {
    const redirect = redirectTargetOf(input.path, input.search);
    if (redirect) return { status: 302, location: redirect };
    const context = requestedPageContext({
      host: input.host,
      search: input.search,
      storedArea: input.cookies[CONTEXT_COOKIES.area],
      storedLanguage: input.cookies[CONTEXT_COOKIES.language],
    });
    const { brand, area, language } = context;
    const remote = remoteAt(input.template, input.path);
    const request = { path: input.path, host: input.host, area, language };
    // The game list fills the side menu and the Top up link, and the game-info check's answer spares the browser's
    // start-up that round trip (bootstrapPlatform); without either the frame still renders, and the browser asks.
    const api = firstViewApi(request, { apiUrl: input.apiUrl });
    const [games, precheck] = await Promise.all([
      api.call('gamesSimple', { query: { platform: 'web' } }).catch((): GameSimple[] | null => null),
      api.call('gamesPrecheck').then(
        (answer): CarriedPrecheck => ({ ...answer, askedAbout: area }),
        () => null,
      ),
    ]);
    // With the query: the help step's address names the game whose repay button the top bar shows.
    return renderWithPlatform({ ...request, search: input.search }, { shell: loadShellMessages }, (renderToHtml) => {
      if (games) seedSimpleGames(games);
      const islands =
        (games ? dataIsland(SIMPLE_GAMES_ISLAND_ID, language, games) : '') +
        (precheck ? dataIsland(PRECHECK_ISLAND_ID, language, precheck) : '');
      const top = inertControls(renderToHtml(<Frame />)) + islands;
      const bottom = inertControls(renderToHtml(<FrameFooter />));
      const theme = `:root{${Object.entries(themeVariables(brand))
        .map(([name, value]) => `${name}:${value}`)
        .join(';')}}`;
      const titleMatch = /<h1[^>]*data-testid="page-title"[^>]*>([^<]*)<\/h1>/.exec(top);
      const pageTitle = titleMatch?.[1] ? `${titleMatch[1]} | ${escapeHtml(brand.name)}` : escapeHtml(brand.name);
      const query = new URLSearchParams({ path: input.path, host: input.host, area, lang: language });
      // The query the view reads (viewSearch) goes only when there is some: most pages' includes, and cache keys, have none.
      const search = viewSearch(input.search);
      if (search) query.set('search', search);
      const region = remote
        ? // The query is percent-encoded (no quote, no markup) and stays raw: nginx passes an include's path as written.
          `<div id="single-spa-application:${remote}"><!--# include virtual="/_fragment/${remote}/first-view?${query.toString()}" --></div>`
        : routeNameOf(input.path) === 'notFound'
          ? `<div id="single-spa-application:${NOT_FOUND_APP}">${notFoundHtml()}</div>`
          : '';
      // The view's stylesheets, last in the head (FIRST_VIEW_STYLESHEETS_PATH), and a render-blocking expectation of
      // the element after the region: the first paint waits for both and shows the whole first view, laid out once.
      // Without the expectation a page that arrives in parts (an edge streaming the frame before its include is in, a
      // busy phone's parser yielding) is painted with the frame alone, and the view is laid out after that paint, in
      // a long task of its own.
      const firstViewHead = remote
        ? `<!--# include virtual="/_fragment/${remote}/stylesheets" --><link rel="expect" href="#frame-bottom" blocking="render">`
        : '';
      let html = input.template;
      html = replaceOnce(
        html,
        /<html[^>]*>/,
        () => `<html lang="${language}" dir="${textDirection(language)}" data-theme="${brand.theme}">`,
      );
      html = replaceOnce(
        html,
        /<meta name="theme-color" content="[^"]*">/,
        () => `<meta name="theme-color" content="${escapeHtml(brand.colors.primary)}">`,
      );
      html = replaceOnce(
        html,
        /<link rel="icon" href="data:,">/,
        () => `<link rel="icon" type="image/svg+xml" href="${BRAND_ASSETS[brand.id].favicon}">`,
      );
      html = html.replace(/<title>[^<]*<\/title>/, '');
      html = replaceOnce(html, /<\/head>/, () => `<title>${pageTitle}</title><style>${theme}</style>${firstViewHead}</head>`);
      // The brand's icons first in the body: the frame's icons draw their symbols from the page itself.
      html = replaceOnce(html, /<body>/, () => `<body data-brand="${brand.id}">${brandIconsMarkup(ICON_SPRITE_TEXTS[brand.id])}`);
      html = replaceOnce(
        html,
        /(<a class="skip-link" href="#app-region">)(<\/a>)/,
        (_match, open, close) => `${open}${escapeHtml(i18next.t('shell:skipToContent'))}${close}`,
      );
      html = replaceOnce(html, /(<div id="frame-top"[^>]*>)(<\/div>)/, (_match, open, close) => `${open}${top}${close}`);
      html = replaceOnce(html, /(<main id="app-region"[^>]*>)(<\/main>)/, (_match, open, close) => `${open}${region}${close}`);
      html = replaceOnce(html, /(<div id="frame-bottom"[^>]*>)(<\/div>)/, (_match, open, close) => `${open}${bottom}${close}`);
      const found = routeNameOf(input.path) !== 'notFound' && !isUnknownGame(input.path, games);
      return { status: found ? 200 : 404, html, inlineStyles: [theme] };
    });
  },
};
