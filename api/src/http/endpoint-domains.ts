import type { EndpointName } from 'shared-contracts';

/** The API's domains; each is a Fastify plugin that registers the endpoints of its own and owns their handlers. */
export type ApiDomain = 'catalog' | 'ops' | 'identity' | 'social' | 'support' | 'files' | 'tickets' | 'cannedReplies' | 'leadDashboard';

/**
 * Which domain serves each endpoint of the shared table. `satisfies` makes an endpoint added to shared-contracts
 * without its domain here (or one left here after it went) a compile error, and each domain's handlers are typed
 * from it (`DomainHandlers`), so a domain cannot leave one of its endpoints without a handler either.
 */
export const ENDPOINT_DOMAINS = {
  gamesSimple: 'catalog',
  gamesAll: 'catalog',
  gamesPrecheck: 'catalog',
  clientErrors: 'ops',
  health: 'ops',
  loginPassword: 'identity',
  loginAuth: 'identity',
  loginConfig: 'identity',
  logout: 'identity',
  forgotPassword: 'identity',
  resetPassword: 'identity',
  usersInfo: 'identity',
  changePassword: 'identity',
  sendVerifyCode: 'identity',
  bindEmail: 'identity',
  updateProfile: 'identity',
  logoutOthers: 'identity',
  socialStart: 'social',
  twitterRedirect: 'social',
  vkGenPkce: 'social',
  googleAuth: 'social',
  appleAuth: 'social',
  facebookAuth: 'social',
  twitterAuth: 'social',
  vkAuth: 'social',
  faqTypes: 'support',
  faqs: 'support',
  inquiryTypes: 'support',
  gameServers: 'support',
  gameAreas: 'support',
  gameRoles: 'support',
  gameDownloads: 'support',
  uploadFile: 'files',
  downloadFile: 'files',
  discardFile: 'files',
  createInquiry: 'tickets',
  inquiryList: 'tickets',
  inquiryDetail: 'tickets',
  inquiryReply: 'tickets',
  inquiryFeedback: 'tickets',
  inquiryScore: 'tickets',
  inquiryEnd: 'tickets',
  inquiryUnresolved: 'tickets',
  agentInquiries: 'tickets',
  agentInquiryDetail: 'tickets',
  agentInquiryReply: 'tickets',
  agentInquiryEnd: 'tickets',
  agentInquiryAssign: 'tickets',
  agentInquiryNote: 'tickets',
  deskAgents: 'tickets',
  cannedReplies: 'cannedReplies',
  cannedReplyCreate: 'cannedReplies',
  cannedReplyUpdate: 'cannedReplies',
  cannedReplyDelete: 'cannedReplies',
  agentPermissions: 'leadDashboard',
  leadDashboard: 'leadDashboard',
  leadExport: 'leadDashboard',
} as const satisfies Record<EndpointName, ApiDomain>;

/** The endpoints one domain serves. */
export type EndpointsOf<Domain extends ApiDomain> = {
  [Name in EndpointName]: (typeof ENDPOINT_DOMAINS)[Name] extends Domain ? Name : never;
}[EndpointName];
