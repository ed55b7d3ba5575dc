import { z } from 'zod';
import {
  clientErrorBodySchema,
  commonQuerySchema,
  gameListQuerySchema,
  gameSchema,
  gameSimpleSchema,
  healthSchema,
  precheckSchema,
} from './schemas.js';

export interface Endpoint<
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  path: string;
  query: Query;
  body: Body;
  response: Response;
  /** SPEC §7 marks some calls as showing the loading indicator. */
  showsLoading: boolean;
  summary: string;
}

function endpoint<Query extends z.ZodType, Body extends z.ZodType | undefined, Response extends z.ZodType>(
  definition: Endpoint<Query, Body, Response>,
): Endpoint<Query, Body, Response> {
  return definition;
}

/** The calls of SPEC §7 this contract version defines; the client and the API both read this table. */
export const ENDPOINTS = {
  gamesSimple: endpoint({
    method: 'GET', path: '/games/simple', query: gameListQuerySchema, body: undefined,
    response: z.array(gameSimpleSchema), showsLoading: false,
    summary: 'Side-menu game list; the first game\'s payment link is the recharge link.',
  }),
  gamesAll: endpoint({
    method: 'GET', path: '/games/all', query: gameListQuerySchema, body: undefined,
    response: z.array(gameSchema), showsLoading: false,
    summary: 'Front-page games with artwork and details.',
  }),
  gamesPrecheck: endpoint({
    method: 'GET', path: '/games/precheck', query: commonQuerySchema, body: undefined,
    response: precheckSchema, showsLoading: false,
    summary: 'Start-up check: the area this host serves for the requested area.',
  }),
  clientErrors: endpoint({
    method: 'POST', path: '/client-errors', query: commonQuerySchema, body: clientErrorBodySchema,
    response: z.null(), showsLoading: false,
    summary: 'Reports a network or HTTP error seen by a browser (code 1106).',
  }),
  health: endpoint({
    method: 'GET', path: '/health', query: z.strictObject({}), body: undefined,
    response: healthSchema, showsLoading: false,
    summary: 'Liveness and database readiness.',
  }),
} as const;

export type EndpointName = keyof typeof ENDPOINTS;
export type EndpointQuery<Name extends EndpointName> = z.input<(typeof ENDPOINTS)[Name]['query']>;
export type EndpointResponse<Name extends EndpointName> = z.output<(typeof ENDPOINTS)[Name]['response']>;
export type EndpointBody<Name extends EndpointName> =
  (typeof ENDPOINTS)[Name]['body'] extends z.ZodType ? z.input<NonNullable<(typeof ENDPOINTS)[Name]['body']>> : undefined;
