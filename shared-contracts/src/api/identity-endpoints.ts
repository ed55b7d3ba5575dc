import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { ENDPOINT_ROUTES } from './endpoint-routes.js';
import {
  bindEmailBodySchema,
  boundEmailSchema,
  changePasswordBodySchema,
  codeSentSchema,
  emptyBodySchema,
  forgotPasswordBodySchema,
  loginAuthQuerySchema,
  loginAuthSchema,
  loginConfigQuerySchema,
  loginConfigSchema,
  loginResultSchema,
  passwordLoginBodySchema,
  profileUpdateBodySchema,
  resetPasswordBodySchema,
  sendVerifyCodeBodySchema,
  socialCompleteQuerySchema,
  socialProviderStartQuerySchema,
  socialStartQuerySchema,
  socialStartSchema,
  userInfoQuerySchema,
  userInfoSchema,
  vkCompleteQuerySchema,
} from './identity-schemas.js';
import { commonQuerySchema } from './schemas.js';

/**
 * The calls of logging in (password and social) and of the account (SPEC §6, §7), with their schemas; ENDPOINTS
 * spreads them in.
 */
export const IDENTITY_ENDPOINTS = {
  loginPassword: endpoint({
    ...ENDPOINT_ROUTES.loginPassword,
    query: commonQuerySchema, body: passwordLoginBodySchema,
    response: loginResultSchema,
    summary: 'Account and password login of an official platform account.',
  }),
  loginAuth: endpoint({
    ...ENDPOINT_ROUTES.loginAuth,
    query: loginAuthQuerySchema, body: undefined,
    response: loginAuthSchema,
    summary: 'Checks a session token (as a game client hands it over in oauth_token); -600 when it is not valid.',
  }),
  loginConfig: endpoint({
    ...ENDPOINT_ROUTES.loginConfig,
    query: loginConfigQuerySchema, body: undefined,
    response: loginConfigSchema,
    summary: 'Login options for a client (game): the social logins on offer and whether guests may continue.',
  }),
  socialStart: endpoint({
    ...ENDPOINT_ROUTES.socialStart,
    query: socialProviderStartQuerySchema, body: undefined,
    response: socialStartSchema,
    summary: 'Starts a Google, Apple or Facebook login: the provider URL to send the browser to (state, PKCE, nonce).',
  }),
  twitterRedirect: endpoint({
    ...ENDPOINT_ROUTES.twitterRedirect,
    query: socialStartQuerySchema, body: undefined,
    response: socialStartSchema,
    summary: 'Starts a Twitter login: the provider URL to send the browser to (state, PKCE).',
  }),
  vkGenPkce: endpoint({
    ...ENDPOINT_ROUTES.vkGenPkce,
    query: socialStartQuerySchema, body: undefined,
    response: socialStartSchema,
    summary: 'Starts a VK login with PKCE: the provider URL to send the browser to; VK returns to /vkRedirect.',
  }),
  googleAuth: endpoint({
    ...ENDPOINT_ROUTES.googleAuth,
    query: socialCompleteQuerySchema, body: undefined,
    response: loginResultSchema,
    summary: 'Completes a Google login with the code and state the browser came back with.',
  }),
  appleAuth: endpoint({
    ...ENDPOINT_ROUTES.appleAuth,
    query: socialCompleteQuerySchema, body: undefined,
    response: loginResultSchema,
    summary: 'Completes an Apple login with the code and state the browser came back with.',
  }),
  facebookAuth: endpoint({
    ...ENDPOINT_ROUTES.facebookAuth,
    query: socialCompleteQuerySchema, body: undefined,
    response: loginResultSchema,
    summary: 'Completes a Facebook login with the code and state the browser came back with.',
  }),
  twitterAuth: endpoint({
    ...ENDPOINT_ROUTES.twitterAuth,
    query: socialCompleteQuerySchema, body: undefined,
    response: loginResultSchema,
    summary: 'Completes a Twitter login with the code and state the browser came back with.',
  }),
  vkAuth: endpoint({
    ...ENDPOINT_ROUTES.vkAuth,
    query: vkCompleteQuerySchema, body: undefined,
    response: loginResultSchema,
    summary: 'Completes a VK login with the code, state and device_id VK sent back to /vkRedirect.',
  }),
  logout: endpoint({
    ...ENDPOINT_ROUTES.logout,
    query: commonQuerySchema, body: emptyBodySchema,
    response: z.null(),
    summary: 'Ends this session: its token stops working at once.',
  }),
  forgotPassword: endpoint({
    ...ENDPOINT_ROUTES.forgotPassword,
    query: commonQuerySchema, body: forgotPasswordBodySchema,
    response: codeSentSchema,
    summary: 'Sends a reset code to the e-mail bound to an account; answers the same whether or not one exists.',
  }),
  resetPassword: endpoint({
    ...ENDPOINT_ROUTES.resetPassword,
    query: commonQuerySchema, body: resetPasswordBodySchema,
    response: z.null(),
    summary: 'Sets a new password with an e-mailed code; every session of the account ends.',
  }),
  usersInfo: endpoint({
    ...ENDPOINT_ROUTES.usersInfo,
    query: userInfoQuerySchema, body: undefined,
    response: userInfoSchema,
    summary: 'The logged-in account: name, type (PLATFORM = official), e-mail, phone, birthday.',
  }),
  changePassword: endpoint({
    ...ENDPOINT_ROUTES.changePassword,
    query: commonQuerySchema, body: changePasswordBodySchema,
    response: loginResultSchema,
    summary: 'Changes the password; other sessions end (-600) and this one gets a fresh token.',
  }),
  sendVerifyCode: endpoint({
    ...ENDPOINT_ROUTES.sendVerifyCode,
    query: commonQuerySchema, body: sendVerifyCodeBodySchema,
    response: codeSentSchema,
    summary: 'E-mails a verification code for binding this address to the account; an account with a password must give it.',
  }),
  bindEmail: endpoint({
    ...ENDPOINT_ROUTES.bindEmail,
    query: commonQuerySchema, body: bindEmailBodySchema,
    response: boundEmailSchema,
    summary: 'Binds the e-mail address with the code that was sent to it.',
  }),
  updateProfile: endpoint({
    ...ENDPOINT_ROUTES.updateProfile,
    query: commonQuerySchema, body: profileUpdateBodySchema,
    response: userInfoSchema,
    summary: 'Sets the birthday (once: it cannot change after) and the phone number of the logged-in account; answers the user info.',
  }),
} as const;
