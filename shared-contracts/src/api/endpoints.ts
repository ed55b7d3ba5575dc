import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { endpoint, type Endpoint } from './endpoint.js';
import { ENDPOINT_ROUTES, type EndpointName } from './endpoint-routes.js';
import { DESK_ENDPOINTS } from './desk-endpoints.js';
import {
  cannedRepliesQuerySchema,
  cannedReplyDeleteBodySchema,
  cannedReplyFieldsSchema,
  cannedReplySchema,
  cannedReplyUpdateBodySchema,
} from './canned-reply-schemas.js';
import {
  clientErrorBodySchema,
  commonQuerySchema,
  gameListQuerySchema,
  gameSchema,
  gameSimpleSchema,
  healthSchema,
  precheckSchema,
} from './schemas.js';
import { agentPermissionsSchema, leadDashboardQuerySchema, leadDashboardSchema, leadExportQuerySchema } from './lead-dashboard-schemas.js';
import { IDENTITY_ENDPOINTS } from './identity-endpoints.js';
import { SUPPORT_ENDPOINTS } from './support-endpoints.js';
import { TICKET_ENDPOINTS } from './ticket-endpoints.js';

export type { Endpoint } from './endpoint.js';

/**
 * The calls of SPEC §7 with their schemas: the API validates requests and serialises answers with them, and
 * Node-side callers check answers with them. Each entry spreads its route from ENDPOINT_ROUTES.
 */
export const ENDPOINTS = {
  gamesSimple: endpoint({
    ...ENDPOINT_ROUTES.gamesSimple,
    query: gameListQuerySchema,
    body: undefined,
    response: z.array(gameSimpleSchema),
    summary: "Side-menu game list; the first game's payment link is the recharge link.",
  }),
  gamesAll: endpoint({
    ...ENDPOINT_ROUTES.gamesAll,
    query: gameListQuerySchema,
    body: undefined,
    response: z.array(gameSchema),
    summary: 'Front-page games with artwork and details.',
  }),
  gamesPrecheck: endpoint({
    ...ENDPOINT_ROUTES.gamesPrecheck,
    query: commonQuerySchema,
    body: undefined,
    response: precheckSchema,
    summary: 'Start-up check: the area this host serves for the requested area.',
  }),
  clientErrors: endpoint({
    ...ENDPOINT_ROUTES.clientErrors,
    query: commonQuerySchema,
    body: clientErrorBodySchema,
    response: z.null(),
    summary: 'Reports a network or HTTP error seen by a browser (code 1106).',
  }),
  ...IDENTITY_ENDPOINTS,
  ...SUPPORT_ENDPOINTS,
  ...TICKET_ENDPOINTS,
  cannedReplies: endpoint({
    ...ENDPOINT_ROUTES.cannedReplies,
    query: cannedRepliesQuerySchema,
    body: undefined,
    response: z.array(cannedReplySchema),
    summary: `Agents: the canned replies of a language (or all), by title, optionally those whose title holds a text; at most ${LIMITS.cannedRepliesPerLanguageMax} a language.`,
  }),
  cannedReplyCreate: endpoint({
    ...ENDPOINT_ROUTES.cannedReplyCreate,
    query: commonQuerySchema,
    body: cannedReplyFieldsSchema,
    response: cannedReplySchema,
    summary: 'Agents: adds a canned reply to a language; its title is unique in that language, ignoring case.',
  }),
  cannedReplyUpdate: endpoint({
    ...ENDPOINT_ROUTES.cannedReplyUpdate,
    query: commonQuerySchema,
    body: cannedReplyUpdateBodySchema,
    response: cannedReplySchema,
    summary: 'Agents: changes the language, title and text of a canned reply.',
  }),
  cannedReplyDelete: endpoint({
    ...ENDPOINT_ROUTES.cannedReplyDelete,
    query: commonQuerySchema,
    body: cannedReplyDeleteBodySchema,
    response: z.null(),
    summary: 'Agents: deletes a canned reply; replies already sent keep its text.',
  }),
  ...DESK_ENDPOINTS,
  agentPermissions: endpoint({
    ...ENDPOINT_ROUTES.agentPermissions,
    query: commonQuerySchema,
    body: undefined,
    response: agentPermissionsSchema,
    summary: "Agents: what the session's agent may do beyond the desk (the support lead's dashboard).",
  }),
  leadDashboard: endpoint({
    ...ENDPOINT_ROUTES.leadDashboard,
    query: leadDashboardQuerySchema,
    body: undefined,
    response: leadDashboardSchema,
    summary:
      'Support leads: tickets opened and ended per UTC day, first-response and resolution percentiles, CSAT by game, agent and low-score reason.',
  }),
  leadExport: endpoint({
    ...ENDPOINT_ROUTES.leadExport,
    query: leadExportQuerySchema,
    body: undefined,
    response: z.unknown(),
    summary: "Support leads: one of the dashboard's reports as a CSV file (UTF-8 with a byte order mark, headers in spec_lang).",
  }),
  health: endpoint({
    ...ENDPOINT_ROUTES.health,
    query: z.strictObject({}),
    body: undefined,
    response: healthSchema,
    summary: 'Liveness and database readiness.',
  }),
} as const satisfies { [Name in EndpointName]: Endpoint };

export type EndpointQuery<Name extends EndpointName> = z.input<(typeof ENDPOINTS)[Name]['query']>;
export type EndpointResponse<Name extends EndpointName> = z.output<(typeof ENDPOINTS)[Name]['response']>;
export type EndpointBody<Name extends EndpointName> = (typeof ENDPOINTS)[Name]['body'] extends z.ZodType
  ? z.input<NonNullable<(typeof ENDPOINTS)[Name]['body']>>
  : undefined;
