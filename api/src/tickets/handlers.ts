import type { DomainHandlers } from '../http/endpoint-routes.js';
import { DeskTickets } from './desk-tickets.js';
import { PlayerTickets } from './player-tickets.js';
import type { TicketServiceOptions } from './ticket-options.js';

/**
 * Tickets of players and agents (SPEC §7 `/inquiries*`, DESIGN §5 agents). Player calls only ever reach the
 * session's own tickets and are refused to agents before they get here (`auth: 'player'`); the agent calls are
 * refused to players (`auth: 'agent'`).
 */
export function createTicketHandlers(options: TicketServiceOptions): DomainHandlers<'tickets'> {
  const tickets = new PlayerTickets(options);
  const desk = new DeskTickets(options);
  return {
    createInquiry: async ({ account, body, language }) => tickets.create(account, body, language),
    inquiryList: async ({ account, query, language }) => tickets.list(account, query.clientId, language),
    inquiryDetail: async ({ account, query, language }) => tickets.detail(account, query.inquiryId, language),
    inquiryReply: async ({ account, body }) => tickets.reply(account, body),
    inquiryFeedback: async ({ account, query }) => tickets.feedback(account, query.clientId),
    inquiryScore: async ({ account, body }) => tickets.score(account, body),
    inquiryEnd: async ({ account, body }) => tickets.end(account, body.inquiryId),
    inquiryUnresolved: async ({ account, query, language }) => tickets.unresolved(account, query.clientId, language),
    agentInquiries: async ({ account, query, language }) => desk.queue(account, query, language),
    agentInquiryDetail: async ({ query, language }) => desk.detail(query.inquiryId, language),
    agentInquiryReply: async ({ account, body }) => desk.reply(account, body),
    agentInquiryEnd: async ({ body }) => desk.end(body.inquiryId),
    agentInquiryAssign: async ({ body }) => desk.assign(body),
    agentInquiryNote: async ({ account, body }) => desk.note(account, body),
    deskAgents: async ({ account }) => desk.agents(account),
  };
}
