import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { call, expectFailure, okData, schemaKey } from './api-calls.js';
import { harnessForFile } from './helpers.js';
import { loggedInPlayer } from './identity-helpers.js';
import { platformBody, replyBody } from './ticket-bodies.js';
import { countRows, createTicket, createTicketHarness, inquiryDetail, ticketCount } from './tickets-helpers.js';

const h = harnessForFile(createTicketHarness);

/**
 * Texts that show nothing though they are not whitespace (QA34 finding 1): Hangul fillers (U+3164, U+115F, U+1160),
 * zero-width space, the braille blank, word joiner and BOM, and a mix with spaces.
 */
const BLANK_LOOKING = ['\u3164\u3164', '\u115f\u1160', '\u200b\u200b', '\u2800\u2800', '\u2060\ufeff', '\u3164 \u200b\u3000\u2800'];

describe('texts that show nothing count as empty, as spaces do', () => {
  it("refuse a ticket's title and detail with the too-short keys, and open nothing", async () => {
    const player = await loggedInPlayer(h);
    for (const blank of BLANK_LOOKING) {
      expectFailure(
        await call(h, 'createInquiry', { token: player.token, body: platformBody({ title: blank }) }),
        400,
        ERROR_CODES.badRequest,
        schemaKey('titleTooShort'),
      );
      expectFailure(
        await call(h, 'createInquiry', { token: player.token, body: platformBody({ content: blank.repeat(6) }) }),
        400,
        ERROR_CODES.badRequest,
        schemaKey('contentTooShort'),
      );
    }
    expect(await ticketCount(h, player.id)).toBe(0);
    // A filler beside visible text is text.
    await createTicket(h, player.token, platformBody({ title: '\u3164Top-up missing' }));
    expect(await ticketCount(h, player.id)).toBe(1);
  });

  it('refuse a reply, a desk reply and an internal note with their keys, and add nothing', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    for (const blank of BLANK_LOOKING) {
      expectFailure(
        await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, blank) }),
        400,
        ERROR_CODES.badRequest,
        schemaKey('replyTooShort'),
      );
      expectFailure(
        await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id, blank) }),
        400,
        ERROR_CODES.badRequest,
        schemaKey('replyTooShort'),
      );
      expectFailure(
        await call(h, 'agentInquiryNote', { token: h.agent, body: { inquiryId: id, requestId: randomUUID(), content: blank } }),
        400,
        ERROR_CODES.badRequest,
        schemaKey('noteTooShort'),
      );
    }
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(0);
    expect(await countRows(h.db, 'ticket_notes WHERE ticket_id = $1', [id])).toBe(0);
  });

  it("refuse a canned reply's title and text with their keys", async () => {
    for (const blank of BLANK_LOOKING) {
      expectFailure(
        await call(h, 'cannedReplyCreate', { token: h.agent, body: { language: 'ko', title: blank, body: 'Thank you for waiting.' } }),
        400,
        ERROR_CODES.badRequest,
        schemaKey('cannedTitleRequired'),
      );
      expectFailure(
        await call(h, 'cannedReplyCreate', { token: h.agent, body: { language: 'ko', title: 'QA34 blank', body: blank } }),
        400,
        ERROR_CODES.badRequest,
        schemaKey('cannedBodyRequired'),
      );
    }
  });
});

describe('minimum lengths count the characters a reader sees', () => {
  it("refuse a title of one letter and a filler, a zero-width space or a braille blank with the form's key, and open nothing", async () => {
    const player = await loggedInPlayer(h);
    for (const title of ['a\u3164', 'a\u200b', '\u2800a\u2800']) {
      expectFailure(
        await call(h, 'createInquiry', { token: player.token, body: platformBody({ title }) }),
        400,
        ERROR_CODES.badRequest,
        schemaKey('titleTooShort'),
      );
    }
    expectFailure(
      await call(h, 'createInquiry', { token: player.token, body: platformBody({ content: 'Lost item\u3164\u200b\u2800' }) }),
      400,
      ERROR_CODES.badRequest,
      schemaKey('contentTooShort'),
    );
    expect(await ticketCount(h, player.id)).toBe(0);
    // Two letters are a title, a filler beside them kept as written.
    const id = await createTicket(h, player.token, platformBody({ title: 'ab\u3164' }));
    expect(okData('inquiryDetail', await inquiryDetail(h, player.token, id)).title).toBe('ab\u3164');
  });

  it("store a rating's comment that shows nothing as no comment", async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: id } }));
    const rating = { inquiryId: id, score: 2, reasons: ['slow'], comment: '\u3164\u200b\u2800 \u3164' };
    expect(okData('inquiryScore', await call(h, 'inquiryScore', { token: player.token, body: rating }))).toBeNull();
    expect(okData('inquiryDetail', await inquiryDetail(h, player.token, id)).rating).toMatchObject({ score: 2, comment: '' });
    expect(await countRows(h.db, "ticket_ratings WHERE ticket_id = $1 AND comment = ''", [id])).toBe(1);
  });
});
