/**
 * 'required': the call needs a valid session token (else -600); 'player': a player's session (an agent's gets 4030
 * 'playersOnly'); 'agent': a customer-service agent's session (a player's gets 4030 'agentsOnly'); 'lead': an agent
 * with the support lead's permission (anyone else gets 4030 'leadsOnly'); 'none': it ignores any.
 */
export type EndpointAuth = 'none' | 'required' | 'player' | 'agent' | 'lead';

/**
 * How the body and answer travel. 'json' (default): JSON body, envelope answer. 'upload': one file as
 * multipart/form-data (field `file`), envelope answer. 'download': the answer is the file itself, not an envelope.
 */
export type EndpointTransport = 'json' | 'upload' | 'download';

/** Where and how a call travels: all the API client needs, without the schemas (and so without zod). */
export interface EndpointRoute<Auth extends EndpointAuth = EndpointAuth, Transport extends EndpointTransport = EndpointTransport> {
  method: 'GET' | 'POST';
  path: string;
  /** Kept as a literal per endpoint, so the server can type its handlers' session from the table. */
  auth: Auth;
  /** SPEC §7 marks some calls as showing the loading indicator. */
  showsLoading: boolean;
  transport?: Transport;
}

function route<Auth extends EndpointAuth, Transport extends EndpointTransport = 'json'>(
  definition: EndpointRoute<Auth, Transport>,
): EndpointRoute<Auth, Transport> {
  return definition;
}

/**
 * The calls of SPEC §7 this contract version defines, as the browser's client sends them. ENDPOINTS
 * (`shared-contracts/schemas`) adds each call's schemas to its route here, so the two cannot disagree.
 */
export const ENDPOINT_ROUTES = {
  gamesSimple: route({ method: 'GET', path: '/games/simple', auth: 'none', showsLoading: false }),
  gamesAll: route({ method: 'GET', path: '/games/all', auth: 'none', showsLoading: false }),
  gamesPrecheck: route({ method: 'GET', path: '/games/precheck', auth: 'none', showsLoading: false }),
  clientErrors: route({ method: 'POST', path: '/client-errors', auth: 'none', showsLoading: false }),
  loginPassword: route({ method: 'POST', path: '/website/login/password', auth: 'none', showsLoading: true }),
  loginAuth: route({ method: 'GET', path: '/website/login/auth', auth: 'none', showsLoading: false }),
  loginConfig: route({ method: 'GET', path: '/website/login/login_config', auth: 'none', showsLoading: false }),
  socialStart: route({ method: 'GET', path: '/website/login/social_start', auth: 'none', showsLoading: false }),
  twitterRedirect: route({ method: 'GET', path: '/website/login/twitter_redirect', auth: 'none', showsLoading: false }),
  vkGenPkce: route({ method: 'GET', path: '/website/login/vk2_gen_pcke', auth: 'none', showsLoading: false }),
  googleAuth: route({ method: 'GET', path: '/website/login/google_auth', auth: 'none', showsLoading: true }),
  appleAuth: route({ method: 'GET', path: '/website/login/apple_auth', auth: 'none', showsLoading: true }),
  facebookAuth: route({ method: 'GET', path: '/website/login/facebook_auth', auth: 'none', showsLoading: true }),
  twitterAuth: route({ method: 'GET', path: '/website/login/twitter_auth', auth: 'none', showsLoading: true }),
  vkAuth: route({ method: 'GET', path: '/website/login/vk2_auth', auth: 'none', showsLoading: true }),
  logout: route({ method: 'POST', path: '/website/login/logout', auth: 'required', showsLoading: false }),
  forgotPassword: route({ method: 'POST', path: '/website/login/password/forgot', auth: 'none', showsLoading: true }),
  resetPassword: route({ method: 'POST', path: '/website/login/password/reset', auth: 'none', showsLoading: true }),
  usersInfo: route({ method: 'GET', path: '/users/info', auth: 'required', showsLoading: false }),
  changePassword: route({ method: 'POST', path: '/ucenter/password/reset', auth: 'required', showsLoading: true }),
  sendVerifyCode: route({ method: 'POST', path: '/ucenter/email/send_verify_code', auth: 'required', showsLoading: false }),
  bindEmail: route({ method: 'POST', path: '/ucenter/email/bind', auth: 'required', showsLoading: false }),
  updateProfile: route({ method: 'POST', path: '/ucenter/profile', auth: 'required', showsLoading: false }),
  logoutOthers: route({ method: 'POST', path: '/ucenter/sessions/logout_others', auth: 'required', showsLoading: false }),
  faqTypes: route({ method: 'GET', path: '/faqs/types', auth: 'none', showsLoading: false }),
  faqs: route({ method: 'GET', path: '/faqs', auth: 'none', showsLoading: false }),
  inquiryTypes: route({ method: 'GET', path: '/inquiries/types', auth: 'none', showsLoading: false }),
  gameServers: route({ method: 'GET', path: '/game/servers/v2', auth: 'none', showsLoading: false }),
  gameAreas: route({ method: 'GET', path: '/game/areas', auth: 'none', showsLoading: false }),
  gameRoles: route({ method: 'GET', path: '/game/roles', auth: 'required', showsLoading: false }),
  gameDownloads: route({ method: 'GET', path: '/game/downloads', auth: 'none', showsLoading: false }),
  uploadFile: route({ method: 'POST', path: '/files', auth: 'required', showsLoading: true, transport: 'upload' }),
  downloadFile: route({ method: 'GET', path: '/files/download', auth: 'required', showsLoading: false, transport: 'download' }),
  discardFile: route({ method: 'POST', path: '/files/discard', auth: 'required', showsLoading: false }),
  createInquiry: route({ method: 'POST', path: '/inquiries', auth: 'player', showsLoading: true }),
  inquiryList: route({ method: 'GET', path: '/inquiries/list', auth: 'player', showsLoading: false }),
  inquiryDetail: route({ method: 'GET', path: '/inquiries/detail', auth: 'player', showsLoading: true }),
  inquiryReply: route({ method: 'POST', path: '/inquiries/reply', auth: 'player', showsLoading: false }),
  inquiryFeedback: route({ method: 'GET', path: '/inquiries/feedback', auth: 'player', showsLoading: false }),
  inquiryScore: route({ method: 'POST', path: '/inquiries/score', auth: 'player', showsLoading: false }),
  inquiryEnd: route({ method: 'POST', path: '/inquiries/end', auth: 'player', showsLoading: true }),
  inquiryUnresolved: route({ method: 'GET', path: '/inquiries/unresolved', auth: 'player', showsLoading: false }),
  agentInquiries: route({ method: 'GET', path: '/agent/inquiries', auth: 'agent', showsLoading: false }),
  agentInquiryDetail: route({ method: 'GET', path: '/agent/inquiries/detail', auth: 'agent', showsLoading: true }),
  agentInquiryReply: route({ method: 'POST', path: '/agent/inquiries/reply', auth: 'agent', showsLoading: false }),
  agentInquiryEnd: route({ method: 'POST', path: '/agent/inquiries/end', auth: 'agent', showsLoading: true }),
  agentInquiryAssign: route({ method: 'POST', path: '/agent/inquiries/assign', auth: 'agent', showsLoading: false }),
  agentInquiryNote: route({ method: 'POST', path: '/agent/inquiries/notes', auth: 'agent', showsLoading: false }),
  deskAgents: route({ method: 'GET', path: '/agent/agents', auth: 'agent', showsLoading: false }),
  cannedReplies: route({ method: 'GET', path: '/agent/canned-replies', auth: 'agent', showsLoading: false }),
  cannedReplyCreate: route({ method: 'POST', path: '/agent/canned-replies/create', auth: 'agent', showsLoading: false }),
  cannedReplyUpdate: route({ method: 'POST', path: '/agent/canned-replies/update', auth: 'agent', showsLoading: false }),
  cannedReplyDelete: route({ method: 'POST', path: '/agent/canned-replies/delete', auth: 'agent', showsLoading: false }),
  agentPermissions: route({ method: 'GET', path: '/agent/permissions', auth: 'agent', showsLoading: false }),
  leadDashboard: route({ method: 'GET', path: '/agent/lead/dashboard', auth: 'lead', showsLoading: false }),
  leadExport: route({ method: 'GET', path: '/agent/lead/export', auth: 'lead', showsLoading: false, transport: 'download' }),
  health: route({ method: 'GET', path: '/health', auth: 'none', showsLoading: false }),
} as const;

export type EndpointName = keyof typeof ENDPOINT_ROUTES;
