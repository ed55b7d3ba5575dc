import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { SocialProvider } from 'shared-contracts';
import { DEFAULT_MAIL_FROM, DEFAULT_OUTBOX_DIR } from '../config.js';
import type { Database } from '../db/database.js';
import { registerEndpoints } from '../http/endpoint-routes.js';
import { outboxMailer, type Mailer } from '../mail/transport.js';
import type { OAuthSettings } from '../oauth/config.js';
import { createIdentityHandlers } from './handlers.js';
import { DEFAULT_PASSWORD_HASHING, PasswordHasher, type PasswordHashing } from './passwords.js';
import { DEFAULT_IDENTITY_LIMITS, IdentityService, type IdentityLimits } from './service.js';
import { sessionPlugin } from './session-plugin.js';
import { DEVELOPMENT_ONLY_TOTP_SECRET_KEY, TotpSecrets } from './totp-secrets.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts and their sessions; the social logins start sessions through `identity.sessions`. */
    identity: IdentityService;
  }
}

export interface IdentityPluginOptions {
  db: Database;
  now: () => Date;
  mailer?: Mailer;
  passwordHashing?: PasswordHashing;
  identityLimits?: Partial<IdentityLimits>;
  oauthProviders?: readonly SocialProvider[];
  oauth?: OAuthSettings;
  totpSecretKey?: Buffer;
  requireAgentTotp?: boolean;
}

/**
 * Logins, sessions, passwords and the profile. It shares `app.identity`, and puts the session's account on the
 * requests of every domain's routes that need one (`sessionPlugin`).
 */
const identityDomain: FastifyPluginAsync<IdentityPluginOptions> = async (app, options) => {
  const identity = new IdentityService({
    db: options.db,
    now: options.now,
    hasher: new PasswordHasher(options.passwordHashing ?? DEFAULT_PASSWORD_HASHING),
    mailer: app.metrics.countMails(options.mailer ?? outboxMailer(DEFAULT_OUTBOX_DIR, DEFAULT_MAIL_FROM)),
    background: app.background,
    limits: { ...DEFAULT_IDENTITY_LIMITS, ...options.identityLimits },
    providers: options.oauthProviders ?? (Object.keys(options.oauth?.providers ?? {}) as SocialProvider[]),
    totpSecrets: new TotpSecrets(options.totpSecretKey ?? DEVELOPMENT_ONLY_TOTP_SECRET_KEY),
    requireAgentTotp: options.requireAgentTotp ?? false,
    attemptWatch: {
      refused: (bucket) => app.metrics.loginLimitRefused(bucket),
      ceilingPassed: ({ key, standing, failures, windowSeconds }) => {
        app.metrics.loginCeilingPassed(standing);
        // Somebody is guessing this account's password from many addresses; a desk account is worth a look.
        const fields = { account: key, standing, failures, windowMinutes: windowSeconds / 60 };
        const message = 'failed logins of one account past its ceiling: each address now gets one try';
        if (standing === 'agent' || standing === 'lead') app.log.warn(fields, message);
        else app.log.info(fields, message);
      },
    },
  });
  app.decorate('identity', identity);
  await app.register(sessionPlugin, { identity });
  registerEndpoints(app, 'identity', createIdentityHandlers(identity, app.catalog));
};

export const identityPlugin = fastifyPlugin(identityDomain, {
  name: 'identity',
  decorators: { fastify: ['catalog', 'metrics', 'background'] },
});
