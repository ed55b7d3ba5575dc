import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiMetrics } from './metrics.js';

/**
 * Serves GET /metrics on a port of its own (METRICS_PORT), so the metrics are never reachable through the edge:
 * the edge forwards /api/ to the API's port only, and this port is published nowhere. Prometheus reaches it inside
 * the deployment's network (compose's `metrics` network, the Kubernetes pod's `metrics` port). Anything else gets
 * a 404.
 */
export async function listenMetrics(metrics: ApiMetrics, options: { host: string; port: number }): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.exposition().then(
      ({ contentType, body }) => {
        response
          .writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' })
          .end(request.method === 'HEAD' ? undefined : body);
      },
      () => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** The port a server listens on (for a server started on port 0 in tests). */
export function listeningPort(server: http.Server): number {
  return (server.address() as AddressInfo).port;
}
