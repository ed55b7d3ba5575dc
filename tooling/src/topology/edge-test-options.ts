import type { TlsPair } from '../tls.js';
import type { renderEdge } from './nginx.js';
import { TOPOLOGY_PORTS } from './topology.js';

type EdgeOptions = Parameters<typeof renderEdge>[0];

/**
 * The edge's options for a test that renders it: every server on loopback at the local topology's ports moved up by
 * `offset` (so a test can run nginx beside a running topology), with the files it is given.
 */
export function loopbackEdgeOptions(offset: number, files: { remotesJson: string; cacheDir: string; tls: TlsPair }): EdgeOptions {
  const port = (name: keyof typeof TOPOLOGY_PORTS) => TOPOLOGY_PORTS[name] + offset;
  const host = (name: keyof typeof TOPOLOGY_PORTS) => `127.0.0.1:${port(name)}`;
  return {
    port: port('edge'),
    httpPort: port('edgeHttp'),
    internalApiPort: port('edgeInternalApi'),
    shellOrigin: `http://${host('shell')}`,
    shellPages: host('shellPages'),
    fragmentServers: { catalog: host('catalogFragments'), support: host('supportFragments'), account: host('accountFragments') },
    staticOrigins: { catalog: host('catalog'), support: host('support'), account: host('account') },
    apiReplicas: [host('api1'), host('api2')],
    ...files,
  };
}
