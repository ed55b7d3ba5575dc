import path from 'node:path';
import { REPO_ROOT } from './processes.js';
import { writeSelfSignedPair } from './tls.js';

/**
 * pnpm --filter tooling run self-signed-cert [DIR]: a self-signed pair for running docker-compose.yml on this
 * machine (TLS_DIR=DIR, default .data/tls, which git and the images leave out). Never for a real deployment.
 */
const dir = path.resolve(process.argv[2] ?? path.join(REPO_ROOT, '.data', 'tls'));
const pair = writeSelfSignedPair(dir);
console.info(`Self-signed certificate for local runs only:
  ${pair.certificate}
  ${pair.key}
Start compose with TLS_DIR=${dir}; browsers warn until you trust the certificate or proceed.`);
