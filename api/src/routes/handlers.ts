import { CONTRACT_VERSION, effectiveArea, resolveBrand } from 'shared-contracts';
import type { Catalog } from '../catalog/catalog.js';
import type { Database } from '../db/database.js';
import type { EndpointHandlers } from '../http/endpoint-routes.js';
import type { IdentityEndpoint } from '../identity/handlers.js';
import type { SocialEndpoint } from '../oauth/handlers.js';
import type { SupportEndpoint } from '../support/handlers.js';
import type { FileEndpoint } from '../files/handlers.js';
import type { TicketEndpoint } from '../tickets/handlers.js';
import type { LeadDashboardEndpoint } from '../lead-dashboard/handlers.js';
import type { CannedReplyEndpoint } from '../canned-replies/handlers.js';
import { forwardedPrefix, requestHost } from '../http/forwarded.js';
import { FALLBACK_LANGUAGE } from '../catalog/catalog.js';

const USER_AGENT_MAX = 512;

/** PostgreSQL text cannot hold U+0000; a browser's report keeps everything else and shows where one was. */
const storable = (text: string | undefined): string | null => (text === undefined ? null : text.replaceAll('\u0000', '\ufffd'));

export interface HandlerDependencies {
  db: Database;
  catalog: Catalog;
}

/** The server side of the catalogue and service endpoints; the identity ones are in `identity/handlers.ts`,
 * the social logins in `oauth/handlers.ts`, the support reference data in `support/handlers.ts`. */
export function createHandlers({ db, catalog }: HandlerDependencies): Omit<EndpointHandlers, IdentityEndpoint | SocialEndpoint | SupportEndpoint | TicketEndpoint | FileEndpoint | LeadDashboardEndpoint | CannedReplyEndpoint> {
  return {
    // A game client's clientId puts its game first (Catalog); platform is accepted and changes nothing: every game
    // here is offered on every platform.
    gamesSimple: async ({ query, request }) => catalog.gamesSimple(forwardedPrefix(request.headers), query.clientId),

    gamesAll: async ({ query, request }) =>
      catalog.gamesAll(query.spec_lang ?? FALLBACK_LANGUAGE, forwardedPrefix(request.headers), query.clientId),

    gamesPrecheck: async ({ query, request }) => {
      const brand = resolveBrand(requestHost(request.headers));
      return { result: true, area: effectiveArea(brand, query.domain_area) };
    },

    clientErrors: async ({ query, body, request }) => {
      const host = requestHost(request.headers);
      const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null;
      await db.query(
        `INSERT INTO client_errors
           (code, message, method, url, status, page, spec_lang, domain_area, brand, user_agent)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          body.code,
          storable(body.message),
          storable(body.method),
          storable(body.url),
          body.status ?? null,
          storable(body.page),
          query.spec_lang ?? null,
          query.domain_area ?? null,
          host ? resolveBrand(host).id : null,
          userAgent,
        ],
      );
      return null;
    },

    health: async () => {
      // A round trip proves the database answers; without it the probe gets a 503 envelope.
      try {
        await db.query('SELECT 1');
      } catch (cause) {
        throw Object.assign(new Error('Database unavailable', { cause }), { statusCode: 503 });
      }
      return { status: 'ok', database: db.kind, contractVersion: CONTRACT_VERSION };
    },
  };
}
