import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stylesheetLinks } from 'shared-contracts';
import type { FirstViewRenderer, PageDocument, PageDocumentInput } from 'shared-contracts/server';
import { renderer as account } from 'mfe-account/server';
import { renderer as catalog } from 'mfe-catalog/server';
import { renderer as support } from 'mfe-support/server';
import { document as shellDocument } from 'shell/server';
import { ExpiringCache, FRAGMENT_CACHE_MS } from 'tooling/first-view';
import { FIRST_VIEW_STYLESHEETS_FILE, type FirstViewStylesheets } from './stylesheets.js';

/**
 * The monolith's page renderer (its server bundle's `document`, served by the shell's static server as the
 * federated shell's is): the same page with the same first view, the shell's frame and the routed page's view
 * rendered by the remotes' own renderers, but in one process, as a monolith renders a page. The shell's document
 * names the routed view and its stylesheets in includes for the edge; here they are filled in directly, so no
 * fragment is asked of any origin.
 */

const RENDERERS: Record<string, FirstViewRenderer> = { catalog, support, account };

/** The include the shell's document writes into the routed remote's region (shell/src/server/first-view.tsx). */
const INCLUDE = /<!--# include virtual="\/_fragment\/([a-z]+)\/first-view\?([^"]*)" -->/;
/** The include of that remote's stylesheets the shell's document writes into the head. */
const STYLESHEETS_INCLUDE = /<!--# include virtual="\/_fragment\/[a-z]+\/stylesheets" -->/;

/**
 * Read beside this bundle: the browser build writes it at build time. `__dirname` is the bundle's folder, which
 * Rspack leaves to Node for a Node target.
 */
const stylesheets = JSON.parse(readFileSync(path.join(__dirname, FIRST_VIEW_STYLESHEETS_FILE), 'utf8')) as FirstViewStylesheets;

/**
 * Rendered views are kept as the fragment servers keep theirs (tooling/src/first-view.ts): a minute, by page,
 * brand, area and language, so the monolith's pages cost its server what the federated ones cost theirs.
 */
const views = new ExpiringCache<string | null>(FRAGMENT_CACHE_MS, 2_000);

function renderView(remote: string, query: string, apiUrl: string): Promise<string | null> {
  const renderer = RENDERERS[remote];
  if (!renderer) return Promise.resolve(null);
  return renderer.render(Object.fromEntries(new URLSearchParams(query)), { apiUrl }).then((html) => {
    views.set(`${remote}?${query}`, html);
    return html;
  });
}

/** The routed view's HTML; empty when it has none or fails, and the page then renders it in the browser. */
async function routedView(remote: string, query: string, apiUrl: string): Promise<string> {
  const cached = views.get(`${remote}?${query}`);
  if (cached && !cached.stale) return cached.value ?? '';
  const rendering = renderView(remote, query, apiUrl).catch(() => null);
  // Past its minute a view goes out at once while the next one renders, as a fragment does.
  return (cached ? cached.value : await rendering) ?? '';
}

export const document = {
  prepare: async (): Promise<void> => {
    await Promise.all([shellDocument.prepare(), ...Object.values(RENDERERS).map((renderer) => renderer.prepare())]);
  },
  async render(input: PageDocumentInput): Promise<PageDocument> {
    const page = await shellDocument.render(input);
    if (page.status === 302) return page;
    const include = INCLUDE.exec(page.html);
    if (!include) return page;
    const remote = include[1] ?? '';
    const view = await routedView(remote, include[2] ?? '', input.apiUrl);
    const html = page.html.replace(include[0], () => view).replace(STYLESHEETS_INCLUDE, () => stylesheetLinks(stylesheets[remote] ?? []));
    return { ...page, html };
  },
};
