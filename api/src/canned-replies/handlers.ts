import type { Database } from '../db/database.js';
import type { DomainHandlers } from '../http/endpoint-routes.js';
import { CannedReplyService } from './service.js';

/** The agents' canned replies (issue 15); every call is `auth: 'agent'`, so players are refused before they get here. */
export function createCannedReplyHandlers(dependencies: { db: Database; now: () => Date }): DomainHandlers<'cannedReplies'> {
  const cannedReplies = new CannedReplyService(dependencies);
  return {
    cannedReplies: async ({ query }) => cannedReplies.list(query.language, query.search),
    cannedReplyCreate: async ({ account, body }) => cannedReplies.create(account, body),
    cannedReplyUpdate: async ({ account, body }) => {
      const { cannedReplyId, ...fields } = body;
      return cannedReplies.update(account, cannedReplyId, fields);
    },
    cannedReplyDelete: async ({ body }) => cannedReplies.delete(body.cannedReplyId),
  };
}
