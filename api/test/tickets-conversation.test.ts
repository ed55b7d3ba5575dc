import { ERROR_CODES, LIMITS, TICKET_LIST_LABELS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { call, expectFailure, okData, schemaKey } from './api-calls.js';
import { expectRepliesRefused, PLAYER_SIDE, type RefusedAttachments } from './chat-sides.js';
import { harnessForFile } from './helpers.js';
import { loggedInPlayer } from './identity-helpers.js';
import { officialBody, platformBody, replyBody } from './ticket-bodies.js';
import { agentReply, countRows, createTicket, createTicketHarness, inquiryDetail, insertFile, ticketRow } from './tickets-helpers.js';

const h = harnessForFile(createTicketHarness);

describe('POST /inquiries/reply', () => {
  it('keeps an unanswered ticket in processing and puts a replied one back to waiting for the agent', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    h.clock.advance({ minutes: 1 });
    const message = okData(
      'inquiryReply',
      await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, '  One more thing.  ') }),
    );
    expect(message).toMatchObject({
      author: 'player',
      content: 'One more thing.',
      attachments: [],
      createdAt: h.clock.now().toISOString(),
    });
    expect(await ticketRow(h.db, id)).toMatchObject({ status: 'processing' });
    expect((await ticketRow(h.db, id)).updated_at.toISOString()).toBe(h.clock.now().toISOString());

    await agentReply(h, id);
    expect((await ticketRow(h.db, id)).status).toBe('replied');
    okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: replyBody(id) }));
    expect((await ticketRow(h.db, id)).status).toBe('waiting_reply');
    okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: replyBody(id) }));
    expect((await ticketRow(h.db, id)).status).toBe('waiting_reply');
  });

  it('answers a repeated requestId with the same message, sequentially and concurrently, and attaches once', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    const body = replyBody(id, 'Only once, please.');
    const first = okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body }));
    expect(okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body }))).toEqual(first);

    const file = await insertFile(h, player.id);
    const racing = replyBody(id, 'Racing copies.', [file]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(h, 'inquiryReply', { token: player.token, body: racing })));
    const messages = answers.map((answer) => okData('inquiryReply', answer));
    expect(new Set(messages.map((message) => message.id)).size).toBe(1);
    expect(messages[0]?.attachments.map((attachment) => attachment.fileId)).toEqual([file]);
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(2);
  });

  it('refuses closed chats with 4090 inquiryClosed, but still answers a retry of a reply made before', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    const body = replyBody(id);
    const made = okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body }));
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: id } }));
    expectFailure(await call(h, 'inquiryReply', { token: player.token, body: replyBody(id) }), 409, ERROR_CODES.conflict, 'inquiryClosed');
    expect(okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body }))).toEqual(made);
    okData('inquiryScore', await call(h, 'inquiryScore', { token: player.token, body: { inquiryId: id, score: 5 } }));
    expectFailure(await call(h, 'inquiryReply', { token: player.token, body: replyBody(id) }), 409, ERROR_CODES.conflict, 'inquiryClosed');
  });

  it('attaches uploads to the message, refusing foreign files and more than one video without adding the message', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    const image = await insertFile(h, player.id);
    const message = okData(
      'inquiryReply',
      await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, 'Screenshot.', [image]) }),
    );
    const { rows } = await h.db.query<{ ticket_id: number; message_id: number }>('SELECT ticket_id, message_id FROM files WHERE id = $1', [
      image,
    ]);
    expect(rows[0]).toEqual({ ticket_id: id, message_id: message.id });

    const foreign = await insertFile(h, h.ids.player2);
    const videos = [await insertFile(h, player.id, { kind: 'video' }), await insertFile(h, player.id, { kind: 'video' })];
    await expectRepliesRefused(h, PLAYER_SIDE, player.token, id, [
      [[foreign], 404, ERROR_CODES.notFound, 'attachmentInvalid'],
      [[image], 404, ERROR_CODES.notFound, 'attachmentInvalid'],
      [videos, 400, ERROR_CODES.badRequest, 'supplementImagesOrVideo'],
    ]);
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(1);
  });

  it('takes up to three images or one video on its own as added information, and no documents (SPEC §5)', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    const refusals: RefusedAttachments[] = [];
    for (const kinds of [['other'], ['video', 'image'], ['image', 'image', 'other']] as const) {
      const files = await Promise.all(kinds.map((kind) => insertFile(h, player.id, { kind })));
      refusals.push([files, 400, ERROR_CODES.badRequest, 'supplementImagesOrVideo']);
    }
    await expectRepliesRefused(h, PLAYER_SIDE, player.token, id, refusals);
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(0);

    const images = await Promise.all([1, 2, 3].map(() => insertFile(h, player.id, { kind: 'image' })));
    okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, 'Three screenshots.', images) }));
    const video = await insertFile(h, player.id, { kind: 'video' });
    okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, 'A recording.', [video]) }));
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(2);
  });

  it('refuses empty and overlong text with their keys', async () => {
    const id = await createTicket(h, h.player1, officialBody());
    expectFailure(
      await call(h, 'inquiryReply', { token: h.player1, body: replyBody(id, '   ') }),
      400,
      ERROR_CODES.badRequest,
      schemaKey('replyTooShort'),
    );
    expectFailure(
      await call(h, 'inquiryReply', { token: h.player1, body: replyBody(id, 'z'.repeat(LIMITS.replyMax + 1)) }),
      400,
      ERROR_CODES.badRequest,
      schemaKey('replyTooLong'),
    );
  });
});

describe('a whole conversation (SPEC §4)', () => {
  it('goes processing → replied → waiting for reply → replied → waiting for rating → ended, with the list labels', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    const status = async () => {
      const [item] = okData('inquiryList', await call(h, 'inquiryList', { token: player.token }));
      return item ? [item.status, TICKET_LIST_LABELS[item.status], item.unread] : [];
    };
    expect(await status()).toEqual(['processing', 'noReply', false]);
    okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, 'Any news?') }));
    expect(await status()).toEqual(['processing', 'noReply', false]);
    h.clock.advance({ minutes: 10 });
    await agentReply(h, id, 'Which server?');
    expect(await status()).toEqual(['replied', 'replied', true]);
    okData('inquiryDetail', await inquiryDetail(h, player.token, id));
    expect(await status()).toEqual(['replied', 'replied', false]);
    okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, 'Orion.') }));
    expect(await status()).toEqual(['waiting_reply', 'noReply', false]);
    await agentReply(h, id, 'Fixed.');
    expect(await status()).toEqual(['replied', 'replied', true]);
    okData('inquiryDetail', await inquiryDetail(h, player.token, id));
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: id } }));
    expect(await status()).toEqual(['waiting_rating', 'awaitingEvaluation', false]);
    okData('inquiryScore', await call(h, 'inquiryScore', { token: player.token, body: { inquiryId: id, score: 5 } }));
    expect(await status()).toEqual(['ended', 'concluded', false]);
    const shown = okData('inquiryDetail', await inquiryDetail(h, player.token, id));
    expect(shown.messages.map((message) => [message.author, message.content])).toEqual([
      ['player', 'Any news?'],
      ['agent', 'Which server?'],
      ['player', 'Orion.'],
      ['agent', 'Fixed.'],
    ]);
  });
});
