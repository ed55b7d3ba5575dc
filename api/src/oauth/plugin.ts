import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.js';
import { registerEndpoints } from '../http/endpoint-routes.js';
import { DEFAULT_IDENTITY_LIMITS, type IdentityLimits } from '../identity/service.js';
import { NO_OAUTH, type OAuthSettings } from './config.js';
import { createSocialHandlers } from './handlers.js';
import { SocialLogins } from './social-logins.js';

export interface SocialPluginOptions {
  db: Database;
  now: () => Date;
  oauth?: OAuthSettings;
  identityLimits?: Partial<IdentityLimits>;
}

/** The social logins (SPEC §7): they end in a session of `app.identity`. */
export const socialPlugin: FastifyPluginAsync<SocialPluginOptions> = async (app, options) => {
  const social = new SocialLogins({
    db: options.db,
    now: options.now,
    sessions: app.identity.sessions,
    settings: options.oauth ?? NO_OAUTH,
    onProviderError: (error, provider) => app.log.warn({ err: error, provider }, 'social login refused by the provider'),
    startsPerIp: { ...DEFAULT_IDENTITY_LIMITS, ...options.identityLimits }.socialStartsPerIp,
  });
  registerEndpoints(app, 'social', createSocialHandlers(social));
};
