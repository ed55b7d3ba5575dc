import { randomUUID } from 'node:crypto';
import {
  TICKET_TYPES,
  type Attachment,
  type EndpointName,
  type EndpointResponse,
  type InquiryCreateBody,
  type InquiryDetail,
} from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { gamesSimple } from './api.js';
import { PORTS } from './ports.js';

/** The demo agent of the embedded database's seed (DESIGN §9). */
export const AGENT = { account: 'agent1', password: 'agent1-pass' } as const;

const apiUrl = (path: string) => new URL(path, `http://127.0.0.1:${PORTS.api}`);

async function unwrap<T>(path: string, response: Response): Promise<T> {
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 1 && envelope.code !== 0) throw new Error(`${path} answered ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** One call to the real API as a given account (or none); rejects on any code but success. */
export async function callApi<Name extends EndpointName>(
  name: Name,
  token: string | null,
  input: { query?: Record<string, string>; body?: unknown } = {},
): Promise<EndpointResponse<Name>> {
  const endpoint = ENDPOINTS[name];
  const url = apiUrl(endpoint.path);
  for (const [key, value] of Object.entries(input.query ?? {})) url.searchParams.set(key, value);
  const response = await fetch(url, {
    method: endpoint.method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(input.body ? { 'content-type': 'application/json' } : {}) },
    body: input.body ? JSON.stringify(input.body) : undefined,
  });
  return unwrap(endpoint.path, response);
}

/** A session token for an account, from the same password login the login page uses. */
export async function tokenOf(who: { account: string; password: string }): Promise<string> {
  return (await callApi('loginPassword', null, { body: { account: who.account, password: who.password } })).token;
}

/** A 1×1 PNG: real image content, so the API's content check takes it as the image its name says it is. */
export const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Uploads one file as the player would before attaching it (`POST /files`, multipart field `file`). */
export async function uploadFile(token: string, name: string, content: Buffer, type: string): Promise<Attachment> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type }), name);
  const response = await fetch(apiUrl(ENDPOINTS.uploadFile.path), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return unwrap(ENDPOINTS.uploadFile.path, response);
}

/**
 * Opens a platform ticket ('0': no server, region or character, so any player can) about the first game, with
 * the given title and uploaded attachments. Answers its id and what it was opened with.
 */
export async function openTicket(
  playerToken: string,
  options: { title: string; content?: string; attachments?: readonly Attachment[] },
): Promise<{ inquiryId: number; gameName: string; categoryName: string; content: string }> {
  const [game] = await gamesSimple('en');
  if (!game) throw new Error('The seed has no games');
  const [category] = await callApi('inquiryTypes', null, { query: { gameId: String(game.id), spec_lang: 'en' } });
  if (!category) throw new Error(`Game ${game.id} has no question categories`);
  const content = options.content ?? 'The reward from yesterday never arrived in my mailbox.';
  const body: InquiryCreateBody = {
    requestId: randomUUID(),
    ticketType: TICKET_TYPES.platform,
    gameId: game.id,
    serverId: '',
    gameAreaId: '',
    roleId: '',
    roleName: '',
    queryType: category.id,
    title: options.title,
    content,
    contactKind: 'email',
    contact: 'e2e-tickets@e2e.example',
    attachments: (options.attachments ?? []).map((attachment) => attachment.fileId),
    consent: true,
  };
  const { inquiryId } = await callApi('createInquiry', playerToken, { body });
  return { inquiryId, gameName: game.gameName, categoryName: category.name, content };
}

/** An agent's reply, as the desk sends it. */
export async function agentReplies(agentToken: string, inquiryId: number, content: string): Promise<void> {
  await callApi('agentInquiryReply', agentToken, { body: { inquiryId, requestId: randomUUID(), content, attachments: [] } });
}

/** The ticket as the agents' desk reads it (reading it as an agent marks nothing seen for the player). */
export async function agentReads(agentToken: string, inquiryId: number): Promise<InquiryDetail> {
  return callApi('agentInquiryDetail', agentToken, { query: { inquiryId: String(inquiryId) } });
}

/**
 * Moves the API's clock forward (it runs with API_TEST_CLOCK=1) and waits until every ticket past its 24-hour
 * deadline has ended. Time only moves forward, for every test of the run.
 */
export async function advanceApiClock(advanceMs: number): Promise<{ autoEnded: number }> {
  const path = '/__test__/clock';
  const response = await fetch(apiUrl(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs }),
  });
  return unwrap(path, response);
}
