import { withDrillApi } from '../api/drill-api.js';
import { runHostileUploads, type HostileUploadResult } from '../api/hostile-uploads.js';
import type { Drill } from '../drill.js';

/**
 * One player sends every case, more uploads than the hourly upload quota lets a real player send: it is lifted, so
 * each case is judged on its content (files-quota.test.ts checks the quota).
 */
const LIFTED_UPLOAD_QUOTA = { uploads: 100_000, bytes: 100_000 * 1024 * 1024, windowSeconds: 60 };

/** Issue 6: hostile uploads refused or neutralised, never served inline. */
export const uploads: Drill<HostileUploadResult> = {
  key: 'uploads',
  title: 'hostile uploads: polyglots, SVG, names, zero bytes, a fourth file, the size limit',
  run: () =>
    withDrillApi((drillApi) => runHostileUploads(drillApi.api), {
      uploadQuotas: { player: LIFTED_UPLOAD_QUOTA, agent: LIFTED_UPLOAD_QUOTA },
    }),
  tables(result) {
    return [
      {
        title: 'Hostile uploads',
        columns: ['upload', 'status', 'verdict', 'what happened'],
        rows: result.cases.map((entry) => [entry.label, entry.status, entry.verdict, entry.detail]),
        notes: ['neutralised = kept and served back only as an attachment, nosniff, CSP sandbox, an inert type and a clean name'],
      },
    ];
  },
  figures(result) {
    return {
      hostileTried: result.cases.length,
      hostileRefused: result.cases.filter((entry) => entry.verdict !== 'FAILED').length,
      failures: result.problems,
    };
  },
};
