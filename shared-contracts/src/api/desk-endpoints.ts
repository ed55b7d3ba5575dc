import { DESK_LIMITS } from './desk-constants.js';
import { deskAgentsSchema, deskAssignBodySchema, deskAssignmentSchema, deskNoteBodySchema, internalNoteSchema } from './desk-schemas.js';
import { ENDPOINT_ROUTES } from './endpoint-routes.js';
import type { Endpoint } from './endpoint.js';
import { commonQuerySchema } from './schemas.js';

/** The helpdesk calls of the agents' desk (issue 15), with their schemas; ENDPOINTS spreads them in. */
export const DESK_ENDPOINTS = {
  deskAgents: {
    ...ENDPOINT_ROUTES.deskAgents,
    query: commonQuerySchema,
    body: undefined,
    response: deskAgentsSchema,
    summary: 'Agents: every agent, by account name, to assign a ticket to, and which of them the caller is.',
  } satisfies Endpoint,
  agentInquiryAssign: {
    ...ENDPOINT_ROUTES.agentInquiryAssign,
    query: commonQuerySchema,
    body: deskAssignBodySchema,
    response: deskAssignmentSchema,
    summary:
      'Agents: claims, assigns or releases an open ticket, only if it is still held by the expected agent (else 4090 assignmentChanged).',
  } satisfies Endpoint,
  agentInquiryNote: {
    ...ENDPOINT_ROUTES.agentInquiryNote,
    query: commonQuerySchema,
    body: deskNoteBodySchema,
    response: internalNoteSchema,
    summary: `Agents: adds an internal note to a ticket, which players never see (at most ${DESK_LIMITS.notesPerTicketMax} a ticket).`,
  } satisfies Endpoint,
} as const;
