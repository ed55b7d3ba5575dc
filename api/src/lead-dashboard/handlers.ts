import { Readable } from 'node:stream';
import { leadReportFileName } from 'shared-contracts';
import type { Database } from '../db/database.js';
import { FileDownload, type DomainHandlers } from '../http/endpoint-routes.js';
import { toCsv } from './csv.js';
import { reportRows } from './export.js';
import { leadExportTexts } from './export-texts.js';
import { LeadDashboardStats } from './stats.js';

/**
 * The support lead's dashboard (issue 15 item 4). `agentPermissions` tells the desk whether to offer it; the two
 * lead calls are refused before they get here to anyone but an agent with the lead's permission (`auth: 'lead'`).
 */
export function createLeadDashboardHandlers({ db }: { db: Database }): DomainHandlers<'leadDashboard'> {
  const stats = new LeadDashboardStats(db);
  return {
    agentPermissions: async ({ account }) => ({ lead: account.lead }),
    leadDashboard: async ({ query }) => stats.read(query.from, query.to),
    leadExport: async ({ query, language }) => {
      const rows = reportRows(query.report, await stats.read(query.from, query.to), leadExportTexts(language));
      const bytes = Buffer.from(toCsv(rows, language), 'utf8');
      return new FileDownload({
        body: Readable.from([bytes]),
        size: bytes.length,
        contentType: 'text/csv; charset=utf-8',
        name: leadReportFileName(query.report, query.from, query.to),
      });
    },
  };
}
