import { demoAbuseTargets, memoryMailer, runAbuse, type AbuseResult } from '../api/abuse.js';
import { withDrillApi } from '../api/drill-api.js';
import type { Drill } from '../drill.js';
import { positiveWholeFromEnv } from '../drill.js';

const GUESSES = positiveWholeFromEnv('ABUSE_GUESSES', 500);

/** Issue 6: brute force and code guessing refused and throttled across two replicas; no secret in the logs. */
export const abuse: Drill<AbuseResult> = {
  key: 'abuse',
  title: `${GUESSES} of each attack: password guessing and spraying, code guessing, mail flooding`,
  async run() {
    const mail = memoryMailer();
    // Trace level: the most the API could ever write, searched for every secret the attacks involve.
    return withDrillApi(
      async (drillApi) => {
        const replica = await drillApi.startReplica();
        return runAbuse({ replicas: [drillApi.api, replica], sent: mail.sent, logs: drillApi.logs, ...demoAbuseTargets(50) }, GUESSES);
      },
      { mailer: mail.mailer },
      'trace',
    );
  },
  tables(result) {
    return [
      {
        title: 'Brute force and code guessing (every other request to a second replica on the same database)',
        columns: ['attack', 'tried', 'checked', 'throttled', 'succeeded', 'limit', 'other'],
        rows: result.attacks.map((attack) => [
          attack.attack,
          attack.tried,
          attack.checked,
          attack.throttled,
          attack.succeeded,
          attack.allowed,
          attack.other,
        ]),
        notes: [
          `answers that redirected: ${result.redirects}; secrets searched in the trace-level logs: ${result.secretsSearched}, found: ${result.logLeaks.length}`,
          ...result.problems,
        ],
      },
    ];
  },
  figures(result) {
    const attacks = result.attacks;
    return {
      hostileTried: attacks.reduce((sum, attack) => sum + attack.tried, 0),
      // Refused: throttled, or checked and wrong; a reset mail asked for and not sent counts as refused too.
      hostileRefused: attacks.reduce((sum, attack) => sum + attack.tried - attack.succeeded - attack.other, 0),
      leaks: result.logLeaks.length + result.redirects,
      failures: result.problems,
    };
  },
};
