import { CONTRACT_VERSION, resolveBrand } from 'shared-contracts';
import type { Database } from '../db/database.js';
import type { DomainHandlers } from '../http/endpoint-routes.js';
import { requestHost } from '../http/forwarded.js';

const USER_AGENT_MAX = 512;

/** PostgreSQL text cannot hold U+0000; a browser's report keeps everything else and shows where one was. */
const storable = (text: string | undefined): string | null => (text === undefined ? null : text.replaceAll('\u0000', '\ufffd'));

/** The service's own calls: the browsers' error reports and the liveness probe. */
export function createOpsHandlers(db: Database): DomainHandlers<'ops'> {
  return {
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
