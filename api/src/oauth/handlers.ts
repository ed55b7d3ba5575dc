import type { DomainHandlers } from '../http/endpoint-routes.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SocialProvider } from 'shared-contracts';
import { SOCIAL_BINDING_COOKIE, SOCIAL_LOGIN_TTL_MINUTES, type CompletionAnswer, type SocialLogins } from './social-logins.js';

const BINDING_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${SOCIAL_BINDING_COOKIE}=([^;\\s]*)`);

/** The browser binding cookie of the request (social-logins.ts says why), or null. */
function bindingOf(request: FastifyRequest): string | null {
  return BINDING_COOKIE_PATTERN.exec(request.headers.cookie ?? '')?.[1] ?? null;
}

/** The provider's answer as the completion call passes it on, with remember me as a flag and the browser's binding. */
function answerOf(
  query: { code: string; state: string; iss?: string | undefined; remember?: '1' | undefined },
  request: FastifyRequest,
): CompletionAnswer {
  return { code: query.code, state: query.state, iss: query.iss, remember: query.remember === '1', browserBinding: bindingOf(request) };
}

/** The social login steps of SPEC §7: three start calls and one completion call per provider. */
export function createSocialHandlers(social: SocialLogins): DomainHandlers<'social'> {
  /** A start answers the provider's URL and (re)sets the browser binding cookie for the login's lifetime. */
  const start = async (provider: SocialProvider, request: FastifyRequest, reply: FastifyReply) => {
    const { authorizeUrl, browserBinding } = await social.start(provider, request.headers, request.ip, bindingOf(request));
    reply.header(
      'set-cookie',
      `${SOCIAL_BINDING_COOKIE}=${browserBinding}; Path=/; Max-Age=${SOCIAL_LOGIN_TTL_MINUTES * 60}; Secure; HttpOnly; SameSite=Lax`,
    );
    return { authorizeUrl };
  };
  return {
    socialStart: async ({ query, request, reply }) => start(query.provider, request, reply),
    twitterRedirect: async ({ request, reply }) => start('twitter', request, reply),
    vkGenPkce: async ({ request, reply }) => start('vk', request, reply),

    googleAuth: async ({ query, request }) => social.complete('google', answerOf(query, request), request.ip),
    appleAuth: async ({ query, request }) => social.complete('apple', answerOf(query, request), request.ip),
    facebookAuth: async ({ query, request }) => social.complete('facebook', answerOf(query, request), request.ip),
    twitterAuth: async ({ query, request }) => social.complete('twitter', answerOf(query, request), request.ip),
    vkAuth: async ({ query, request }) => social.complete('vk', { ...answerOf(query, request), deviceId: query.device_id }, request.ip),
  };
}
