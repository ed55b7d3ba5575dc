import { z } from 'zod';
import { LIMITS } from '../limits.js';
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
import {
  clientErrorBodySchema,
  commonQuerySchema,
  gameListQuerySchema,
  gameSchema,
  gameSimpleSchema,
  healthSchema,
  precheckSchema,
} from './schemas.js';
import {
  faqSchema,
  faqsQuerySchema,
  faqTypeSchema,
  gameAreaSchema,
  gameDownloadSchema,
  gameQuerySchema,
  gameRoleSchema,
  gameRolesQuerySchema,
  gameServerQuerySchema,
  gameServerSchema,
  inquiryTypeSchema,
} from './support-schemas.js';
import {
  agentInquiriesQuerySchema,
  agentInquiryDetailSchema,
  agentInquiryListSchema,
  feedbackSchema,
  fileDiscardBodySchema,
  fileDownloadQuerySchema,
  inquiryClientQuerySchema,
  inquiryCreateBodySchema,
  inquiryCreatedSchema,
  inquiryDetailSchema,
  inquiryEndedSchema,
  inquiryIdBodySchema,
  inquiryIdQuerySchema,
  inquiryMessageSchema,
  inquiryReplyBodySchema,
  inquiryScoreBodySchema,
  inquirySummarySchema,
  unresolvedSchema,
  uploadedFileSchema,
} from './ticket-schemas.js';

/**
 * 'required': the call needs a valid session token (else -600); 'player': a player's session (an agent's gets 4030
 * 'playersOnly'); 'agent': a customer-service agent's session (a player's gets 4030 'agentsOnly'); 'none': it
 * ignores any.
 */
export type EndpointAuth = 'none' | 'required' | 'player' | 'agent';

/**
 * How the body and answer travel. 'json' (default): JSON body, envelope answer. 'upload': one file as
 * multipart/form-data (field `file`), envelope answer. 'download': the answer is the file itself, not an envelope.
 */
export type EndpointTransport = 'json' | 'upload' | 'download';

export interface Endpoint<
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
  Auth extends EndpointAuth = EndpointAuth,
  Transport extends EndpointTransport = EndpointTransport,
> {
  method: 'GET' | 'POST';
  path: string;
  query: Query;
  body: Body;
  response: Response;
  /** SPEC §7 marks some calls as showing the loading indicator. */
  showsLoading: boolean;
  /** Kept as a literal per endpoint, so the server can type its handlers' session from the table. */
  auth: Auth;
  transport?: Transport;
  summary: string;
}

function endpoint<
  Query extends z.ZodType,
  Body extends z.ZodType | undefined,
  Response extends z.ZodType,
  Auth extends EndpointAuth,
  Transport extends EndpointTransport = 'json',
>(definition: Endpoint<Query, Body, Response, Auth, Transport>): Endpoint<Query, Body, Response, Auth, Transport> {
  return definition;
}

/** The calls of SPEC §7 this contract version defines; the client and the API both read this table. */
export const ENDPOINTS = {
  gamesSimple: endpoint({
    method: 'GET', path: '/games/simple', query: gameListQuerySchema, body: undefined,
    response: z.array(gameSimpleSchema), showsLoading: false, auth: 'none',
    summary: 'Side-menu game list; the first game\'s payment link is the recharge link.',
  }),
  gamesAll: endpoint({
    method: 'GET', path: '/games/all', query: gameListQuerySchema, body: undefined,
    response: z.array(gameSchema), showsLoading: false, auth: 'none',
    summary: 'Front-page games with artwork and details.',
  }),
  gamesPrecheck: endpoint({
    method: 'GET', path: '/games/precheck', query: commonQuerySchema, body: undefined,
    response: precheckSchema, showsLoading: false, auth: 'none',
    summary: 'Start-up check: the area this host serves for the requested area.',
  }),
  clientErrors: endpoint({
    method: 'POST', path: '/client-errors', query: commonQuerySchema, body: clientErrorBodySchema,
    response: z.null(), showsLoading: false, auth: 'none',
    summary: 'Reports a network or HTTP error seen by a browser (code 1106).',
  }),
  loginPassword: endpoint({
    method: 'POST', path: '/website/login/password', query: commonQuerySchema, body: passwordLoginBodySchema,
    response: loginResultSchema, showsLoading: true, auth: 'none',
    summary: 'Account and password login of an official platform account.',
  }),
  loginAuth: endpoint({
    method: 'GET', path: '/website/login/auth', query: loginAuthQuerySchema, body: undefined,
    response: loginAuthSchema, showsLoading: false, auth: 'none',
    summary: 'Checks a session token (as a game client hands it over in oauth_token); -600 when it is not valid.',
  }),
  loginConfig: endpoint({
    method: 'GET', path: '/website/login/login_config', query: loginConfigQuerySchema, body: undefined,
    response: loginConfigSchema, showsLoading: false, auth: 'none',
    summary: 'Login options for a client (game): the social logins on offer and whether guests may continue.',
  }),
  socialStart: endpoint({
    method: 'GET', path: '/website/login/social_start', query: socialProviderStartQuerySchema, body: undefined,
    response: socialStartSchema, showsLoading: false, auth: 'none',
    summary: 'Starts a Google, Apple or Facebook login: the provider URL to send the browser to (state, PKCE, nonce).',
  }),
  twitterRedirect: endpoint({
    method: 'GET', path: '/website/login/twitter_redirect', query: socialStartQuerySchema, body: undefined,
    response: socialStartSchema, showsLoading: false, auth: 'none',
    summary: 'Starts a Twitter login: the provider URL to send the browser to (state, PKCE).',
  }),
  vkGenPkce: endpoint({
    method: 'GET', path: '/website/login/vk2_gen_pcke', query: socialStartQuerySchema, body: undefined,
    response: socialStartSchema, showsLoading: false, auth: 'none',
    summary: 'Starts a VK login with PKCE: the provider URL to send the browser to; VK returns to /vkRedirect.',
  }),
  googleAuth: endpoint({
    method: 'GET', path: '/website/login/google_auth', query: socialCompleteQuerySchema, body: undefined,
    response: loginResultSchema, showsLoading: true, auth: 'none',
    summary: 'Completes a Google login with the code and state the browser came back with.',
  }),
  appleAuth: endpoint({
    method: 'GET', path: '/website/login/apple_auth', query: socialCompleteQuerySchema, body: undefined,
    response: loginResultSchema, showsLoading: true, auth: 'none',
    summary: 'Completes an Apple login with the code and state the browser came back with.',
  }),
  facebookAuth: endpoint({
    method: 'GET', path: '/website/login/facebook_auth', query: socialCompleteQuerySchema, body: undefined,
    response: loginResultSchema, showsLoading: true, auth: 'none',
    summary: 'Completes a Facebook login with the code and state the browser came back with.',
  }),
  twitterAuth: endpoint({
    method: 'GET', path: '/website/login/twitter_auth', query: socialCompleteQuerySchema, body: undefined,
    response: loginResultSchema, showsLoading: true, auth: 'none',
    summary: 'Completes a Twitter login with the code and state the browser came back with.',
  }),
  vkAuth: endpoint({
    method: 'GET', path: '/website/login/vk2_auth', query: vkCompleteQuerySchema, body: undefined,
    response: loginResultSchema, showsLoading: true, auth: 'none',
    summary: 'Completes a VK login with the code, state and device_id VK sent back to /vkRedirect.',
  }),
  logout: endpoint({
    method: 'POST', path: '/website/login/logout', query: commonQuerySchema, body: emptyBodySchema,
    response: z.null(), showsLoading: false, auth: 'required',
    summary: 'Ends this session: its token stops working at once.',
  }),
  forgotPassword: endpoint({
    method: 'POST', path: '/website/login/password/forgot', query: commonQuerySchema, body: forgotPasswordBodySchema,
    response: codeSentSchema, showsLoading: true, auth: 'none',
    summary: 'Sends a reset code to the e-mail bound to an account; answers the same whether or not one exists.',
  }),
  resetPassword: endpoint({
    method: 'POST', path: '/website/login/password/reset', query: commonQuerySchema, body: resetPasswordBodySchema,
    response: z.null(), showsLoading: true, auth: 'none',
    summary: 'Sets a new password with an e-mailed code; every session of the account ends.',
  }),
  usersInfo: endpoint({
    method: 'GET', path: '/users/info', query: userInfoQuerySchema, body: undefined,
    response: userInfoSchema, showsLoading: false, auth: 'required',
    summary: 'The logged-in account: name, type (PLATFORM = official), e-mail, phone, birthday.',
  }),
  changePassword: endpoint({
    method: 'POST', path: '/ucenter/password/reset', query: commonQuerySchema, body: changePasswordBodySchema,
    response: loginResultSchema, showsLoading: true, auth: 'required',
    summary: 'Changes the password; other sessions end (-600) and this one gets a fresh token.',
  }),
  sendVerifyCode: endpoint({
    method: 'POST', path: '/ucenter/email/send_verify_code', query: commonQuerySchema, body: sendVerifyCodeBodySchema,
    response: codeSentSchema, showsLoading: false, auth: 'required',
    summary: 'E-mails a verification code for binding this address to the account.',
  }),
  bindEmail: endpoint({
    method: 'POST', path: '/ucenter/email/bind', query: commonQuerySchema, body: bindEmailBodySchema,
    response: boundEmailSchema, showsLoading: false, auth: 'required',
    summary: 'Binds the e-mail address with the code that was sent to it.',
  }),
  faqTypes: endpoint({
    method: 'GET', path: '/faqs/types', query: gameQuerySchema, body: undefined,
    response: z.array(faqTypeSchema), showsLoading: false, auth: 'none',
    summary: 'Help-topic types of a game (Account, Payment, Gameplay, Technical) in the request language.',
  }),
  faqs: endpoint({
    method: 'GET', path: '/faqs', query: faqsQuerySchema, body: undefined,
    response: z.array(faqSchema), showsLoading: false, auth: 'none',
    summary: 'Help topics of a game, optionally of one type, optionally matching a keyword (literal, ignoring case).',
  }),
  inquiryTypes: endpoint({
    method: 'GET', path: '/inquiries/types', query: gameQuerySchema, body: undefined,
    response: z.array(inquiryTypeSchema), showsLoading: false, auth: 'none',
    summary: 'Question categories of the inquiry form for a game.',
  }),
  gameServers: endpoint({
    method: 'GET', path: '/game/servers/v2', query: gameQuerySchema, body: undefined,
    response: z.array(gameServerSchema), showsLoading: false, auth: 'none',
    summary: 'Servers of a game; ids start with a lowercase s.',
  }),
  gameAreas: endpoint({
    method: 'GET', path: '/game/areas', query: gameServerQuerySchema, body: undefined,
    response: z.array(gameAreaSchema), showsLoading: false, auth: 'none',
    summary: 'Regions of a server of a game.',
  }),
  gameRoles: endpoint({
    method: 'GET', path: '/game/roles', query: gameRolesQuerySchema, body: undefined,
    response: z.array(gameRoleSchema), showsLoading: false, auth: 'required',
    summary: "The logged-in player's characters on a server (and region) of a game; empty when there are none.",
  }),
  gameDownloads: endpoint({
    method: 'GET', path: '/game/downloads', query: gameQuerySchema, body: undefined,
    response: z.array(gameDownloadSchema), showsLoading: false, auth: 'none',
    summary: 'Download links of a game per platform; empty when it has none yet.',
  }),
  uploadFile: endpoint({
    method: 'POST', path: '/files', query: commonQuerySchema, body: undefined,
    response: uploadedFileSchema, showsLoading: true, auth: 'required', transport: 'upload',
    summary: 'Uploads one attachment (multipart field "file"); its type is checked by content. Attach it within a day.',
  }),
  downloadFile: endpoint({
    method: 'GET', path: '/files/download', query: fileDownloadQuerySchema, body: undefined,
    response: z.unknown(), showsLoading: false, auth: 'required', transport: 'download',
    summary: "An attachment's bytes, as a download; only for its ticket's owner and agents.",
  }),
  discardFile: endpoint({
    method: 'POST', path: '/files/discard', query: commonQuerySchema, body: fileDiscardBodySchema,
    response: z.null(), showsLoading: false, auth: 'required',
    summary: "Deletes one of the caller's own uploads not attached yet (removed from a form); anything else is 4040.",
  }),
  createInquiry: endpoint({
    method: 'POST', path: '/inquiries', query: commonQuerySchema, body: inquiryCreateBodySchema,
    response: inquiryCreatedSchema, showsLoading: true, auth: 'player',
    summary: 'Opens a ticket; the same requestId again answers with the same ticket instead of a second one.',
  }),
  inquiryList: endpoint({
    method: 'GET', path: '/inquiries/list', query: inquiryClientQuerySchema, body: undefined,
    response: z.array(inquirySummarySchema), showsLoading: false, auth: 'player',
    summary: `The player's tickets, newest first: at most the ${LIMITS.inquiryListMax} newest.`,
  }),
  inquiryDetail: endpoint({
    method: 'GET', path: '/inquiries/detail', query: inquiryIdQuerySchema, body: undefined,
    response: inquiryDetailSchema, showsLoading: true, auth: 'player',
    summary: `One of the player's tickets with its conversation (at most ${LIMITS.ticketMessagesMax} messages); reading it clears its feedback dot.`,
  }),
  inquiryReply: endpoint({
    method: 'POST', path: '/inquiries/reply', query: commonQuerySchema, body: inquiryReplyBodySchema,
    response: inquiryMessageSchema, showsLoading: false, auth: 'player',
    summary: 'Adds information to an open ticket; the same requestId again answers with the same message.',
  }),
  inquiryFeedback: endpoint({
    method: 'GET', path: '/inquiries/feedback', query: inquiryClientQuerySchema, body: undefined,
    response: feedbackSchema, showsLoading: false, auth: 'player',
    summary: 'Whether the player has replies (or auto-ended chats) not seen yet: the feedback dot.',
  }),
  inquiryScore: endpoint({
    method: 'POST', path: '/inquiries/score', query: commonQuerySchema, body: inquiryScoreBodySchema,
    response: z.null(), showsLoading: false, auth: 'player',
    summary: 'Rates an ended chat 1 to 5, with reasons on a low score; once per ticket.',
  }),
  inquiryEnd: endpoint({
    method: 'POST', path: '/inquiries/end', query: commonQuerySchema, body: inquiryIdBodySchema,
    response: inquiryEndedSchema, showsLoading: true, auth: 'player',
    summary: 'Ends an open chat; it then waits for a rating. Ending an ended chat changes nothing.',
  }),
  inquiryUnresolved: endpoint({
    method: 'GET', path: '/inquiries/unresolved', query: inquiryClientQuerySchema, body: undefined,
    response: unresolvedSchema, showsLoading: false, auth: 'player',
    summary: "The player's ongoing ticket, if any, and how long the agents' queue is.",
  }),
  agentInquiries: endpoint({
    method: 'GET', path: '/agent/inquiries', query: agentInquiriesQuerySchema, body: undefined,
    response: agentInquiryListSchema, showsLoading: false, auth: 'agent',
    summary: 'Agents: every ticket, oldest waiting first, filtered by status, game and text.',
  }),
  agentInquiryDetail: endpoint({
    method: 'GET', path: '/agent/inquiries/detail', query: inquiryIdQuerySchema, body: undefined,
    response: agentInquiryDetailSchema, showsLoading: true, auth: 'agent',
    summary: 'Agents: one ticket with its conversation and the account that opened it.',
  }),
  agentInquiryReply: endpoint({
    method: 'POST', path: '/agent/inquiries/reply', query: commonQuerySchema, body: inquiryReplyBodySchema,
    response: inquiryMessageSchema, showsLoading: false, auth: 'agent',
    summary: 'Agents: replies to an open ticket, with attachments; the player sees the feedback dot.',
  }),
  agentInquiryEnd: endpoint({
    method: 'POST', path: '/agent/inquiries/end', query: commonQuerySchema, body: inquiryIdBodySchema,
    response: inquiryEndedSchema, showsLoading: true, auth: 'agent',
    summary: 'Agents: ends an open ticket; the player is invited to rate it.',
  }),
  health: endpoint({
    method: 'GET', path: '/health', query: z.strictObject({}), body: undefined,
    response: healthSchema, showsLoading: false, auth: 'none',
    summary: 'Liveness and database readiness.',
  }),
} as const;

export type EndpointName = keyof typeof ENDPOINTS;
export type EndpointQuery<Name extends EndpointName> = z.input<(typeof ENDPOINTS)[Name]['query']>;
export type EndpointResponse<Name extends EndpointName> = z.output<(typeof ENDPOINTS)[Name]['response']>;
export type EndpointBody<Name extends EndpointName> =
  (typeof ENDPOINTS)[Name]['body'] extends z.ZodType ? z.input<NonNullable<(typeof ENDPOINTS)[Name]['body']>> : undefined;
