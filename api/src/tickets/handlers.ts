import type { Database } from '../db/database.js';
import type { EndpointHandlers } from '../http/endpoint-routes.js';

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
}

const notYet = async (): Promise<never> => {
  throw new Error('Tickets are being built');
};

/** Tickets of players and agents (SPEC §7 `/inquiries*`, DESIGN §5 agents). */
export function createTicketHandlers(_dependencies: TicketHandlerDependencies): Pick<EndpointHandlers, TicketEndpoint> {
  return {
    createInquiry: notYet,
    inquiryList: notYet,
    inquiryDetail: notYet,
    inquiryReply: notYet,
    inquiryFeedback: notYet,
    inquiryScore: notYet,
    inquiryEnd: notYet,
    inquiryUnresolved: notYet,
    agentInquiries: notYet,
    agentInquiryDetail: notYet,
    agentInquiryReply: notYet,
    agentInquiryEnd: notYet,
  };
}
