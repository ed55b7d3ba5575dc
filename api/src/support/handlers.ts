import type { GameRole } from 'shared-contracts';
import type { Database } from '../db/database.js';
import type { DomainHandlers } from '../http/endpoint-routes.js';
import type { SupportReference } from './reference.js';

export interface SupportHandlerDependencies {
  db: Database;
  support: SupportReference;
}

/** The reference data of the support screens (SPEC §7 `/faqs*`, `/inquiries/types`, `/game/*`). */
export function createSupportHandlers({ db, support }: SupportHandlerDependencies): DomainHandlers<'support'> {
  return {
    faqTypes: async ({ query, language }) => support.faqTypes(query.gameId, language),
    faqs: async ({ query, language }) => support.faqs(query.gameId, language, query.typeId, query.keyword),
    inquiryTypes: async ({ query, language }) => support.inquiryTypes(query.gameId, language),
    gameServers: async ({ query }) => support.servers(query.gameId),
    gameAreas: async ({ query, language }) => support.areas(query.gameId, query.serverId, language),
    gameDownloads: async ({ query }) => support.downloads(query.gameId),

    // Per player, so never cached: only the characters of the session's own account.
    gameRoles: async ({ query, account }) => {
      await support.checkServer(query.gameId, query.serverId, query.areaId);
      const { rows } = await db.query<{ id: string; name: string; level: number; area_id: string }>(
        `SELECT id, name, level, area_id FROM game_roles
         WHERE account_id = $1 AND game_id = $2 AND server_id = $3 AND ($4::text IS NULL OR area_id = $4::text)
         ORDER BY level DESC, id`,
        [account.accountId, query.gameId, query.serverId, query.areaId ?? null],
      );
      return rows.map((row): GameRole => ({ roleId: row.id, roleName: row.name, level: row.level, areaId: row.area_id }));
    },
  };
}
