import { withDrillApi } from '../api/drill-api.js';
import { runFuzz, type FuzzOutcome, type FuzzResult } from '../api/fuzz.js';
import type { Drill } from '../drill.js';
import { positiveWholeFromEnv } from '../drill.js';

/** FUZZ_REQUESTS and FUZZ_SEED change the run; a failure prints the seed, so it can be sent again as it was. */
const REQUESTS = positiveWholeFromEnv('FUZZ_REQUESTS', 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

const OUTCOMES: FuzzOutcome[] = ['accepted', 'refused', 'serverError', 'unclear'];

/** Issue 6: at least 10,000 requests generated from the endpoints' zod schemas; no 5xx, every refusal clear. */
export const fuzz: Drill<FuzzResult> = {
  key: 'fuzz',
  title: `${REQUESTS.toLocaleString('en-US')} requests generated from the zod schemas`,
  // Lifted ticket, login and upload caps let generated requests reach the handlers instead of the throttles, which the
  // abuse drill checks on their own.
  run: () =>
    withDrillApi((drillApi) => runFuzz(drillApi.api, REQUESTS, SEED, drillApi.logs), {
      ticketLimits: {
        openTicketsMax: 100_000,
        createsPerAccount: { max: 100_000, windowSeconds: 60 },
        repliesPerAccount: { max: 100_000, windowSeconds: 60 },
      },
      identityLimits: { loginPerAccount: { max: 100_000, windowSeconds: 60 } },
      uploadQuotas: {
        player: { uploads: 100_000, bytes: 100_000 * 1024 * 1024, windowSeconds: 60 },
        agent: { uploads: 100_000, bytes: 100_000 * 1024 * 1024, windowSeconds: 60 },
      },
      clientErrorRateLimit: false,
    }),
  tables(result) {
    const kinds = Object.entries(result.byKind).sort(([a], [b]) => a.localeCompare(b));
    const total = (outcome: FuzzOutcome) => kinds.reduce((sum, [, counts]) => sum + counts[outcome], 0);
    return [
      {
        title: `Fuzzing (seed ${result.seed}): answers by kind of request`,
        columns: ['kind', 'sent', ...OUTCOMES],
        rows: [
          ...kinds.map(([kind, counts]) => [
            kind,
            OUTCOMES.reduce((sum, outcome) => sum + counts[outcome], 0),
            ...OUTCOMES.map((outcome) => counts[outcome]),
          ]),
          ['total', result.sent, ...OUTCOMES.map(total)],
        ],
        notes: [
          'accepted = 2xx success envelope (or the file); refused = 4xx envelope with a message and no data',
          `not sendable over HTTP (a header with a control character): ${result.unsendable}`,
          `/health after the run: ${result.healthyAfter ? '200' : 'FAILED'}; Object.prototype ${result.prototypeClean ? 'untouched' : 'POLLUTED'}; session tokens and passwords in the logs: ${result.logLeaks ?? 'not searched'}`,
          ...result.problems,
        ],
      },
      {
        title: 'Fuzzing: answers by HTTP status and envelope code',
        columns: ['status code', 'answers'],
        rows: Object.entries(result.byAnswer)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([answer, count]) => [answer, count]),
      },
    ];
  },
  figures(result) {
    const hostile = Object.entries(result.byKind).filter(([kind]) => kind !== 'valid');
    return {
      hostileTried: hostile.reduce((sum, [, counts]) => sum + OUTCOMES.reduce((total, outcome) => total + counts[outcome], 0), 0),
      hostileRefused: hostile.reduce((sum, [, counts]) => sum + counts.refused + counts.accepted, 0),
      leaks: result.logLeaks ?? undefined,
      failures: result.problems.map((problem) => `seed ${result.seed}: ${problem}`),
    };
  },
};
