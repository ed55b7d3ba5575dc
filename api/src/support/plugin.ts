import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { SnapshotCacheOptions } from '../cache/snapshot-cache.js';
import type { Database } from '../db/database.js';
import { REFERENCE_LIST_CACHE, registerEndpoints } from '../http/endpoint-routes.js';
import { createSupportHandlers } from './handlers.js';
import { SupportReference } from './reference.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The cached support reference data; call `invalidate()` after changing it in the database. */
    support: SupportReference;
  }
}

export interface SupportPluginOptions {
  db: Database;
  /** Cache of the support reference data (help topics, categories, servers, regions, downloads). */
  support?: SnapshotCacheOptions;
}

/** The support screens' reference data; it shares `app.support`, which seeding invalidates. */
const supportDomain: FastifyPluginAsync<SupportPluginOptions> = async (app, options) => {
  const support = new SupportReference(options.db, {
    onRefreshError: (error) => app.log.error({ err: error }, 'support reference refresh failed; serving the previous one'),
    ...options.support,
  });
  app.decorate('support', support);
  registerEndpoints(app, 'support', createSupportHandlers({ db: options.db, support }), {
    faqTypes: { cacheControl: REFERENCE_LIST_CACHE },
    faqs: { cacheControl: REFERENCE_LIST_CACHE },
    inquiryTypes: { cacheControl: REFERENCE_LIST_CACHE },
    gameServers: { cacheControl: REFERENCE_LIST_CACHE },
    gameAreas: { cacheControl: REFERENCE_LIST_CACHE },
    gameDownloads: { cacheControl: REFERENCE_LIST_CACHE },
  });
};

export const supportPlugin = fastifyPlugin(supportDomain, { name: 'support' });
