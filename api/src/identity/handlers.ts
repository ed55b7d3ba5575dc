import { gameIdOfClient } from 'shared-contracts';
import type { Catalog } from '../catalog/catalog.js';
import { ApiFailure } from '../http/api-failure.js';
import type { DomainHandlers } from '../http/endpoint-routes.js';
import type { IdentityService } from './service.js';
import { bearerToken } from './sessions.js';

/**
 * The identity calls. Endpoints marked `auth: 'required'` in the shared table receive the session's account from
 * the route registration (a missing or dead token never reaches them); the others never see one.
 */
export function createIdentityHandlers(identity: IdentityService, catalog: Pick<Catalog, 'hasGame'>): DomainHandlers<'identity'> {
  /**
   * A live session's account for the token given, or null: a dead or missing one is no refusal here. A failure to
   * read sessions is (answering "not logged in" would offer a live session's player to go on as a guest).
   */
  const accountOf = (token: string | null | undefined) =>
    token
      ? identity.authenticate(token).catch((error: unknown) => {
          if (error instanceof ApiFailure) return null;
          throw error;
        })
      : Promise.resolve(null);
  return {
    // `remember` decides where the browser keeps the token and how long the session may live and sit unused.
    loginPassword: async ({ body, request }) =>
      identity.loginWithPassword(body.account, body.password, body.remember === true, request.ip, body.otp),

    loginAuth: async ({ query, request }) => {
      const account = await identity.authenticate(query.oauth_token ?? bearerToken(request.headers.authorization));
      return { account: account.account, type: account.type, role: account.role };
    },

    // The offer of SPEC §3's login-config parameters; guestAllowed as loginConfigSchema describes it.
    loginConfig: async ({ query, request }) => {
      const clientGameId = gameIdOfClient(query.clientId);
      const [forGame, account] = await Promise.all([
        clientGameId === null ? false : catalog.hasGame(clientGameId),
        accountOf(query.oauth_token ?? bearerToken(request.headers.authorization)),
      ]);
      return { providers: [...identity.providers], guestAllowed: !forGame && account === null };
    },

    logout: async ({ account, request }) => {
      await identity.logout(account, request.ip);
      return null;
    },

    forgotPassword: async ({ body, language, request }) => identity.mailbox.requestPasswordReset(body.email, request.ip, language),

    resetPassword: async ({ body, language, request }) => {
      await identity.mailbox.resetPassword(body.email, body.code, body.newPassword, request.ip, language);
      return null;
    },

    usersInfo: async ({ account }) => identity.userInfo(account),

    changePassword: async ({ body, account, language, request }) =>
      identity.changePassword(account, body.oldPassword, body.newPassword, request.ip, language),

    sendVerifyCode: async ({ body, account, language, request }) =>
      identity.mailbox.sendBindCode(account, body.email, body.currentPassword, request.ip, language),

    bindEmail: async ({ body, account, language, request }) =>
      identity.mailbox.bindEmail(account, body.email, body.code, request.ip, language),

    updateProfile: async ({ body, account, request }) => identity.updateProfile(account, body, request.ip),

    logoutOthers: async ({ account, request }) => identity.logoutOthers(account, request.ip),
  };
}
