import type { EndpointHandlers } from '../http/endpoint-routes.js';
import type { CompletionAnswer, SocialLogins } from './social-logins.js';

export type SocialEndpoint =
  | 'socialStart'
  | 'twitterRedirect'
  | 'vkGenPkce'
  | 'googleAuth'
  | 'appleAuth'
  | 'facebookAuth'
  | 'twitterAuth'
  | 'vkAuth';

/** The provider's answer as the completion call passes it on, with remember me as a flag. */
function answerOf(query: { code: string; state: string; iss?: string | undefined; remember?: '1' | undefined }): CompletionAnswer {
  return { code: query.code, state: query.state, iss: query.iss, remember: query.remember === '1' };
}

/** The social login steps of SPEC §7: three start calls and one completion call per provider. */
export function createSocialHandlers(social: SocialLogins): Pick<EndpointHandlers, SocialEndpoint> {
  return {
    socialStart: async ({ query, request }) => social.start(query.provider, request.headers, request.ip),
    twitterRedirect: async ({ request }) => social.start('twitter', request.headers, request.ip),
    vkGenPkce: async ({ request }) => social.start('vk', request.headers, request.ip),

    googleAuth: async ({ query, request }) => social.complete('google', answerOf(query), request.ip),
    appleAuth: async ({ query, request }) => social.complete('apple', answerOf(query), request.ip),
    facebookAuth: async ({ query, request }) => social.complete('facebook', answerOf(query), request.ip),
    twitterAuth: async ({ query, request }) => social.complete('twitter', answerOf(query), request.ip),
    vkAuth: async ({ query, request }) => social.complete('vk', { ...answerOf(query), deviceId: query.device_id }, request.ip),
  };
}
