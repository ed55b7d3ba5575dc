import autocannon from 'autocannon';
import { FIRST_VIEW_FRAGMENT_PATH } from 'shared-contracts';
import type { Measurement } from '../measurement.js';
import { answersByStatus, round } from '../report.js';
import { pacedLoad, type PacedLoadResult } from '../paced-load.js';
import { BENCH_PORTS } from '../site.js';
import { TARGETS } from '../targets.js';

const CONNECTIONS = Number(process.env.BENCH_FRAGMENT_CONNECTIONS ?? 16);
const DURATION_SECONDS = Number(process.env.BENCH_FRAGMENT_SECONDS ?? 10);
/** Before each load, unreported: the first requests of a run would otherwise weigh V8's warm-up on its p99. */
const WARMUP_SECONDS = 2;
const CATALOG = `http://127.0.0.1:${BENCH_PORTS.catalog}`;

/**
 * `/`'s fragment as the shell's page asks for it (shell/src/server/first-view.tsx writes this query into its
 * include); the fragment server caches it by remote version, path, host, area and lang (tooling/src/first-view.ts).
 */
const HOME_QUERY = { path: '/', host: 'localhost', area: 'kr', lang: 'ko' } as const;
const fragmentPath = (host: string) => `${FIRST_VIEW_FRAGMENT_PATH}?${new URLSearchParams({ ...HOME_QUERY, host }).toString()}`;
/**
 * A host no brand names gets the default brand, as `localhost` does (shared-contracts resolveBrand): the same
 * fragment rendered again under a key the cache has never seen, so every request is a miss that renders.
 */
const missHost = (sequence: number) => `miss-${sequence}.localhost`;

/** A load's figures; its answers are by HTTP status (a 204 would be "no first view": not a fragment either). */
export interface FragmentLoad extends PacedLoadResult {
  name: 'cached' | 'uncached';
  /** 'most': as fast as the connections go; 'target': paced at the target rate, for the latency a player meets there. */
  pace: 'most' | 'target';
}

export interface FragmentsResult {
  connections: number;
  seconds: number;
  /** Size of `/`'s fragment, as the edge includes it (uncompressed). */
  fragmentBytes: number;
  loads: FragmentLoad[];
}

/** Both ways of asking must give `/`'s real fragment (the banner carousel), else the load measures something else. */
async function fetchFragment(host: string): Promise<string> {
  const response = await fetch(`${CATALOG}${fragmentPath(host)}`);
  const html = await response.text();
  if (response.status !== 200 || !html.includes('data-testid="banner-carousel"')) {
    throw new Error(`the catalogue's fragment for host ${host} answered ${response.status} without the banner carousel`);
  }
  return html;
}

/** Requests to the catalogue's origin for `seconds` as fast as the connections go, each on the path `pathOf` gives its sequence number. */
async function fullSpeed(name: FragmentLoad['name'], seconds: number, pathOf: (sequence: number) => string): Promise<FragmentLoad> {
  let sequence = 0;
  const result = await autocannon({
    url: CATALOG,
    connections: CONNECTIONS,
    duration: seconds,
    // No Accept-Encoding, as the edge asks (tooling/docker/nginx-edge.conf): fragments are included uncompressed.
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pathOf(sequence++) }) }],
  });
  return {
    name,
    pace: 'most',
    requestsPerSecond: round(result.requests.average, 0),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    answers: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, { count = 0 }]) => [status, count])),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * The same at the target rate, evenly paced (bench/src/paced-load.ts): latency at full speed is mostly queueing (16
 * requests in flight always wait for each other), so the p99 target is read here, and the rate target at full speed.
 */
async function atTargetRate(name: FragmentLoad['name'], perSecond: number, pathOf: (sequence: number) => string): Promise<FragmentLoad> {
  const result = await pacedLoad({
    origin: CATALOG,
    pathOf,
    perSecond,
    seconds: DURATION_SECONDS,
    connections: CONNECTIONS,
  });
  return { name, pace: 'target', ...result };
}

/**
 * The catalogue's first-view fragment for `/` under load (autocannon, in this process, against the bench's catalogue
 * origin): uncached, every request under a new key, then cached, the one key the shell's `/` asks for, warmed
 * once. Uncached first, so the cache is left holding `/`'s real fragment for the measurements after this one.
 */
export const fragments: Measurement<FragmentsResult> = {
  key: 'fragments',
  needs: 'site',
  run: async () => {
    const loads: FragmentLoad[] = [];
    // Misses keep counting across warm-up and load: a key the warm-up rendered would be a hit.
    let misses = 0;
    const uncached = () => fragmentPath(missHost(misses++));
    await fetchFragment(missHost(misses++));
    await fullSpeed('uncached', WARMUP_SECONDS, uncached);
    loads.push(await fullSpeed('uncached', DURATION_SECONDS, uncached));
    loads.push(await atTargetRate('uncached', TARGETS.fragmentsUncachedPerSecond, uncached));

    const fragment = await fetchFragment(HOME_QUERY.host);
    const cached = () => fragmentPath(HOME_QUERY.host);
    await fullSpeed('cached', WARMUP_SECONDS, cached);
    loads.push(await fullSpeed('cached', DURATION_SECONDS, cached));
    loads.push(await atTargetRate('cached', TARGETS.fragmentsCachedPerSecond, cached));
    return { connections: CONNECTIONS, seconds: DURATION_SECONDS, fragmentBytes: Buffer.byteLength(fragment), loads };
  },
  tables: ({ connections, seconds, fragmentBytes, loads }) => {
    const rpsTarget = { cached: TARGETS.fragmentsCachedPerSecond, uncached: TARGETS.fragmentsUncachedPerSecond } as const;
    return [
      {
        title: `First-view fragment of / from the catalogue's origin, ${connections} connections for ${seconds} s (after ${WARMUP_SECONDS} s of warm-up)`,
        columns: [
          'fragment',
          'pace',
          'req/s (target)',
          'p50 ms',
          `p99 ms (< ${TARGETS.fragmentP99Ms} at the target rate)`,
          'requests',
          'answers',
          'non-2xx',
          'errors',
          'target missed',
        ],
        rows: loads.map((load) => {
          const missed = [
            load.pace === 'most' && load.requestsPerSecond < rpsTarget[load.name]
              ? `req/s by ${rpsTarget[load.name] - load.requestsPerSecond}`
              : null,
            load.pace === 'target' && load.p99Ms >= TARGETS.fragmentP99Ms ? `p99 at ${load.p99Ms} ms` : null,
            load.non2xx + load.errors > 0 ? 'failed answers' : null,
          ].filter((miss) => miss !== null);
          return [
            load.name,
            load.pace === 'most' ? 'full speed' : `${rpsTarget[load.name]}/s`,
            `${load.requestsPerSecond} (>= ${rpsTarget[load.name].toLocaleString('en-US')})`,
            load.p50Ms,
            load.p99Ms,
            load.requests,
            answersByStatus(load.answers),
            load.non2xx,
            load.errors,
            missed.length > 0 ? missed.join(', ') : 'none',
          ];
        }),
        notes: [
          `GET ${FIRST_VIEW_FRAGMENT_PATH}?path=/&host=localhost&area=kr&lang=ko (${round(fragmentBytes / 1024)} KB, uncompressed as the edge asks for it).`,
          'uncached: the same query with a host no brand names (miss-<n>.localhost, the default brand as for localhost), a new one per request: each is a cache miss that renders. The games come from the answers the fragment server keeps for the brand and language (shared-contracts PublicAnswers), asked of the API again every 10 s.',
          "full speed: autocannon, its 16 connections each sending its next request as the last is answered. At the target rate: one request every 1/rate s, each timed from when it was due (waiting for a free connection counts), not autocannon's rate, which sends each second's share in a burst as the second starts.",
          "Both run in the bench's own process, on the same two cores as the origin (and, uncached, the API).",
        ],
      },
    ];
  },
};
