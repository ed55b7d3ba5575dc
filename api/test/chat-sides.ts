import { expect } from 'vitest';
import { call, expectFailure, okData } from './api-calls.js';
import { replyBody } from './ticket-bodies.js';
import type { TicketHarness } from './tickets-helpers.js';

/** Who sends a reply to a chat, and who ends it: the player, or an agent at the desk. */
export type ChatSide = { reply: 'inquiryReply'; end: 'inquiryEnd' } | { reply: 'agentInquiryReply'; end: 'agentInquiryEnd' };
export const PLAYER_SIDE: ChatSide = { reply: 'inquiryReply', end: 'inquiryEnd' };
export const AGENT_SIDE: ChatSide = { reply: 'agentInquiryReply', end: 'agentInquiryEnd' };

/** Attachments a reply is refused for: the files, and the status, envelope code and message key of the answer. */
export type RefusedAttachments = [fileIds: string[], status: number, code: number, key: string | RegExp];

/** Sends one reply from `side` per set of attachments in `refusals`, and expects each answered as it lists. */
export async function expectRepliesRefused(
  harness: TicketHarness,
  side: ChatSide,
  token: string,
  inquiryId: number,
  refusals: readonly RefusedAttachments[],
): Promise<void> {
  for (const [fileIds, status, code, key] of refusals) {
    expectFailure(await call(harness, side.reply, { token, body: replyBody(inquiryId, 'x', fileIds) }), status, code, key);
  }
}

/**
 * Ends a chat from `side`, then again two minutes later: ending is idempotent, so both answers are waiting_rating.
 * Returns when the chat ended, the time of the first call.
 */
export async function endTwice(harness: TicketHarness, side: ChatSide, token: string, inquiryId: number): Promise<string> {
  const end = async () =>
    expect(okData(side.end, await call(harness, side.end, { token, body: { inquiryId } }))).toEqual({ status: 'waiting_rating' });
  const endedAt = harness.clock.now().toISOString();
  await end();
  harness.clock.advance({ minutes: 2 });
  await end();
  return endedAt;
}
