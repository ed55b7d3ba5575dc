import { ERROR_CODES, LIMITS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { call, expectFailure, okData } from './api-calls.js';
import { AGENT_SIDE, endTwice, expectRepliesRefused } from './chat-sides.js';
import { harnessForFile } from './helpers.js';
import { loggedInPlayer } from './identity-helpers.js';
import { officialBody, platformBody, replyBody } from './ticket-bodies.js';
import { agentReply, countRows, createTicket, createTicketHarness, insertFile, ticketRow } from './tickets-helpers.js';

const h = harnessForFile(createTicketHarness);

describe('GET /agent/inquiries/detail', () => {
  it("shows any ticket with its owner's account, without marking it read for the player", async () => {
    const id = await createTicket(h, h.player1, officialBody({ title: 'Read by the desk' }));
    await agentReply(h, id, 'First answer.');
    const before = await ticketRow(h.db, id);
    const shown = okData(
      'agentInquiryDetail',
      await call(h, 'agentInquiryDetail', { token: h.agent, query: `?inquiryId=${id}&spec_lang=en` }),
    );
    expect(shown).toMatchObject({
      id,
      account: 'player1',
      title: 'Read by the desk',
      status: 'replied',
      unread: true,
      serverName: 'Orion',
      areaName: 'Asia',
      roleName: 'Captain Mira',
      contact: 'player1@demo.example',
    });
    expect(shown.messages.map((message) => [message.author, message.content])).toEqual([['agent', 'First answer.']]);
    const after = await ticketRow(h.db, id);
    expect(after.feedback_at).toEqual(before.feedback_at);
    expect(after.player_read_at).toBeNull();
    expect(okData('inquiryFeedback', await call(h, 'inquiryFeedback', { token: h.player1 })).hasNew).toBe(true);
  });

  it('answers an unknown ticket with 4040 inquiryNotFound', async () => {
    expectFailure(
      await call(h, 'agentInquiryDetail', { token: h.agent, query: '?inquiryId=2000000000' }),
      404,
      ERROR_CODES.notFound,
      'inquiryNotFound',
    );
  });
});

describe('POST /agent/inquiries/reply', () => {
  it('answers an open ticket: replied, the 24-hour clock and the feedback dot start', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    h.clock.advance({ minutes: 7 });
    const message = await agentReply(h, id, '  Please restart the game.  ');
    expect(message).toMatchObject({
      author: 'agent',
      content: 'Please restart the game.',
      attachments: [],
      createdAt: h.clock.now().toISOString(),
    });
    const row = await ticketRow(h.db, id);
    expect(row.status).toBe('replied');
    for (const time of [row.last_agent_reply_at, row.feedback_at, row.updated_at])
      expect(time?.toISOString()).toBe(h.clock.now().toISOString());
    const { rows } = await h.db.query<{ author_account_id: number }>('SELECT author_account_id FROM ticket_messages WHERE id = $1', [
      message.id,
    ]);
    expect(Number(rows[0]?.author_account_id)).toBe(h.ids.agent);
    expect(okData('inquiryFeedback', await call(h, 'inquiryFeedback', { token: player.token }))).toEqual({ count: 1, hasNew: true });
  });

  it('answers a repeated requestId with the same message, sequentially and concurrently', async () => {
    const id = await createTicket(h, h.player2, platformBody());
    const body = replyBody(id, 'Said once.');
    const first = okData('agentInquiryReply', await call(h, 'agentInquiryReply', { token: h.agent, body }));
    expect(okData('agentInquiryReply', await call(h, 'agentInquiryReply', { token: h.agent, body }))).toEqual(first);
    const racing = replyBody(id, 'Said once, racing.');
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(h, 'agentInquiryReply', { token: h.agent, body: racing })));
    expect(new Set(answers.map((answer) => okData('agentInquiryReply', answer).id)).size).toBe(1);
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(2);
  });

  it("attaches the agent's own uploads, never a player's", async () => {
    const id = await createTicket(h, h.player2, platformBody());
    const guide = await insertFile(h, h.ids.agent, { kind: 'other', name: 'guide.pdf', contentType: 'application/pdf' });
    const message = okData(
      'agentInquiryReply',
      await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id, 'See the guide.', [guide]) }),
    );
    expect(message.attachments).toEqual([{ fileId: guide, name: 'guide.pdf', size: 1234, kind: 'other', contentType: 'application/pdf' }]);
    const shown = okData('inquiryDetail', await call(h, 'inquiryDetail', { token: h.player2, query: `?inquiryId=${id}` }));
    expect(shown.messages[0]?.attachments.map((attachment) => attachment.fileId)).toEqual([guide]);

    const playersUpload = await insertFile(h, h.ids.player2);
    const videos = [await insertFile(h, h.ids.agent, { kind: 'video' }), await insertFile(h, h.ids.agent, { kind: 'video' })];
    await expectRepliesRefused(h, AGENT_SIDE, h.agent, id, [
      [[playersUpload], 404, ERROR_CODES.notFound, 'attachmentInvalid'],
      [videos, 400, ERROR_CODES.badRequest, 'attachmentsTooManyVideos'],
    ]);
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(1);
  });

  it('refuses ended chats with 4090, unknown tickets with 4040 and bad text with its key', async () => {
    const id = await createTicket(h, h.player2, platformBody());
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: h.player2, body: { inquiryId: id } }));
    expectFailure(await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id) }), 409, ERROR_CODES.conflict, 'inquiryClosed');
    expectFailure(
      await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(2_000_000_000) }),
      404,
      ERROR_CODES.notFound,
      'inquiryNotFound',
    );
    expectFailure(
      await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id, '') }),
      400,
      ERROR_CODES.badRequest,
      /replyTooShort/,
    );
    expectFailure(
      await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id, 'r'.repeat(LIMITS.replyMax + 1)) }),
      400,
      ERROR_CODES.badRequest,
      /replyTooLong/,
    );
  });
});

describe('POST /agent/inquiries/end', () => {
  it('ends an open chat for the player to rate, with the feedback dot; a second end changes nothing', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    h.clock.advance({ minutes: 2 });
    const endedAt = await endTwice(h, AGENT_SIDE, h.agent, id);
    const row = await ticketRow(h.db, id);
    expect(row).toMatchObject({ status: 'waiting_rating', ended_by: 'agent' });
    expect(row.ended_at?.toISOString()).toBe(endedAt);
    expect(row.feedback_at?.toISOString()).toBe(endedAt);
    expect(okData('inquiryFeedback', await call(h, 'inquiryFeedback', { token: player.token })).count).toBe(1);
    expect(okData('inquiryDetail', await call(h, 'inquiryDetail', { token: player.token, query: `?inquiryId=${id}` }))).toMatchObject({
      status: 'waiting_rating',
      endedBy: 'agent',
      endedAt,
    });
    okData('inquiryScore', await call(h, 'inquiryScore', { token: player.token, body: { inquiryId: id, score: 4 } }));
    expect(okData('agentInquiryEnd', await call(h, 'agentInquiryEnd', { token: h.agent, body: { inquiryId: id } }))).toEqual({
      status: 'ended',
    });
  });

  it("leaves a chat the player ended as the player's, and answers an unknown ticket with 4040", async () => {
    const id = await createTicket(h, h.player2, platformBody());
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: h.player2, body: { inquiryId: id } }));
    expect(okData('agentInquiryEnd', await call(h, 'agentInquiryEnd', { token: h.agent, body: { inquiryId: id } }))).toEqual({
      status: 'waiting_rating',
    });
    expect(await ticketRow(h.db, id)).toMatchObject({ ended_by: 'player', feedback_at: null });
    expectFailure(
      await call(h, 'agentInquiryEnd', { token: h.agent, body: { inquiryId: 2_000_000_000 } }),
      404,
      ERROR_CODES.notFound,
      'inquiryNotFound',
    );
  });
});
