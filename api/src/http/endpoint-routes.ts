import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { ENDPOINTS, ERROR_CODES, envelopeSchema, type Endpoint, type EndpointName, type EndpointResponse } from 'shared-contracts';
import type { z } from 'zod';
import type { AuthenticatedAccount } from '../identity/types.js';
import { PreSerialized, errorEnvelopeSchema, ok } from './envelope.js';
import { ApiFailure } from './api-failure.js';

type Definition<Name extends EndpointName> = (typeof ENDPOINTS)[Name];

/** What a handler receives: the query and body already validated and typed by the endpoint's schemas. */
export interface EndpointContext<Name extends EndpointName> {
  query: z.output<Definition<Name>['query']>;
  body: Definition<Name>['body'] extends z.ZodType ? z.output<NonNullable<Definition<Name>['body']>> : undefined;
  /** The session's account on `auth: 'required'` and `'agent'` endpoints (checked before the handler runs). */
  account: Definition<Name>['auth'] extends 'required' | 'agent' ? AuthenticatedAccount : null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type EndpointHandler<Name extends EndpointName> = (
  context: EndpointContext<Name>,
) => Promise<EndpointResponse<Name> | PreSerialized>;

/**
 * One handler per endpoint of the shared table. The mapped type makes a missing handler a compile error, so an
 * endpoint added to shared-contracts cannot ship without its server side.
 */
export type EndpointHandlers = { [Name in EndpointName]: EndpointHandler<Name> };

/** Per-route Fastify options the table does not carry (body limit, rate limit, cache policy). */
export interface EndpointRouteOptions {
  bodyLimit?: number;
  config?: RouteShorthandOptions['config'];
  /** Cache-Control of successful answers; errors are always `no-store`. */
  cacheControl?: string;
  /** Request headers the answer depends on besides the URL. */
  vary?: string;
}

/**
 * Resolves the `Authorization: Bearer <token>` of a request to its account, or throws the -600 refusal (missing,
 * malformed, unknown, expired or revoked token alike).
 */
export type Authenticate = (request: FastifyRequest) => Promise<AuthenticatedAccount>;

/** OpenAPI name of the bearer-token scheme the `auth: 'required'` operations reference. */
export const BEARER_SECURITY_SCHEME = 'sessionToken';

const accounts = new WeakMap<FastifyRequest, AuthenticatedAccount>();

/** OpenAPI tag: the first path segment (`/games/all` is in "games"). */
function tagOf(path: string): string {
  return path.split('/')[1] ?? 'api';
}

/**
 * Registers every endpoint of `ENDPOINTS` from its definition: method, path, query, body and response schemas come
 * from shared-contracts, so the browser's types, the server's validation and the OpenAPI document are one source.
 */
export function registerEndpoints(
  app: FastifyInstance,
  handlers: EndpointHandlers,
  authenticate: Authenticate,
  options: Partial<Record<EndpointName, EndpointRouteOptions>> = {},
): void {
  for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
    const endpoint: Endpoint = ENDPOINTS[name];
    // The mapped type checked each handler against its own endpoint; here they are handled uniformly.
    const handler = handlers[name] as unknown as (context: EndpointContext<EndpointName>) => Promise<unknown>;
    const { cacheControl, vary, ...routeOptions } = options[name] ?? {};
    const authRequired = endpoint.auth !== 'none';
    const agentsOnly = endpoint.auth === 'agent';
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      ...routeOptions,
      // Before the body is even parsed: a call without a live session learns nothing but -600.
      ...(authRequired
        ? {
            onRequest: async (request: FastifyRequest) => {
              const account = await authenticate(request);
              if (agentsOnly && account.role !== 'agent') throw new ApiFailure(ERROR_CODES.forbidden, 'agentsOnly');
              accounts.set(request, account);
            },
          }
        : {}),
      schema: {
        operationId: name,
        summary: endpoint.summary,
        tags: [tagOf(endpoint.path)],
        ...(authRequired ? { security: [{ [BEARER_SECURITY_SCHEME]: [] }] } : {}),
        querystring: endpoint.query,
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: {
          200: envelopeSchema(endpoint.response),
          '4XX': errorEnvelopeSchema,
          '5XX': errorEnvelopeSchema,
        },
      },
      async handler(request, reply) {
        const account = authRequired ? accounts.get(request) : null;
        if (account === undefined) throw new Error(`No account was resolved for ${endpoint.path}`);
        const result = await handler({
          query: request.query as EndpointContext<EndpointName>['query'],
          body: request.body as EndpointContext<EndpointName>['body'],
          account: account as EndpointContext<EndpointName>['account'],
          request,
          reply,
        });
        if (cacheControl) reply.header('cache-control', cacheControl);
        if (vary) reply.header('vary', vary);
        if (result instanceof PreSerialized) {
          return reply.type('application/json; charset=utf-8').send(result.json);
        }
        return ok(result);
      },
    });
  }
}
