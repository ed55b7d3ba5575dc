import type { FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { BACKGROUND_REFRESH_HEADER, ERROR_CODES, ROLE_ERRORS, type EndpointAuth } from 'shared-contracts';
import { ApiFailure } from '../http/api-failure.js';
import type { IdentityService } from './service.js';
import { bearerToken } from './sessions.js';
import type { AuthenticatedAccount } from './types.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whose session a route serves (the endpoint table's `auth`); none, or left out: it ignores any. */
    auth?: EndpointAuth;
    /**
     * False on a route the browser calls by itself (the live channel reconnecting): its calls do not count as the
     * person's activity, so they never hold off the session's idle timeout.
     */
    countsAsActivity?: boolean;
  }
  interface FastifyRequest {
    /** The session's account, on routes whose `config.auth` asks for one; null on the others. */
    account: AuthenticatedAccount | null;
  }
}

/**
 * Whether a call counts as the person's activity: not on a route the browser calls by itself, nor a call the browser
 * marks as a refresh nobody asked for (BACKGROUND_REFRESH_HEADER: a screen fetching again after a live event or on a
 * timer). Either is answered as any other, and refused with -600 once the session has ended.
 */
function countsAsActivity(request: FastifyRequest): boolean {
  if (request.routeOptions.config.countsAsActivity === false) return false;
  return request.headers[BACKGROUND_REFRESH_HEADER.name.toLowerCase()] !== BACKGROUND_REFRESH_HEADER.value;
}

/** The refusal of a session whose role an endpoint does not serve, or null when it may call it. */
function roleRefusal(auth: EndpointAuth, account: AuthenticatedAccount): string | null {
  if (auth === 'agent' && account.role !== 'agent') return ROLE_ERRORS.agentsOnly;
  if (auth === 'player' && account.role !== 'player') return ROLE_ERRORS.playersOnly;
  if (auth === 'lead' && !(account.role === 'agent' && account.lead)) return ROLE_ERRORS.leadsOnly;
  return null;
}

/**
 * Puts the session's account on the request (`request.account`) of every route whose `config.auth` asks for a
 * session, before the body is even parsed: a call without a live session learns nothing but -600 (missing,
 * malformed, unknown, expired or revoked token alike), one from a role the route does not serve gets 4030. A call
 * starts the session's idle time again only when it counts as the person's activity (countsAsActivity).
 */
export const sessionPlugin = fastifyPlugin<{ identity: Pick<IdentityService, 'authenticate'> }>(
  async (app, { identity }) => {
    app.decorateRequest('account', null);
    app.addHook('onRequest', async (request) => {
      const auth = request.routeOptions.config.auth ?? 'none';
      if (auth === 'none') return;
      const account = await identity.authenticate(bearerToken(request.headers.authorization), { activity: countsAsActivity(request) });
      const refusal = roleRefusal(auth, account);
      if (refusal !== null) throw new ApiFailure(ERROR_CODES.forbidden, refusal);
      request.account = account;
    });
  },
  { name: 'session' },
);

/** The account of a route that asks for a session; its hook has refused the request already when there is none. */
export function sessionAccount(request: FastifyRequest): AuthenticatedAccount {
  if (request.account === null) throw new Error(`No account was resolved for ${request.routeOptions.url ?? request.url}`);
  return request.account;
}
