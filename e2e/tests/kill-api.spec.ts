import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { LOAD_LIMITS_ENV, runKillDrill } from 'drills/kill';
import { startTopology, type Topology } from 'tooling/topology';

/**
 * Issue 6, the fast variant of the SIGKILL drill (`npm run drills` runs the full one): a few seconds of players
 * uploading and opening tickets through the production topology's edge, one API replica killed outright and
 * restarted in the middle. No browser: the players are HTTP clients, as in the drill. Ports apart from the other
 * browser tests' and the redeploy test's topology.
 */
const PORTS = {
  edge: 18280,
  catalog: 18281,
  support: 18282,
  account: 18283,
  shell: 18284,
  shellPages: 18285,
  catalogFragments: 18286,
  supportFragments: 18287,
  accountFragments: 18288,
  edgeInternalApi: 18289,
  edgeHttp: 18290,
  api1: 18291,
  api2: 18292,
  postgres: 18295,
};
/** Kept after the run, for a look when a replica misbehaves. */
const LOG_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.data/topology/e2e-kill-logs');

test.describe('an API replica killed under load (issue 6)', () => {
  let topology: Topology | undefined;

  test.beforeAll(async () => {
    // PostgreSQL, two API replicas and five nginx processes on a machine the other browser tests keep busy.
    test.setTimeout(180_000);
    topology = await startTopology({ ports: PORTS, apiEnv: LOAD_LIMITS_ENV, liftEdgeLimits: true, logDir: LOG_DIR });
  });

  test.afterAll(async () => {
    await topology?.stop();
  });

  test('every acknowledged ticket is there once, attachments intact, nothing left behind is served', async () => {
    test.setTimeout(120_000);
    const result = await runKillDrill(topology!, { players: 6, seconds: 6, kills: 1 });
    expect(result.kills).toHaveLength(1);
    expect(result.failures).toEqual([]);
    expect(result.ticketsAcknowledged).toBeGreaterThan(0);
    expect(result.acknowledgedFound).toBe(result.ticketsAcknowledged);
    expect(result.duplicated).toBe(0);
    expect(result.attachmentsIntact).toBe(result.ticketsAcknowledged);
    expect(result.orphansServed).toBe(0);
    // The killed replica came back: both answer again.
    for (const api of topology!.apis) expect((await fetch(`${api.url}/health`)).ok).toBe(true);
  });
});
