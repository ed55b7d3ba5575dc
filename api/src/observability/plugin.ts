import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Database } from '../db/database.js';
import { ApiMetrics } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus metrics of this instance (`liveConnectionOpened` for streams); served by `listenMetrics`. */
    metrics: ApiMetrics;
  }
}

/** Shares `app.metrics`, which the domains count their work in, and times every request. */
const observability: FastifyPluginAsync<{ db: Database }> = async (app, options) => {
  const metrics = new ApiMetrics(options.db);
  app.decorate('metrics', metrics);
  // By the pattern the request matched (never its URL, whose ids and junk would make endless series).
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.routeOptions.url ?? null, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
};

export const metricsPlugin = fastifyPlugin(observability, { name: 'metrics' });
