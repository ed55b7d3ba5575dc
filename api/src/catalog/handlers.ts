import { effectiveArea, resolveBrand } from 'shared-contracts';
import type { DomainHandlers } from '../http/endpoint-routes.js';
import { forwardedPrefix, requestHost } from '../http/forwarded.js';
import type { Catalog } from './catalog.js';

/** The games lists and the site's area check (SPEC §7 `/games/*`). */
export function createCatalogHandlers(catalog: Catalog): DomainHandlers<'catalog'> {
  return {
    // A game client's clientId puts its game first (Catalog); platform is accepted and changes nothing: every game
    // here is offered on every platform.
    gamesSimple: async ({ query, request }) => catalog.gamesSimple(forwardedPrefix(request.headers), query.clientId),

    gamesAll: async ({ query, language, request }) => catalog.gamesAll(language, forwardedPrefix(request.headers), query.clientId),

    gamesPrecheck: async ({ query, request }) => {
      const brand = resolveBrand(requestHost(request.headers));
      return { result: true, area: effectiveArea(brand, query.domain_area) };
    },
  };
}
