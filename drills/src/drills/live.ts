import { withDrillApi } from '../api/drill-api.js';
import { runLiveEventsDrill, type LiveEventsResult } from '../api/live-events.js';
import type { Drill } from '../drill.js';

/** Issue 15: the live channel over two replicas; no player receives another player's events, live or replayed. */
export const live: Drill<LiveEventsResult> = {
  key: 'live',
  title: 'live channel: who receives which ticket event, over two replicas, with hostile resumes',
  run: () =>
    withDrillApi(async (drillApi) => {
      await drillApi.startReplica();
      return runLiveEventsDrill(drillApi.api, await drillApi.listen());
    }),
  tables(result) {
    return [
      {
        title: "Live channel: events received about the owner's ticket and the other player's (player1 owner, player2 other)",
        columns: ['stream', "owner's ticket", "other player's ticket"],
        rows: result.received.map((row) => [row.caller, row.ownersTicket, row.otherPlayersTicket]),
        notes: [
          ...result.refusals.map(
            (refusal) =>
              `without a valid session (${refusal.case}): ${refusal.status} ${refusal.code ?? 'raw'}${refusal.ok ? '' : ' FAIL'}`,
          ),
          `hostile Last-Event-IDs and parameters: ${result.hostileTried} tried, ${result.hostileHandled} handled (refused, or a fresh stream with nothing of another player's)`,
          `agents-only events (assignments, internal notes) on players' streams, live or replayed: ${result.agentsOnlyLeaks}`,
          ...result.problems,
        ],
      },
    ];
  },
  figures(result) {
    return {
      hostileTried: result.hostileTried,
      hostileRefused: result.hostileHandled,
      leaks: result.leaks + result.agentsOnlyLeaks,
      failures: result.problems,
    };
  },
};
