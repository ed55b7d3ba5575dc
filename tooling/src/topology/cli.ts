import { parseArgs } from 'node:util';
import { startTopology, type Topology } from './topology.js';

/**
 * pnpm --filter tooling run topology: the production topology (docker-compose.yml) as local processes, for
 * operators and QA to try by hand. Runs until Ctrl-C, then stops everything it started.
 * --support-root DIR serves another build of the support remote (likewise --catalog-root, --account-root).
 */
const { values } = parseArgs({
  options: {
    'catalog-root': { type: 'string' },
    'support-root': { type: 'string' },
    'account-root': { type: 'string' },
  },
});

let topology: Topology | undefined;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    console.info('\ntopology: stopping...');
    void (topology?.stop() ?? Promise.resolve()).finally(() => process.exit(0));
  });
}

try {
  topology = await startTopology({
    roots: {
      ...(values['catalog-root'] ? { catalog: values['catalog-root'] } : {}),
      ...(values['support-root'] ? { support: values['support-root'] } : {}),
      ...(values['account-root'] ? { account: values['account-root'] } : {}),
    },
  });
} catch (error) {
  console.error(`topology failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const edgePort = new URL(topology.urls.site).port;
console.info(`The production topology is up (logs in ${topology.logDir}):
  site (edge)      ${topology.urls.site}/   brands: https://hikari.localhost:${edgePort}/ ...   (TLS 1.3, HTTP/2; self-signed: ${topology.certificate})
  API (edge)       ${topology.urls.api}/health
  API replicas     ${topology.apis.map((api) => `${api.name} ${api.url} (pid ${api.pid()})`).join(', ')}
  static origins   ${Object.entries(topology.urls.origins)
    .map(([app, url]) => `${app} ${url}`)
    .join(', ')}
  PostgreSQL ${topology.postgres.version}   ${topology.postgres.url}
  served folders   ${Object.entries(topology.roots)
    .map(([app, root]) => `${app} ${root}`)
    .join(', ')}
Accounts (passwords made for this run): ${Object.values(topology.accounts)
  .map(({ account, password }) => `${account} / ${password}`)
  .join(', ')}. Ctrl-C stops it all.`);
