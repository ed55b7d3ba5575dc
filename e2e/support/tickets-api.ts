import { randomUUID } from 'node:crypto';
import {
  SUCCESS_CODES,
  type Attachment,
  type CallInput,
  type EndpointName,
  type EndpointResponse,
  type InquiryDetail,
} from 'shared-contracts';
import { platformTicketBody, toolApiClient } from 'tooling/api-client';
import { passwordLogin } from './accounts.js';
import { API_URL, api } from './api.js';

/** The demo agent of the embedded database's seed (DESIGN §9). */
export const AGENT = { account: 'agent1', password: 'agent1-pass' } as const;

/** One call to the real API as a given account (or none); rejects on any code but success. */
export function callApi<Name extends EndpointName>(
  name: Name,
  token: string | null,
  input: CallInput<Name> = {},
): Promise<EndpointResponse<Name>> {
  return api.call(name, { ...input, token: token ?? undefined });
}

/** A session token for an account, from the same password login the login page uses. */
export async function tokenOf(who: { account: string; password: string }): Promise<string> {
  return (await passwordLogin(who)).token;
}

/** A 1×1 PNG: real image content, so the API's content check takes it as the image its name says it is. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads one file as the player would before attaching it (`POST /files`, multipart field `file`). */
export function uploadFile(token: string, name: string, content: Buffer, type: string): Promise<Attachment> {
  return toolApiClient(API_URL, token).upload('uploadFile', { file: new Blob([new Uint8Array(content)], { type }), fileName: name });
}

/**
 * Opens a platform ticket ('0': no server, region or character, so any player can) about the first game, with
 * the given title and uploaded attachments, through the browser tests' API or another (`apiUrl`, a topology's
 * replica). Answers its id and what it was opened with.
 */
export async function openTicket(
  playerToken: string,
  options: { title: string; content?: string; attachments?: readonly Attachment[]; apiUrl?: string },
): Promise<{ inquiryId: number; gameName: string; categoryName: string; content: string }> {
  const catalogue = toolApiClient(options.apiUrl ?? API_URL);
  const [game] = await catalogue.call('gamesSimple', { query: { spec_lang: 'en' } });
  if (!game) throw new Error('The seed has no games');
  const [category] = await catalogue.call('inquiryTypes', { query: { gameId: game.id, spec_lang: 'en' } });
  if (!category) throw new Error(`Game ${game.id} has no question categories`);
  const content = options.content ?? 'The reward from yesterday never arrived in my mailbox.';
  const body = platformTicketBody({
    gameId: game.id,
    queryType: category.id,
    title: options.title,
    content,
    contact: 'e2e-tickets@e2e.example',
    attachments: (options.attachments ?? []).map((attachment) => attachment.fileId),
  });
  const { inquiryId } = await toolApiClient(options.apiUrl ?? API_URL, playerToken).call('createInquiry', { body });
  return { inquiryId, gameName: game.gameName, categoryName: category.name, content };
}

/** An agent's reply, as the desk sends it. */
export async function agentReplies(agentToken: string, inquiryId: number, content: string): Promise<void> {
  await callApi('agentInquiryReply', agentToken, { body: { inquiryId, requestId: randomUUID(), content, attachments: [] } });
}

/** The ticket as the agents' desk reads it (reading it as an agent marks nothing seen for the player). */
export async function agentReads(agentToken: string, inquiryId: number): Promise<InquiryDetail> {
  return callApi('agentInquiryDetail', agentToken, { query: { inquiryId } });
}

/**
 * Moves the API's clock forward (it runs with API_TEST_CLOCK=1) and waits until every ticket past its 24-hour
 * deadline has ended. Time only moves forward, for every test of the run.
 */
export async function advanceApiClock(advanceMs: number): Promise<{ autoEnded: number }> {
  const path = '/__test__/clock';
  const response = await fetch(new URL(path, API_URL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs }),
  });
  const envelope = (await response.json()) as { code: number; data: { autoEnded: number } };
  if (!SUCCESS_CODES.has(envelope.code)) throw new Error(`${path} answered ${JSON.stringify(envelope)}`);
  return envelope.data;
}
