import type { z } from 'zod';
import type { EndpointAuth, EndpointRoute, EndpointTransport } from './endpoint-routes.js';

/** One call of SPEC §7: its route, the schemas of its query, body and answer, and its summary in the OpenAPI document. */
export interface Endpoint<
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
  Auth extends EndpointAuth = EndpointAuth,
  Transport extends EndpointTransport = EndpointTransport,
> extends EndpointRoute<Auth, Transport> {
  query: Query;
  body: Body;
  response: Response;
  summary: string;
}

/** An endpoint's definition, its type parameters kept for the callers' inferred types. */
export function endpoint<
  Query extends z.ZodType,
  Body extends z.ZodType | undefined,
  Response extends z.ZodType,
  Auth extends EndpointAuth,
  Transport extends EndpointTransport = 'json',
>(definition: Endpoint<Query, Body, Response, Auth, Transport>): Endpoint<Query, Body, Response, Auth, Transport> {
  return definition;
}
