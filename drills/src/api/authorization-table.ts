import { randomBytes, randomUUID } from 'node:crypto';
import { type EndpointName } from 'shared-contracts';
import { platformTicket } from './api-under-test.js';

/**
 * The authorization matrix's table (authorization-matrix.ts runs it): who calls, the accounts they log in as, and
 * for every endpoint and outside route the request it is sent and whose data it may show.
 */

/** Owner last: its calls may use up the resources (discarding the upload, ending the ticket). */
export const CALLERS = ['guest', 'otherPlayer', 'agent', 'lead', 'owner'] as const;
export type Caller = (typeof CALLERS)[number];

export const ACCOUNTS = {
  owner: { account: 'player1', password: 'player1-pass' },
  otherPlayer: { account: 'player2', password: 'player2-pass' },
  agent: { account: 'agent1', password: 'agent1-pass' },
  lead: { account: 'lead1', password: 'lead1-pass' },
} as const;

export interface Secrets {
  title: string;
  content: string;
  reply: string;
  contact: string;
  fileName: string;
  fileBytes: string;
  /** An agent's internal note on the owner's ticket: agents' alone, never a player's to see, not even the owner's. */
  internalNote: string;
  /** The text of an agents' canned reply: agents' data, never a player's to see. */
  cannedReply: string;
}

export interface OwnerResources {
  ticketId: number;
  /** Attached to the ticket. */
  fileId: string;
  /** Uploaded, not attached yet. */
  pendingFileId: string;
  /** agent1's account id: they hold the owner's ticket once they have answered it. */
  agentId: number;
  /** An agents' canned reply (issue 15). */
  cannedReplyId: number;
  secrets: Secrets;
}

export interface MatrixRequest {
  query?: Record<string, string | number>;
  body?: unknown;
  upload?: { name: string; content: string };
}

/**
 * 'public': no one's data. 'own': the caller's own data (lists, the account): anyone gets theirs, never the
 * owner's. 'owner': names the owner's resource: anyone else gets 4040, except agents where `agentSees`.
 */
export interface MatrixEntry {
  scope: 'public' | 'own' | 'owner';
  agentSees?: boolean;
  request: (resources: OwnerResources) => MatrixRequest;
  /** Positive controls: callers whose answer must show this secret, so a blind leak check cannot pass. */
  reveals?: { callers: Caller[]; secret: keyof Secrets };
}

const FAKE_TOKEN = 'matrix-no-such-session-token';
const OAUTH_STATE = 'matrixstate0123456789';

/**
 * One entry per endpoint of the shared table: the mapped type makes a new endpoint a compile error here until it
 * is classified, and the route check below fails for a route registered outside the table.
 */
export const MATRIX: { [Name in EndpointName]: MatrixEntry } = {
  gamesSimple: { scope: 'public', request: () => ({}) },
  gamesAll: { scope: 'public', request: () => ({}) },
  gamesPrecheck: { scope: 'public', request: () => ({}) },
  clientErrors: { scope: 'public', request: () => ({ body: { code: 1106, message: 'authorization matrix' } }) },
  loginPassword: { scope: 'public', request: () => ({ body: { account: ACCOUNTS.owner.account, password: 'not-the-password' } }) },
  loginAuth: { scope: 'public', request: () => ({ query: { oauth_token: FAKE_TOKEN } }) },
  loginConfig: { scope: 'public', request: () => ({}) },
  socialStart: { scope: 'public', request: () => ({ query: { provider: 'google' } }) },
  twitterRedirect: { scope: 'public', request: () => ({}) },
  vkGenPkce: { scope: 'public', request: () => ({}) },
  googleAuth: { scope: 'public', request: () => ({ query: { code: 'matrix', state: OAUTH_STATE } }) },
  appleAuth: { scope: 'public', request: () => ({ query: { code: 'matrix', state: OAUTH_STATE } }) },
  facebookAuth: { scope: 'public', request: () => ({ query: { code: 'matrix', state: OAUTH_STATE } }) },
  twitterAuth: { scope: 'public', request: () => ({ query: { code: 'matrix', state: OAUTH_STATE } }) },
  vkAuth: { scope: 'public', request: () => ({ query: { code: 'matrix', state: OAUTH_STATE } }) },
  logout: { scope: 'own', request: () => ({ body: {} }) },
  forgotPassword: { scope: 'public', request: () => ({ body: { email: 'player1@demo.example' } }) },
  resetPassword: {
    scope: 'public',
    request: () => ({ body: { email: 'player1@demo.example', code: '000000', newPassword: 'Matrix-new-pass-1' } }),
  },
  usersInfo: { scope: 'own', request: () => ({}) },
  // A wrong current password: the call is authorised and refused on its merits, and no password changes.
  changePassword: { scope: 'own', request: () => ({ body: { oldPassword: 'not-the-password', newPassword: 'Matrix-new-pass-1' } }) },
  sendVerifyCode: { scope: 'own', request: () => ({ body: { email: `matrix-${randomBytes(4).toString('hex')}@example.test` } }) },
  bindEmail: { scope: 'own', request: () => ({ body: { email: 'matrix@example.test', code: '000000' } }) },
  // Another birthday than the seeded one: authorised, refused on its merits (locked once set), and nothing changes.
  updateProfile: { scope: 'own', request: () => ({ body: { birthday: '2000-01-01' } }) },
  // Ends the caller's other sessions only: the caller's own, which the matrix goes on with, stays.
  logoutOthers: { scope: 'own', request: () => ({ body: {} }) },
  faqTypes: { scope: 'public', request: () => ({ query: { gameId: 1 } }) },
  faqs: { scope: 'public', request: () => ({ query: { gameId: 1 } }) },
  inquiryTypes: { scope: 'public', request: () => ({ query: { gameId: 1 } }) },
  gameServers: { scope: 'public', request: () => ({ query: { gameId: 1 } }) },
  gameAreas: { scope: 'public', request: () => ({ query: { gameId: 1, serverId: 's1' } }) },
  gameRoles: { scope: 'own', request: () => ({ query: { gameId: 1, serverId: 's1' } }) },
  gameDownloads: { scope: 'public', request: () => ({ query: { gameId: 1 } }) },
  uploadFile: { scope: 'own', request: () => ({ upload: { name: 'matrix.txt', content: 'authorization matrix upload' } }) },
  downloadFile: {
    scope: 'owner',
    agentSees: true,
    request: (resources) => ({ query: { fileId: resources.fileId } }),
    reveals: { callers: ['owner', 'agent'], secret: 'fileBytes' },
  },
  discardFile: { scope: 'owner', request: (resources) => ({ body: { fileId: resources.pendingFileId } }) },
  createInquiry: {
    scope: 'own',
    request: () => ({ body: platformTicket('Matrix ticket', 'A ticket the matrix opens.', 'matrix@example.test') }),
  },
  inquiryList: { scope: 'own', request: () => ({}), reveals: { callers: ['owner'], secret: 'title' } },
  inquiryDetail: {
    scope: 'owner',
    request: (resources) => ({ query: { inquiryId: resources.ticketId } }),
    reveals: { callers: ['owner'], secret: 'reply' },
  },
  inquiryReply: {
    scope: 'owner',
    request: (resources) => ({
      body: { inquiryId: resources.ticketId, requestId: randomUUID(), content: 'Matrix reply', attachments: [] },
    }),
  },
  inquiryFeedback: { scope: 'own', request: () => ({}) },
  inquiryScore: { scope: 'owner', request: (resources) => ({ body: { inquiryId: resources.ticketId, score: 5 } }) },
  inquiryEnd: { scope: 'owner', request: (resources) => ({ body: { inquiryId: resources.ticketId } }) },
  inquiryUnresolved: { scope: 'own', request: () => ({}) },
  agentInquiries: { scope: 'owner', agentSees: true, request: () => ({}), reveals: { callers: ['agent'], secret: 'title' } },
  agentInquiryDetail: {
    scope: 'owner',
    agentSees: true,
    request: (resources) => ({ query: { inquiryId: resources.ticketId } }),
    reveals: { callers: ['agent'], secret: 'content' },
  },
  agentInquiryReply: {
    scope: 'owner',
    agentSees: true,
    request: (resources) => ({
      body: { inquiryId: resources.ticketId, requestId: randomUUID(), content: 'Matrix agent reply', attachments: [] },
    }),
  },
  agentInquiryEnd: { scope: 'owner', agentSees: true, request: (resources) => ({ body: { inquiryId: resources.ticketId } }) },
  // Kept with the agent who answered it: a change that changes nothing, for every agent who may make it.
  agentInquiryAssign: {
    scope: 'owner',
    agentSees: true,
    request: (resources) => ({
      body: { inquiryId: resources.ticketId, assigneeId: resources.agentId, expectedAssigneeId: resources.agentId },
    }),
  },
  agentInquiryNote: {
    scope: 'owner',
    agentSees: true,
    request: (resources) => ({ body: { inquiryId: resources.ticketId, requestId: randomUUID(), content: resources.secrets.internalNote } }),
    reveals: { callers: ['agent'], secret: 'internalNote' },
  },
  deskAgents: { scope: 'own', agentSees: true, request: () => ({}) },
  // The agents' own texts: every agent's, no player's (they get 4030 before anything is read).
  cannedReplies: {
    scope: 'own',
    agentSees: true,
    request: () => ({ query: { language: 'en' } }),
    reveals: { callers: ['agent'], secret: 'cannedReply' },
  },
  cannedReplyCreate: {
    scope: 'own',
    agentSees: true,
    request: () => ({ body: { language: 'en', title: `Matrix ${randomBytes(4).toString('hex')}`, body: 'Matrix canned reply' } }),
  },
  cannedReplyUpdate: {
    scope: 'own',
    agentSees: true,
    request: (resources) => ({
      body: {
        cannedReplyId: resources.cannedReplyId,
        language: 'en',
        title: `Matrix canned ${resources.cannedReplyId}`,
        body: resources.secrets.cannedReply,
      },
    }),
    reveals: { callers: ['agent'], secret: 'cannedReply' },
  },
  cannedReplyDelete: { scope: 'own', agentSees: true, request: (resources) => ({ body: { cannedReplyId: resources.cannedReplyId } }) },
  agentPermissions: { scope: 'own', request: () => ({}) },
  // The whole desk's figures: no one ticket's text, so no owner's secret even for the lead who may read them.
  leadDashboard: { scope: 'public', request: () => ({ query: { from: '2025-01-01', to: '2025-01-31' } }) },
  leadExport: { scope: 'public', request: () => ({ query: { from: '2025-01-01', to: '2025-01-31', report: 'csatByAgent' } }) },
  health: { scope: 'public', request: () => ({}) },
};

/**
 * Routes the server registers outside the shared table, each with why it is there and the request the matrix
 * sends it (null: not called, as it only exists in tests). A route in neither list fails the matrix.
 */
export const ROUTES_OUTSIDE_ENDPOINTS: Record<string, { why: string; url: string | null }> = {
  // Fastify prints the static files' wildcard without its /assets/ prefix.
  'GET *': { why: 'game artwork under /assets/ (public files)', url: '/assets/no-such-file.png' },
  'GET /openapi.json': { why: 'the OpenAPI document (describes the calls, holds no data)', url: '/openapi.json' },
  'GET /ready': { why: 'the readiness probe (which of database, migrations and storage answer; no data)', url: '/ready' },
  'POST /__test__/clock': { why: 'the test clock: only with API_TEST_CLOCK, never in production', url: null },
  // A stream answers until it is closed, which a call here would wait for: the live-events drill checks it.
  'GET /inquiries/events': { why: 'the live channel (issue 15): who receives which event, in drills/src/api/live-events.ts', url: null },
};
