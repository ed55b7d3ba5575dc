import { beforeAll, describe, expect, it } from 'vitest';
import { createTicketHarness, harnessForFile } from 'api/testing/vitest';
import { classifyRoutes, runAuthorizationMatrix, type MatrixResult } from '../src/api/authorization-matrix.js';
import { CALLERS, ROUTES_OUTSIDE_ENDPOINTS } from '../src/api/authorization-table.js';
import { registeredRoutes } from '../src/api/api-under-test.js';

/**
 * Issue 6 authorization matrix, fast variant (`npm run drills` prints the same matrix with counts): every
 * registered route as guest, another player, an agent and the owner of a ticket, its messages and files.
 */
const harness = harnessForFile(createTicketHarness);
let result: MatrixResult;

beforeAll(async () => {
  result = await runAuthorizationMatrix(harness.app);
});

describe('authorization matrix', () => {
  it('knows every route the server registers, and the server registers every endpoint of the table', () => {
    expect(result.unclassified).toEqual([]);
    expect(result.unregistered).toEqual([]);
    // The route list really is read from the server: the table's calls and the routes outside it are all there.
    const routes = registeredRoutes(harness.app);
    expect(routes).toContain('GET /inquiries/detail');
    expect(routes).toContain('GET /openapi.json');
    expect(Object.keys(ROUTES_OUTSIDE_ENDPOINTS).filter((route) => routes.includes(route))).toEqual([
      'GET *',
      'GET /openapi.json',
      'GET /ready',
      'GET /inquiries/events',
    ]);
  });

  it('fails a route registered outside the table until it is classified, and a table entry the server lacks', () => {
    // The server's own route tree with one route more and one less, as Fastify prints it.
    const tree = harness.app.printRoutes({ commonPrefix: false });
    const changed = `${tree.replace('├── /health (GET, HEAD)\n', '')}├── /admin/export (GET, HEAD)\n`;
    expect(changed).not.toBe(tree);
    expect(classifyRoutes(registeredRoutes({ inject: harness.app.inject.bind(harness.app), printRoutes: () => changed }))).toEqual({
      unclassified: ['GET /admin/export'],
      unregistered: ['GET /health'],
    });
  });

  it('gives each caller exactly what it may have, and no one the owner’s data', () => {
    expect(result.problems).toEqual([]);
    expect(result.leaks).toBe(0);
    const routes = new Set(result.cells.map((cell) => cell.route));
    expect(result.cells).toHaveLength(routes.size * CALLERS.length);
  });

  it('refuses guests with -600, the wrong role with 4030 and another player with 4040', () => {
    const cell = (route: string, caller: string) => result.cells.find((entry) => entry.route === route && entry.caller === caller);
    expect(cell('GET /inquiries/detail', 'guest')).toMatchObject({ status: 401, code: -600 });
    expect(cell('GET /inquiries/detail', 'agent')).toMatchObject({ status: 403, code: 4030 });
    expect(cell('GET /inquiries/detail', 'otherPlayer')).toMatchObject({ status: 404, code: 4040 });
    expect(cell('GET /inquiries/detail', 'owner')).toMatchObject({ status: 200, code: 1 });
    expect(cell('GET /files/download', 'otherPlayer')).toMatchObject({ status: 404, code: 4040 });
    expect(cell('GET /files/download', 'agent')).toMatchObject({ status: 200, code: null });
    expect(cell('GET /agent/inquiries/detail', 'owner')).toMatchObject({ status: 403, code: 4030 });
    // The lead's figures: an agent without the permission is refused like a player; the CSV is a file, not an envelope.
    expect(cell('GET /agent/lead/dashboard', 'agent')).toMatchObject({ status: 403, code: 4030 });
    expect(cell('GET /agent/lead/dashboard', 'owner')).toMatchObject({ status: 403, code: 4030 });
    expect(cell('GET /agent/lead/dashboard', 'lead')).toMatchObject({ status: 200, code: 1 });
    expect(cell('GET /agent/lead/export', 'lead')).toMatchObject({ status: 200, code: null });
    expect(cell('GET /agent/inquiries/detail', 'lead')).toMatchObject({ status: 200, code: 1 });
  });
});
