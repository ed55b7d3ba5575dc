import { withDrillApi } from '../api/drill-api.js';
import { runAuthorizationMatrix, type MatrixResult } from '../api/authorization-matrix.js';
import { CALLERS } from '../api/authorization-table.js';
import type { Drill } from '../drill.js';

/** Lifts the ticket caps so one account can open the matrix's tickets (ticket-limits.test.ts checks the caps). */
const LIFTED_TICKET_LIMITS = {
  openTicketsMax: 1_000,
  createsPerAccount: { max: 1_000, windowSeconds: 60 },
  repliesPerAccount: { max: 1_000, windowSeconds: 60 },
};

const SHORT: Record<string, string> = { answered: 'ok', allowed: 'ok', sessionInvalid: '-600', forbidden: '4030', notFound: '4040' };

/** Issue 6: every registered route against guest, another player, an agent and the owner; zero leaks. */
export const authorization: Drill<MatrixResult> = {
  key: 'authorization',
  title: 'authorization matrix from the route list',
  run: () => withDrillApi((drillApi) => runAuthorizationMatrix(drillApi.api), { ticketLimits: LIFTED_TICKET_LIMITS }),
  tables(result) {
    const routes = [...new Set(result.cells.map((cell) => cell.route))];
    const cellText = (route: string, caller: string) => {
      const cell = result.cells.find((entry) => entry.route === route && entry.caller === caller);
      if (!cell) return '-';
      const verdict = cell.problem ? ' FAIL' : '';
      return `${cell.status} ${cell.code ?? 'raw'} (${SHORT[cell.expected]})${verdict}`;
    };
    const byExpectation = (['answered', 'allowed', 'sessionInvalid', 'forbidden', 'notFound'] as const).map((expected) => {
      const cells = result.cells.filter((cell) => cell.expected === expected);
      return [expected, cells.length, cells.filter((cell) => !cell.problem).length, cells.filter((cell) => cell.leaked.length > 0).length];
    });
    return [
      {
        title: 'Authorization matrix: HTTP status, envelope code (expected)',
        columns: ['route', ...CALLERS],
        rows: routes.map((route) => [route, ...CALLERS.map((caller) => cellText(route, caller))]),
        notes: [
          'owner = player1 with a ticket, its messages, an attached and a pending file; ok = authorised (answered on its merits)',
          ...result.unclassified.map((route) => `UNCLASSIFIED ROUTE ${route}`),
          ...result.unregistered.map((route) => `NOT REGISTERED ${route}`),
        ],
      },
      {
        title: 'Authorization matrix: calls by expected outcome',
        columns: ['expected', 'calls', 'as expected', 'leaks'],
        rows: [...byExpectation, ['total', result.cells.length, result.cells.filter((cell) => !cell.problem).length, result.leaks]],
        notes: result.problems,
      },
    ];
  },
  figures(result) {
    const refusals = result.cells.filter((cell) => cell.expected !== 'answered' && cell.expected !== 'allowed');
    return {
      hostileTried: refusals.length,
      hostileRefused: refusals.filter((cell) => !cell.problem).length,
      leaks: result.leaks,
      failures: result.problems,
    };
  },
};
