import type { FastifyInstance } from 'fastify';
import { startStaticServer, type AppName } from './static-server.js';

/** Where the static server's tests say every remote's manifest is, unless a test needs one of its own: nothing listens. */
const NO_REMOTE = 'http://127.0.0.1:1/mf-manifest.json';

/**
 * One origin of the site for the static server's tests, on a free port of 127.0.0.1, with every remote's manifest at
 * `remote` and the API at `apiUrl` (by default addresses where nothing answers).
 */
export function startTestOrigin(
  app: AppName,
  root: string,
  options: { remote?: string; apiUrl?: string; warmUpDeadlineMs?: number } = {},
): Promise<FastifyInstance> {
  const remote = options.remote ?? NO_REMOTE;
  return startStaticServer({
    app,
    port: 0,
    host: '127.0.0.1',
    root,
    remotes: { catalog: remote, support: remote, account: remote },
    apiUrl: options.apiUrl ?? 'http://api.invalid',
    ...(options.warmUpDeadlineMs === undefined ? {} : { warmUpDeadlineMs: options.warmUpDeadlineMs }),
  });
}
