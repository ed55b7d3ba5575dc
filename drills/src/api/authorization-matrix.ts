import { randomBytes, randomUUID } from 'node:crypto';
import { type EndpointAuth, type EndpointName, ERROR_CODES, ROLE_ERRORS } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { multipart } from 'api/testing';
import {
  type ApiUnderTest,
  bearer,
  envelopeOf,
  type InjectAnswer,
  type InjectRequest,
  passwordLogin,
  platformTicket,
  registeredRoutes,
} from './api-under-test.js';
import {
  ACCOUNTS,
  type Caller,
  CALLERS,
  MATRIX,
  type MatrixEntry,
  type MatrixRequest,
  type OwnerResources,
  ROUTES_OUTSIDE_ENDPOINTS,
  type Secrets,
} from './authorization-table.js';

/**
 * Issue 6 "Authorization matrix": every route the server registered, called as a guest, another player, an agent,
 * a support lead (an agent with the lead's permission, issue 15) and the owner of the resources it names (a ticket
 * with a message and an attached file, an upload not attached yet). Each answer is checked against what that caller
 * may get, and every answer to someone not entitled to the owner's data is searched for it (title, detail, reply,
 * contact, file name and bytes). Needs the demo accounts (player1 the owner, player2 the other player, agent1,
 * lead1) and ticket limits that let one run open a few tickets.
 */

/** Secrets only agents may read: the owner's answers are searched for them too. */
const AGENTS_ONLY_SECRETS: readonly (keyof Secrets)[] = ['internalNote'];

/** Calls that change or end what later calls need run last, in this order. */
const LAST: readonly EndpointName[] = [
  'cannedReplyDelete',
  'inquiryEnd',
  'agentInquiryEnd',
  'inquiryScore',
  'changePassword',
  'logoutOthers',
  'logout',
];

export type Expectation = 'answered' | 'allowed' | 'sessionInvalid' | 'forbidden' | 'notFound';

export interface MatrixCell {
  route: string;
  caller: Caller;
  expected: Expectation;
  status: number;
  code: number | null;
  leaked: (keyof Secrets)[];
  problem: string | null;
}

export interface MatrixResult {
  cells: MatrixCell[];
  /** Registered routes neither in ENDPOINTS nor in ROUTES_OUTSIDE_ENDPOINTS. */
  unclassified: string[];
  /** ENDPOINTS entries the server did not register. */
  unregistered: string[];
  problems: string[];
  leaks: number;
}

function expectationOf(auth: EndpointAuth, entry: MatrixEntry, caller: Caller): Expectation {
  if (auth === 'none') return 'answered';
  if (caller === 'guest') return 'sessionInvalid';
  const agent = caller === 'agent' || caller === 'lead';
  if (auth === 'player' && agent) return 'forbidden';
  if (auth === 'agent' && !agent) return 'forbidden';
  if (auth === 'lead' && caller !== 'lead') return 'forbidden';
  if (entry.scope === 'owner' && caller !== 'owner' && !(agent && entry.agentSees)) return 'notFound';
  return 'allowed';
}

function entitled(auth: EndpointAuth, entry: MatrixEntry, caller: Caller): boolean {
  if (caller === 'owner') return true;
  return (caller === 'agent' || caller === 'lead') && entry.agentSees === true && (auth === 'agent' || auth === 'required');
}

/** Why an answer does not meet its expectation, or null when it does. */
function judge(expected: Expectation, answer: InjectAnswer, auth: EndpointAuth): string | null {
  const envelope = envelopeOf(answer);
  if (answer.statusCode >= 500) return `server error ${answer.statusCode}: ${answer.body.slice(0, 200)}`;
  const isDownload = answer.statusCode === 200 && envelope === null;
  if (!envelope && !isDownload) return `not an envelope (${answer.statusCode}): ${answer.body.slice(0, 120)}`;
  const roleRefused = envelope?.code === ERROR_CODES.forbidden && Object.values(ROLE_ERRORS).includes(envelope.msg as never);
  switch (expected) {
    case 'answered':
      return null;
    case 'allowed':
      if (envelope?.code === ERROR_CODES.sessionInvalid || roleRefused) return `refused a caller it serves: ${answer.body.slice(0, 160)}`;
      return null;
    case 'sessionInvalid':
      return answer.statusCode === 401 && envelope?.code === ERROR_CODES.sessionInvalid
        ? null
        : `expected -600, got ${answer.statusCode} ${answer.body.slice(0, 160)}`;
    case 'forbidden': {
      const message = auth === 'agent' ? ROLE_ERRORS.agentsOnly : auth === 'lead' ? ROLE_ERRORS.leadsOnly : ROLE_ERRORS.playersOnly;
      return answer.statusCode === 403 && envelope?.code === ERROR_CODES.forbidden && envelope.msg === message
        ? null
        : `expected 4030 ${message}, got ${answer.statusCode} ${answer.body.slice(0, 160)}`;
    }
    case 'notFound':
      return answer.statusCode === 404 && envelope?.code === ERROR_CODES.notFound
        ? null
        : `expected 4040, got ${answer.statusCode} ${answer.body.slice(0, 160)}`;
  }
}

function toInject(method: string, path: string, request: MatrixRequest, token: string | null): InjectRequest {
  const query = request.query ? `?${new URLSearchParams(Object.entries(request.query).map(([key, value]) => [key, String(value)]))}` : '';
  const headers = bearer(token);
  if (request.upload) {
    const body = multipart([{ field: 'file', fileName: request.upload.name, content: request.upload.content, contentType: 'text/plain' }]);
    return { method: 'POST', url: `${path}${query}`, headers: { ...headers, 'content-type': body.contentType }, payload: body.payload };
  }
  if (request.body !== undefined) {
    return {
      method: method as 'POST',
      url: `${path}${query}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(request.body),
    };
  }
  return { method: method as 'GET', url: `${path}${query}`, headers };
}

async function dataOf(api: ApiUnderTest, request: InjectRequest): Promise<unknown> {
  const answer = await api.inject(request);
  const envelope = envelopeOf(answer);
  if (envelope?.code !== 1)
    throw new Error(`${request.method} ${request.url} refused while preparing the matrix: ${answer.statusCode} ${answer.body}`);
  return envelope.data;
}

async function prepareOwner(api: ApiUnderTest, ownerToken: string, agentToken: string): Promise<OwnerResources> {
  const marker = randomBytes(6).toString('hex');
  const secrets: Secrets = {
    title: `Owner title ${marker}`,
    content: `Owner detail ${marker}, only for the owner and agents.`,
    reply: `Owner reply ${marker}`,
    contact: `owner-${marker}@example.test`,
    fileName: `owner-${marker}.txt`,
    fileBytes: `owner file bytes ${marker}`,
    internalNote: `Internal note ${marker}, only for agents.`,
    cannedReply: `Canned reply ${marker}, only for agents.`,
  };
  const upload = (name: string, content: string) =>
    dataOf(api, toInject('POST', ENDPOINTS.uploadFile.path, { upload: { name, content } }, ownerToken));
  const { fileId } = (await upload(secrets.fileName, secrets.fileBytes)) as { fileId: string };
  const { fileId: pendingFileId } = (await upload(`pending-${marker}.txt`, secrets.fileBytes)) as { fileId: string };
  const { inquiryId } = (await dataOf(
    api,
    toInject(
      'POST',
      ENDPOINTS.createInquiry.path,
      { body: platformTicket(secrets.title, secrets.content, secrets.contact, [fileId]) },
      ownerToken,
    ),
  )) as { inquiryId: number };
  await dataOf(
    api,
    toInject(
      'POST',
      ENDPOINTS.inquiryReply.path,
      { body: { inquiryId, requestId: randomUUID(), content: secrets.reply, attachments: [] } },
      ownerToken,
    ),
  );
  // An agent's answer too, so the owner's conversation is a real one.
  await dataOf(
    api,
    toInject(
      'POST',
      ENDPOINTS.agentInquiryReply.path,
      { body: { inquiryId, requestId: randomUUID(), content: 'Agent answer', attachments: [] } },
      agentToken,
    ),
  );
  // An internal note on it, which every player's answer (the owner's too) is searched for.
  await dataOf(
    api,
    toInject(
      'POST',
      ENDPOINTS.agentInquiryNote.path,
      { body: { inquiryId, requestId: randomUUID(), content: secrets.internalNote } },
      agentToken,
    ),
  );
  const { selfAccountId: agentId } = (await dataOf(api, toInject('GET', ENDPOINTS.deskAgents.path, {}, agentToken))) as {
    selfAccountId: number;
  };
  const { id: cannedReplyId } = (await dataOf(
    api,
    toInject(
      'POST',
      ENDPOINTS.cannedReplyCreate.path,
      { body: { language: 'en', title: `Matrix canned ${marker}`, body: secrets.cannedReply } },
      agentToken,
    ),
  )) as { id: number };
  return { ticketId: inquiryId, fileId, pendingFileId, agentId, cannedReplyId, secrets };
}

/** Registered routes in neither ENDPOINTS nor ROUTES_OUTSIDE_ENDPOINTS, and ENDPOINTS entries not registered. */
export function classifyRoutes(registered: readonly string[]): { unclassified: string[]; unregistered: string[] } {
  const tableRoutes = Object.values(ENDPOINTS).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
  return {
    unclassified: registered.filter((route) => !tableRoutes.includes(route) && !(route in ROUTES_OUTSIDE_ENDPOINTS)),
    unregistered: tableRoutes.filter((route) => !registered.includes(route)),
  };
}

/** Runs the whole matrix once against `api` (which it changes: tickets, messages and files of the demo accounts). */
export async function runAuthorizationMatrix(api: ApiUnderTest): Promise<MatrixResult> {
  const problems: string[] = [];
  const registered = registeredRoutes(api);
  const { unclassified, unregistered } = classifyRoutes(registered);
  for (const route of unclassified)
    problems.push(`${route} is registered but not classified (add it to ENDPOINTS or ROUTES_OUTSIDE_ENDPOINTS)`);
  for (const route of unregistered) problems.push(`${route} is in ENDPOINTS but the server did not register it`);

  const tokens: Record<Caller, string | null> = {
    guest: null,
    owner: await passwordLogin(api, ACCOUNTS.owner.account, ACCOUNTS.owner.password),
    otherPlayer: await passwordLogin(api, ACCOUNTS.otherPlayer.account, ACCOUNTS.otherPlayer.password),
    agent: await passwordLogin(api, ACCOUNTS.agent.account, ACCOUNTS.agent.password),
    lead: await passwordLogin(api, ACCOUNTS.lead.account, ACCOUNTS.lead.password),
  };
  const resources = await prepareOwner(api, tokens.owner!, tokens.agent!);
  const secretEntries = Object.entries(resources.secrets) as [keyof Secrets, string][];

  const cells: MatrixCell[] = [];
  const names = (Object.keys(ENDPOINTS) as EndpointName[]).filter((name) => !LAST.includes(name));
  for (const name of [...names, ...LAST]) {
    const endpoint = ENDPOINTS[name];
    const entry = MATRIX[name];
    const route = `${endpoint.method} ${endpoint.path}`;
    if (!registered.includes(route)) continue;
    for (const caller of CALLERS) {
      const expected = expectationOf(endpoint.auth, entry, caller);
      const answer = await api.inject(toInject(endpoint.method, endpoint.path, entry.request(resources), tokens[caller]));
      const text = answer.rawPayload.toString('utf8');
      const mayRead = (key: keyof Secrets) =>
        entitled(endpoint.auth, entry, caller) && !(caller === 'owner' && AGENTS_ONLY_SECRETS.includes(key));
      const leaked = secretEntries.filter(([key, secret]) => !mayRead(key) && text.includes(secret)).map(([key]) => key);
      let problem = judge(expected, answer, endpoint.auth);
      if (leaked.length > 0) problem = `leaked the owner's ${leaked.join(', ')}`;
      if (!problem && entry.reveals?.callers.includes(caller) && !text.includes(resources.secrets[entry.reveals.secret])) {
        problem = `the ${caller} should see the owner's ${entry.reveals.secret} (positive control) but got ${answer.statusCode} ${answer.body.slice(0, 160)}`;
      }
      if (problem) problems.push(`${route} as ${caller}: ${problem}`);
      cells.push({ route, caller, expected, status: answer.statusCode, code: envelopeOf(answer)?.code ?? null, leaked, problem });
    }
  }

  for (const [route, outside] of Object.entries(ROUTES_OUTSIDE_ENDPOINTS)) {
    if (!registered.includes(route) || outside.url === null) continue;
    for (const caller of CALLERS) {
      const answer = await api.inject({ method: route.split(' ')[0] as 'GET', url: outside.url, headers: bearer(tokens[caller]) });
      const text = answer.rawPayload.toString('utf8');
      const leaked = secretEntries.filter(([, secret]) => text.includes(secret)).map(([key]) => key);
      const problem =
        answer.statusCode >= 500
          ? `server error ${answer.statusCode}`
          : leaked.length > 0
            ? `leaked the owner's ${leaked.join(', ')}`
            : null;
      if (problem) problems.push(`${route} as ${caller}: ${problem}`);
      cells.push({
        route,
        caller,
        expected: 'answered',
        status: answer.statusCode,
        code: envelopeOf(answer)?.code ?? null,
        leaked,
        problem,
      });
    }
  }
  return { cells, unclassified, unregistered, problems, leaks: cells.filter((cell) => cell.leaked.length > 0).length };
}
