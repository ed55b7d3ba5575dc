import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.js';
import { registerEndpoints } from '../http/endpoint-routes.js';
import { createCannedReplyHandlers } from './handlers.js';

/** The agents' canned replies. */
export const cannedRepliesPlugin: FastifyPluginAsync<{ db: Database; now: () => Date }> = async (app, options) => {
  registerEndpoints(app, 'cannedReplies', createCannedReplyHandlers({ db: options.db, now: options.now }));
};
