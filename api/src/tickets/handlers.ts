import { FALLBACK_LANGUAGE } from '../catalog/catalog.js';
import type { Database } from '../db/database.js';
import type { EndpointHandlers } from '../http/endpoint-routes.js';
import { TicketService, type TicketEvents, type TicketLimits } from './service.js';

export type TicketEndpoint =
  | 'createInquiry'
  | 'inquiryList'
  | 'inquiryDetail'
  | 'inquiryReply'
  | 'inquiryFeedback'
  | 'inquiryScore'
  | 'inquiryEnd'
  | 'inquiryUnresolved'
  | 'agentInquiries'
  | 'agentInquiryDetail'
  | 'agentInquiryReply'
  | 'agentInquiryEnd';

export interface TicketHandlerDependencies {
  db: Database;
  now: () => Date;
  /** Tickets waiting for an agent from which `/inquiries/unresolved` reports a long queue. */
  longQueueThreshold: number;
  limits: TicketLimits;
  events?: TicketEvents;
}

/**
 * Tickets of players and agents (SPEC §7 `/inquiries*`, DESIGN §5 agents). Player calls only ever reach the
 * session's own tickets and are refused to agents before they get here (`auth: 'player'`); the agent calls are
 * refused to players (`auth: 'agent'`).
 */
export function createTicketHandlers(dependencies: TicketHandlerDependencies): Pick<EndpointHandlers, TicketEndpoint> {
  const tickets = new TicketService(dependencies);
  return {
    createInquiry: async ({ account, body, query }) => tickets.create(account, body, query.spec_lang ?? FALLBACK_LANGUAGE),
    inquiryList: async ({ account, query }) => tickets.list(account, query.clientId, query.spec_lang ?? FALLBACK_LANGUAGE),
    inquiryDetail: async ({ account, query }) => tickets.detail(account, query.inquiryId, query.spec_lang ?? FALLBACK_LANGUAGE),
    inquiryReply: async ({ account, body }) => tickets.reply(account, body),
    inquiryFeedback: async ({ account, query }) => tickets.feedback(account, query.clientId),
    inquiryScore: async ({ account, body }) => tickets.score(account, body),
    inquiryEnd: async ({ account, body }) => tickets.end(account, body.inquiryId),
    inquiryUnresolved: async ({ account, query }) => tickets.unresolved(account, query.clientId, query.spec_lang ?? FALLBACK_LANGUAGE),
    agentInquiries: async ({ query }) => tickets.agentList(query, query.spec_lang ?? FALLBACK_LANGUAGE),
    agentInquiryDetail: async ({ query }) => tickets.agentDetail(query.inquiryId, query.spec_lang ?? FALLBACK_LANGUAGE),
    agentInquiryReply: async ({ account, body }) => tickets.agentReply(account, body),
    agentInquiryEnd: async ({ body }) => tickets.agentEnd(body.inquiryId),
  };
}
