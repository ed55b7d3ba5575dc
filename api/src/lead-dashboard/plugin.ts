import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.js';
import { registerEndpoints } from '../http/endpoint-routes.js';
import { createLeadDashboardHandlers } from './handlers.js';

/** The support lead's dashboard and its exports. */
export const leadDashboardPlugin: FastifyPluginAsync<{ db: Database }> = async (app, options) => {
  registerEndpoints(app, 'leadDashboard', createLeadDashboardHandlers({ db: options.db }));
};
