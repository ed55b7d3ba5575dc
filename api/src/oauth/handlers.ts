import type { EndpointHandlers } from '../http/endpoint-routes.js';
import type { SocialLogins } from './social-logins.js';

export type SocialEndpoint =
  | 'socialStart'
  | 'twitterRedirect'
  | 'vkGenPkce'
  | 'googleAuth'
  | 'appleAuth'
  | 'facebookAuth'
  | 'twitterAuth'
  | 'vkAuth';

/** The social login steps of SPEC §7: three start calls and one completion call per provider. */
export function createSocialHandlers(social: SocialLogins): Pick<EndpointHandlers, SocialEndpoint> {
  return {
    socialStart: async ({ query, request }) => social.start(query.provider, request.headers),
    twitterRedirect: async ({ request }) => social.start('twitter', request.headers),
    vkGenPkce: async ({ request }) => social.start('vk', request.headers),

    googleAuth: async ({ query, request }) => social.complete('google', query, request.ip),
    appleAuth: async ({ query, request }) => social.complete('apple', query, request.ip),
    facebookAuth: async ({ query, request }) => social.complete('facebook', query, request.ip),
    twitterAuth: async ({ query, request }) => social.complete('twitter', query, request.ip),
    vkAuth: async ({ query, request }) => social.complete('vk', { ...query, deviceId: query.device_id }, request.ip),
  };
}
