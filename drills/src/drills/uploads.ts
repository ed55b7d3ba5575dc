import { withDrillApi } from '../api/drill-api.js';
import { runHostileUploads, type HostileUploadResult } from '../api/hostile-uploads.js';
import type { Drill } from '../drill.js';

/** Issue 6: hostile uploads refused or neutralised, never served inline. */
export const uploads: Drill<HostileUploadResult> = {
  key: 'uploads',
  title: 'hostile uploads: polyglots, SVG, names, zero bytes, a fourth file, the size limit',
  run: () => withDrillApi((drillApi) => runHostileUploads(drillApi.api)),
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
