import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Database } from '../db/database.js';
import { REFERENCE_LIST_CACHE, registerEndpoints } from '../http/endpoint-routes.js';
import { Catalog, type CatalogOptions } from './catalog.js';
import { createCatalogHandlers } from './handlers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The cached games lists; call `invalidate()` after changing games in the database. */
    catalog: Catalog;
  }
}

export interface CatalogPluginOptions {
  db: Database;
  catalog?: CatalogOptions;
}

/** The games lists' domain; it shares `app.catalog` (identity asks it whether a client's game exists). */
const catalogDomain: FastifyPluginAsync<CatalogPluginOptions> = async (app, options) => {
  const catalog = new Catalog(options.db, {
    onRefreshError: (error) => app.log.error({ err: error }, 'catalogue refresh failed; serving the previous one'),
    ...options.catalog,
  });
  app.decorate('catalog', catalog);
  // The games of a site depend on the path prefix the edge forwards (their artwork's URLs).
  registerEndpoints(app, 'catalog', createCatalogHandlers(catalog), {
    gamesAll: { cacheControl: REFERENCE_LIST_CACHE, vary: 'X-Forwarded-Prefix' },
    gamesSimple: { cacheControl: REFERENCE_LIST_CACHE, vary: 'X-Forwarded-Prefix' },
  });
};

export const catalogPlugin = fastifyPlugin(catalogDomain, { name: 'catalog' });
