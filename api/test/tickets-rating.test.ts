import { ERROR_CODES, LIMITS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { call, expectFailure, okData, schemaKey } from './api-calls.js';
import { endTwice, PLAYER_SIDE } from './chat-sides.js';
import { harnessForFile } from './helpers.js';
import { loggedInPlayer } from './identity-helpers.js';
import { platformBody } from './ticket-bodies.js';
import { countRows, createTicket, createTicketHarness, inquiryDetail, ticketRow } from './tickets-helpers.js';

const h = harnessForFile(createTicketHarness);

describe('POST /inquiries/end and /inquiries/score', () => {
  it('ends an open chat once, invites a rating, then takes one rating and concludes it', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    expectFailure(
      await call(h, 'inquiryScore', { token: player.token, body: { inquiryId: id, score: 4 } }),
      409,
      ERROR_CODES.conflict,
      'inquiryStillOpen',
    );

    h.clock.advance({ minutes: 3 });
    const endedAt = await endTwice(h, PLAYER_SIDE, player.token, id);
    const row = await ticketRow(h.db, id);
    expect(row).toMatchObject({ status: 'waiting_rating', ended_by: 'player' });
    expect(row.ended_at?.toISOString()).toBe(endedAt);

    expect(
      okData(
        'inquiryScore',
        await call(h, 'inquiryScore', {
          token: player.token,
          body: { inquiryId: id, score: 2, reasons: ['slow', 'unclear'], comment: ' Took a while. ' },
        }),
      ),
    ).toBeNull();
    const shown = okData('inquiryDetail', await inquiryDetail(h, player.token, id));
    expect(shown).toMatchObject({ status: 'ended', endedBy: 'player', endedAt });
    expect(shown.rating).toEqual({
      score: 2,
      reasons: ['slow', 'unclear'],
      comment: 'Took a while.',
      createdAt: h.clock.now().toISOString(),
    });

    expectFailure(
      await call(h, 'inquiryScore', { token: player.token, body: { inquiryId: id, score: 5 } }),
      409,
      ERROR_CODES.conflict,
      'inquiryAlreadyRated',
    );
    expect(okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: id } }))).toEqual({
      status: 'ended',
    });
  });

  it('answers the same rating sent again (a retry after a lost answer) with success, and refuses a different one', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: id } }));
    const rating = { inquiryId: id, score: 2, reasons: ['slow', 'unclear'], comment: 'Took a while.' };
    const ratedAt = h.clock.now().toISOString();
    expect(okData('inquiryScore', await call(h, 'inquiryScore', { token: player.token, body: rating }))).toBeNull();
    h.clock.advance({ minutes: 1 });
    for (const retry of [rating, { ...rating, reasons: ['unclear', 'slow'], comment: ' Took a while. ' }]) {
      expect(okData('inquiryScore', await call(h, 'inquiryScore', { token: player.token, body: retry }))).toBeNull();
    }
    for (const different of [{ score: 3 }, { reasons: ['slow'] }, { comment: 'Took ages.' }]) {
      expectFailure(
        await call(h, 'inquiryScore', { token: player.token, body: { ...rating, ...different } }),
        409,
        ERROR_CODES.conflict,
        'inquiryAlreadyRated',
      );
    }
    expect(okData('inquiryDetail', await inquiryDetail(h, player.token, id)).rating).toEqual({
      score: 2,
      reasons: ['slow', 'unclear'],
      comment: 'Took a while.',
      createdAt: ratedAt,
    });
    expect(await countRows(h.db, 'ticket_ratings WHERE ticket_id = $1', [id])).toBe(1);
    // Another player's retry of it is still a ticket they do not have.
    expectFailure(await call(h, 'inquiryScore', { token: h.player2, body: rating }), 404, ERROR_CODES.notFound, 'inquiryNotFound');
  });

  it('refuses scores outside 1-5, reasons on a high score and overlong comments', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: id } }));
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ score: 0 }, schemaKey('scoreRequired')],
      [{ score: 6 }, schemaKey('scoreRequired')],
      [{ score: 4.5 }, schemaKey('scoreRequired')],
      [{ score: 5, reasons: ['slow'] }, schemaKey('reasonsOnlyForLowScore')],
      [{ score: 1, reasons: ['rude'] }, /"reasons.0"/],
      [{ score: 1, comment: 'c'.repeat(LIMITS.ratingCommentMax + 1) }, schemaKey('commentTooLong')],
    ];
    for (const [body, message] of cases) {
      expectFailure(
        await call(h, 'inquiryScore', { token: player.token, body: { inquiryId: id, ...body } }),
        400,
        ERROR_CODES.badRequest,
        message,
      );
    }
    expect(okData('inquiryScore', await call(h, 'inquiryScore', { token: player.token, body: { inquiryId: id, score: 5 } }))).toBeNull();
  });

  it('answers an unknown ticket with 4040', async () => {
    expectFailure(
      await call(h, 'inquiryEnd', { token: h.player1, body: { inquiryId: 2_000_000_000 } }),
      404,
      ERROR_CODES.notFound,
      'inquiryNotFound',
    );
    expectFailure(
      await call(h, 'inquiryScore', { token: h.player1, body: { inquiryId: 2_000_000_000, score: 3 } }),
      404,
      ERROR_CODES.notFound,
      'inquiryNotFound',
    );
  });
});
