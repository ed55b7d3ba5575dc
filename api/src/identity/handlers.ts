import type { EndpointHandlers } from '../http/endpoint-routes.js';
import type { IdentityService } from './service.js';

export type IdentityEndpoint =
  | 'loginPassword'
  | 'loginAuth'
  | 'loginConfig'
  | 'logout'
  | 'forgotPassword'
  | 'resetPassword'
  | 'usersInfo'
  | 'changePassword'
  | 'sendVerifyCode'
  | 'bindEmail';

/**
 * The identity calls. Endpoints marked `auth: 'required'` in the shared table receive the session's account from
 * the route registration (a missing or dead token never reaches them); the others never see one.
 */
export function createIdentityHandlers(identity: IdentityService): Pick<EndpointHandlers, IdentityEndpoint> {
  return {
    // `remember` only decides where the browser keeps the token; the session lives as long either way.
    loginPassword: async ({ body, request }) => identity.loginWithPassword(body.account, body.password, request.ip),

    loginAuth: async ({ query }) => {
      const account = await identity.authenticate(query.oauth_token);
      return { account: account.account, type: account.type };
    },

    // oauth_token and clientId are accepted; the offer does not depend on them yet.
    loginConfig: async () => ({ providers: [...identity.providers], guestAllowed: true }),

    logout: async ({ account, request }) => {
      await identity.logout(account, request.ip);
      return null;
    },

    forgotPassword: async ({ body, query, request }) =>
      identity.requestPasswordReset(body.email, request.ip, query.spec_lang),

    resetPassword: async ({ body, request }) => {
      await identity.resetPassword(body.email, body.code, body.newPassword, request.ip);
      return null;
    },

    usersInfo: async ({ account }) => identity.userInfo(account),

    changePassword: async ({ body, account, request }) =>
      identity.changePassword(account, body.oldPassword, body.newPassword, request.ip),

    sendVerifyCode: async ({ body, query, account, request }) =>
      identity.sendBindCode(account, body.email, request.ip, query.spec_lang),

    bindEmail: async ({ body, account, request }) => identity.bindEmail(account, body.email, body.code, request.ip),
  };
}
