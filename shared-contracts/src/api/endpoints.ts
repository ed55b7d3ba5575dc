import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { endpoint, type Endpoint } from './endpoint.js';
import { ENDPOINT_ROUTES, type EndpointName } from './endpoint-routes.js';
import { DESK_ENDPOINTS } from './desk-endpoints.js';
import { deskInquiryDetailSchema, deskInquiryListSchema, deskQueueQuerySchema } from './desk-schemas.js';
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
import {
  cannedRepliesQuerySchema,
  cannedReplyDeleteBodySchema,
  cannedReplyFieldsSchema,
  cannedReplySchema,
  cannedReplyUpdateBodySchema,
} from './canned-reply-schemas.js';
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
import { agentPermissionsSchema, leadDashboardQuerySchema, leadDashboardSchema, leadExportQuerySchema } from './lead-dashboard-schemas.js';

export type { Endpoint } from './endpoint.js';

/**
 * The calls of SPEC §7 with their schemas: the API validates requests and serialises answers with them, and
 * Node-side callers check answers with them. Each entry spreads its route from ENDPOINT_ROUTES.
 */
export const ENDPOINTS = {
  gamesSimple: endpoint({
    ...ENDPOINT_ROUTES.gamesSimple,
    query: gameListQuerySchema, body: undefined,
    response: z.array(gameSimpleSchema),
    summary: 'Side-menu game list; the first game\'s payment link is the recharge link.',
  }),
  gamesAll: endpoint({
    ...ENDPOINT_ROUTES.gamesAll,
    query: gameListQuerySchema, body: undefined,
    response: z.array(gameSchema),
    summary: 'Front-page games with artwork and details.',
  }),
  gamesPrecheck: endpoint({
    ...ENDPOINT_ROUTES.gamesPrecheck,
    query: commonQuerySchema, body: undefined,
    response: precheckSchema,
    summary: 'Start-up check: the area this host serves for the requested area.',
  }),
  clientErrors: endpoint({
    ...ENDPOINT_ROUTES.clientErrors,
    query: commonQuerySchema, body: clientErrorBodySchema,
    response: z.null(),
    summary: 'Reports a network or HTTP error seen by a browser (code 1106).',
  }),
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
  faqTypes: endpoint({
    ...ENDPOINT_ROUTES.faqTypes,
    query: gameQuerySchema, body: undefined,
    response: z.array(faqTypeSchema),
    summary: 'Help-topic types of a game (Account, Payment, Gameplay, Technical) in the request language.',
  }),
  faqs: endpoint({
    ...ENDPOINT_ROUTES.faqs,
    query: faqsQuerySchema, body: undefined,
    response: z.array(faqSchema),
    summary: 'Help topics of a game, optionally of one type, optionally matching a keyword (literal, ignoring case).',
  }),
  inquiryTypes: endpoint({
    ...ENDPOINT_ROUTES.inquiryTypes,
    query: gameQuerySchema, body: undefined,
    response: z.array(inquiryTypeSchema),
    summary: 'Question categories of the inquiry form for a game.',
  }),
  gameServers: endpoint({
    ...ENDPOINT_ROUTES.gameServers,
    query: gameQuerySchema, body: undefined,
    response: z.array(gameServerSchema),
    summary: 'Servers of a game; ids start with a lowercase s.',
  }),
  gameAreas: endpoint({
    ...ENDPOINT_ROUTES.gameAreas,
    query: gameServerQuerySchema, body: undefined,
    response: z.array(gameAreaSchema),
    summary: 'Regions of a server of a game.',
  }),
  gameRoles: endpoint({
    ...ENDPOINT_ROUTES.gameRoles,
    query: gameRolesQuerySchema, body: undefined,
    response: z.array(gameRoleSchema),
    summary: "The logged-in player's characters on a server (and region) of a game; empty when there are none.",
  }),
  gameDownloads: endpoint({
    ...ENDPOINT_ROUTES.gameDownloads,
    query: gameQuerySchema, body: undefined,
    response: z.array(gameDownloadSchema),
    summary: 'Download links of a game per platform; empty when it has none yet.',
  }),
  uploadFile: endpoint({
    ...ENDPOINT_ROUTES.uploadFile,
    query: commonQuerySchema, body: undefined,
    response: uploadedFileSchema,
    summary: 'Uploads one attachment (multipart field "file"); its type is checked by content. Attach it within a day.',
  }),
  downloadFile: endpoint({
    ...ENDPOINT_ROUTES.downloadFile,
    query: fileDownloadQuerySchema, body: undefined,
    response: z.unknown(),
    summary: "An attachment's bytes, as a download; only for its ticket's owner and agents.",
  }),
  discardFile: endpoint({
    ...ENDPOINT_ROUTES.discardFile,
    query: commonQuerySchema, body: fileDiscardBodySchema,
    response: z.null(),
    summary: "Deletes one of the caller's own uploads not attached yet (removed from a form); anything else is 4040.",
  }),
  createInquiry: endpoint({
    ...ENDPOINT_ROUTES.createInquiry,
    query: commonQuerySchema, body: inquiryCreateBodySchema,
    response: inquiryCreatedSchema,
    summary: 'Opens a ticket; the same requestId again answers with the same ticket instead of a second one.',
  }),
  inquiryList: endpoint({
    ...ENDPOINT_ROUTES.inquiryList,
    query: inquiryClientQuerySchema, body: undefined,
    response: z.array(inquirySummarySchema),
    summary: `The player's tickets, newest first: at most the ${LIMITS.inquiryListMax} newest.`,
  }),
  inquiryDetail: endpoint({
    ...ENDPOINT_ROUTES.inquiryDetail,
    query: inquiryIdQuerySchema, body: undefined,
    response: inquiryDetailSchema,
    summary: `One of the player's tickets with its conversation (at most ${LIMITS.ticketMessagesMax} messages); reading it clears its feedback dot.`,
  }),
  inquiryReply: endpoint({
    ...ENDPOINT_ROUTES.inquiryReply,
    query: commonQuerySchema, body: inquiryReplyBodySchema,
    response: inquiryMessageSchema,
    summary: 'Adds information to an open ticket; the same requestId again answers with the same message.',
  }),
  inquiryFeedback: endpoint({
    ...ENDPOINT_ROUTES.inquiryFeedback,
    query: inquiryClientQuerySchema, body: undefined,
    response: feedbackSchema,
    summary: 'Whether the player has replies (or auto-ended chats) not seen yet: the feedback dot.',
  }),
  inquiryScore: endpoint({
    ...ENDPOINT_ROUTES.inquiryScore,
    query: commonQuerySchema, body: inquiryScoreBodySchema,
    response: z.null(),
    summary: 'Rates an ended chat 1 to 5, with reasons on a low score; once per ticket.',
  }),
  inquiryEnd: endpoint({
    ...ENDPOINT_ROUTES.inquiryEnd,
    query: commonQuerySchema, body: inquiryIdBodySchema,
    response: inquiryEndedSchema,
    summary: 'Ends an open chat; it then waits for a rating. Ending an ended chat changes nothing.',
  }),
  inquiryUnresolved: endpoint({
    ...ENDPOINT_ROUTES.inquiryUnresolved,
    query: inquiryClientQuerySchema, body: undefined,
    response: unresolvedSchema,
    summary: "The player's ongoing ticket, if any, and how long the agents' queue is.",
  }),
  agentInquiries: endpoint({
    ...ENDPOINT_ROUTES.agentInquiries,
    query: deskQueueQuerySchema, body: undefined,
    response: deskInquiryListSchema,
    summary: 'Agents: every ticket, oldest waiting first, filtered by status, game, text and holder (unassigned, mine).',
  }),
  agentInquiryDetail: endpoint({
    ...ENDPOINT_ROUTES.agentInquiryDetail,
    query: inquiryIdQuerySchema, body: undefined,
    response: deskInquiryDetailSchema,
    summary: 'Agents: one ticket with its conversation, the account that opened it, its handling and internal notes.',
  }),
  agentInquiryReply: endpoint({
    ...ENDPOINT_ROUTES.agentInquiryReply,
    query: commonQuerySchema, body: inquiryReplyBodySchema,
    response: inquiryMessageSchema,
    summary: 'Agents: replies to an open ticket, with attachments; the player sees the feedback dot.',
  }),
  agentInquiryEnd: endpoint({
    ...ENDPOINT_ROUTES.agentInquiryEnd,
    query: commonQuerySchema, body: inquiryIdBodySchema,
    response: inquiryEndedSchema,
    summary: 'Agents: ends an open ticket; the player is invited to rate it.',
  }),
  cannedReplies: endpoint({
    ...ENDPOINT_ROUTES.cannedReplies,
    query: cannedRepliesQuerySchema, body: undefined,
    response: z.array(cannedReplySchema),
    summary: `Agents: the canned replies of a language (or all), by title, optionally those whose title holds a text; at most ${LIMITS.cannedRepliesPerLanguageMax} a language.`,
  }),
  cannedReplyCreate: endpoint({
    ...ENDPOINT_ROUTES.cannedReplyCreate,
    query: commonQuerySchema, body: cannedReplyFieldsSchema,
    response: cannedReplySchema,
    summary: 'Agents: adds a canned reply to a language; its title is unique in that language, ignoring case.',
  }),
  cannedReplyUpdate: endpoint({
    ...ENDPOINT_ROUTES.cannedReplyUpdate,
    query: commonQuerySchema, body: cannedReplyUpdateBodySchema,
    response: cannedReplySchema,
    summary: 'Agents: changes the language, title and text of a canned reply.',
  }),
  cannedReplyDelete: endpoint({
    ...ENDPOINT_ROUTES.cannedReplyDelete,
    query: commonQuerySchema, body: cannedReplyDeleteBodySchema,
    response: z.null(),
    summary: 'Agents: deletes a canned reply; replies already sent keep its text.',
  }),
  ...DESK_ENDPOINTS,
  agentPermissions: endpoint({
    ...ENDPOINT_ROUTES.agentPermissions,
    query: commonQuerySchema, body: undefined,
    response: agentPermissionsSchema,
    summary: "Agents: what the session's agent may do beyond the desk (the support lead's dashboard).",
  }),
  leadDashboard: endpoint({
    ...ENDPOINT_ROUTES.leadDashboard,
    query: leadDashboardQuerySchema, body: undefined,
    response: leadDashboardSchema,
    summary: 'Support leads: tickets opened and ended per UTC day, first-response and resolution percentiles, CSAT by game, agent and low-score reason.',
  }),
  leadExport: endpoint({
    ...ENDPOINT_ROUTES.leadExport,
    query: leadExportQuerySchema, body: undefined,
    response: z.unknown(),
    summary: "Support leads: one of the dashboard's reports as a CSV file (UTF-8 with a byte order mark, headers in spec_lang).",
  }),
  health: endpoint({
    ...ENDPOINT_ROUTES.health,
    query: z.strictObject({}), body: undefined,
    response: healthSchema,
    summary: 'Liveness and database readiness.',
  }),
} as const satisfies { [Name in EndpointName]: Endpoint };

export type EndpointQuery<Name extends EndpointName> = z.input<(typeof ENDPOINTS)[Name]['query']>;
export type EndpointResponse<Name extends EndpointName> = z.output<(typeof ENDPOINTS)[Name]['response']>;
export type EndpointBody<Name extends EndpointName> =
  (typeof ENDPOINTS)[Name]['body'] extends z.ZodType ? z.input<NonNullable<(typeof ENDPOINTS)[Name]['body']>> : undefined;
