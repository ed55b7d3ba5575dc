import { randomUUID } from 'node:crypto';
import { ERROR_CODES, LIMITS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { call, expectFailure, okData, schemaKey } from './api-calls.js';
import { harnessForFile } from './helpers.js';
import { loggedInPlayer } from './identity-helpers.js';
import { type CreateBody, officialBody, platformBody } from './ticket-bodies.js';
import { createTicket, createTicketHarness, inquiryDetail, ticketCount, ticketRow } from './tickets-helpers.js';

const h = harnessForFile(createTicketHarness);

describe('POST /inquiries', () => {
  it("opens an official ticket in processing, with the server id normalised, the language and the game's character name", async () => {
    const id = await createTicket(h, h.player1, officialBody({ serverId: 'S1', roleName: 'Typed by hand' }), '?spec_lang=de');
    const row = await ticketRow(h.db, id);
    expect(row).toMatchObject({
      status: 'processing',
      lang: 'de',
      server_id: 's1',
      role_name: 'Captain Mira',
      contact: 'player1@demo.example',
    });
    expect(row.updated_at.toISOString()).toBe(h.clock.now().toISOString());

    const shown = okData('inquiryDetail', await inquiryDetail(h, h.player1, id, 'de'));
    expect(shown).toMatchObject({
      id,
      ticketType: '1',
      title: 'Lost my ship',
      gameId: 1,
      gameName: 'Star Harbor',
      categoryName: 'Fehlermeldung',
      status: 'processing',
      serverId: 's1',
      serverName: 'Orion',
      gameAreaId: 'asia',
      areaName: 'Asien',
      roleId: 'r100101',
      roleName: 'Captain Mira',
      contactKind: 'email',
      attachments: [],
      messages: [],
      endedBy: null,
      endedAt: null,
      rating: null,
      createdAt: h.clock.now().toISOString(),
    });
    // Names follow the language of each call, with English where a text is missing.
    await h.db.query("DELETE FROM inquiry_category_texts WHERE category_id = 3 AND lang = 'ko'");
    expect(okData('inquiryDetail', await inquiryDetail(h, h.player1, id, 'ko'))).toMatchObject({
      categoryName: 'Bug report',
      areaName: '아시아',
    });
  });

  it('opens a platform ticket without server, region or character, with the phone reduced to + and digits', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    const row = await ticketRow(h.db, id);
    expect(row).toMatchObject({ status: 'processing', server_id: null, role_name: null, contact: '+442079460958', lang: 'en' });
    expect(okData('inquiryDetail', await inquiryDetail(h, player.token, id))).toMatchObject({
      ticketType: '0',
      gameName: 'Comet Circuit',
      categoryName: 'Payment / top-up',
      serverId: '',
      serverName: '',
      gameAreaId: '',
      areaName: '',
      roleId: '',
      roleName: '',
      contactKind: 'phone',
      contact: '+442079460958',
    });
  });

  it('refuses every rule of SPEC §5 with its own message key, and opens nothing', async () => {
    const fourIds = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const sameId = randomUUID();
    const cases: [Partial<CreateBody> | Record<string, unknown>, string][] = [
      [{ title: 'a' }, 'titleTooShort'],
      [{ title: '   a   ' }, 'titleTooShort'],
      [{ title: 'x'.repeat(LIMITS.titleMax + 1) }, 'titleTooLong'],
      [{ content: 'too short' }, 'contentTooShort'],
      [{ content: 'Refund!!!!!!!!' }, 'contentTooFewWords'],
      [{ content: 'y'.repeat(LIMITS.contentMax + 1) }, 'contentTooLong'],
      [{ ticketType: '2' }, 'serviceRequired'],
      [{ gameId: 0 }, 'gameRequired'],
      [{ gameId: 'abc' }, 'gameRequired'],
      [{ serverId: '' }, 'serverRequired'],
      [{ gameAreaId: ' ' }, 'regionRequired'],
      [{ roleId: '' }, 'roleRequired'],
      [{ roleName: '' }, 'roleRequired'],
      [{ queryType: 0 }, 'categoryRequired'],
      [{ queryType: true }, 'categoryRequired'],
      [{ queryType: [5] }, 'categoryRequired'],
      [{ queryType: '5.0' }, 'categoryRequired'],
      [{ contactKind: 'fax' }, 'contactRequired'],
      [{ contactKind: 'email', contact: 'not-an-address' }, 'emailInvalid'],
      [{ contactKind: 'phone', contact: '12345' }, 'phoneInvalid'],
      [{ contactKind: 'phone', contact: '+1 23' }, 'phoneInvalid'],
      [{ consent: false }, 'consentRequired'],
      [{ attachments: fourIds }, 'attachmentsTooMany'],
      [{ attachments: [sameId, sameId] }, 'attachmentsRepeated'],
      [{ attachments: ['not-a-uuid'] }, 'fileInvalid'],
      [{ requestId: 'again' }, 'requestIdInvalid'],
    ];
    const before = await ticketCount(h, h.ids.player1);
    for (const [override, key] of cases) {
      const answer = await call(h, 'createInquiry', { token: h.player1, body: { ...officialBody(), ...override } });
      expectFailure(answer, 400, ERROR_CODES.badRequest, schemaKey(key));
    }
    expect(await ticketCount(h, h.ids.player1)).toBe(before);
  });

  it('takes the category as its digits too, and keeps the e-mail as typed but for its lower-cased domain', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(
      h,
      player.token,
      platformBody({ queryType: '3', contactKind: 'email', contact: ' Player.One@Demo.EXAMPLE ' }),
    );
    expect(await ticketRow(h.db, id)).toMatchObject({ contact: 'Player.One@demo.example' });
    expect(okData('inquiryDetail', await inquiryDetail(h, player.token, id))).toMatchObject({
      categoryName: 'Bug report',
      contact: 'Player.One@demo.example',
    });
  });

  it('does not ask platform tickets for a server, region or character', async () => {
    const player = await loggedInPlayer(h);
    await createTicket(h, player.token, platformBody({ serverId: 'whatever!', gameAreaId: '', roleId: '', roleName: '' }));
    expect(await ticketCount(h, player.id)).toBe(1);
  });

  it("answers 4040 with a key for an unknown or withdrawn game, category, server or region, and for a character that is not the player's", async () => {
    const cases: [Partial<CreateBody>, string, string?][] = [
      [{ gameId: 999 }, 'gameNotFound'],
      [{ queryType: 99 }, 'categoryNotFound'],
      [{ serverId: 's99' }, 'serverNotFound'],
      // Lyra (s2) is a server of Star Harbor, but not the one with region Asia and Captain Mira.
      [{ serverId: 's2' }, 'areaNotFound'],
      [{ gameAreaId: 'mars' }, 'areaNotFound'],
      [{ gameAreaId: 'europe' }, 'roleNotFound'],
      [{ roleId: 'r999999' }, 'roleNotFound'],
      // Lady Ashvale is player1's, but in Ashvale Tactics.
      [{ roleId: 'r200041' }, 'roleNotFound'],
      // player2 naming player1's character.
      [{}, 'roleNotFound', 'player2'],
    ];
    for (const [override, key, who] of cases) {
      const token = who === 'player2' ? h.player2 : h.player1;
      expectFailure(await call(h, 'createInquiry', { token, body: officialBody(override) }), 404, ERROR_CODES.notFound, key);
    }
    await h.db.query('UPDATE inquiry_categories SET published = false WHERE id = 6');
    await h.db.query('UPDATE games SET published = false WHERE id = 8');
    try {
      expectFailure(
        await call(h, 'createInquiry', { token: h.player1, body: officialBody({ queryType: 6 }) }),
        404,
        ERROR_CODES.notFound,
        'categoryNotFound',
      );
      expectFailure(
        await call(h, 'createInquiry', { token: h.player1, body: platformBody({ gameId: 8 }) }),
        404,
        ERROR_CODES.notFound,
        'gameNotFound',
      );
    } finally {
      await h.db.query('UPDATE inquiry_categories SET published = true WHERE id = 6');
      await h.db.query('UPDATE games SET published = true WHERE id = 8');
    }
  });

  it('refuses guests and bad sessions with -600', async () => {
    expectFailure(await call(h, 'createInquiry', { body: officialBody() }), 401, ERROR_CODES.sessionInvalid, 'sessionInvalid');
    expectFailure(
      await call(h, 'createInquiry', { token: 'x'.repeat(43), body: officialBody() }),
      401,
      ERROR_CODES.sessionInvalid,
      'sessionInvalid',
    );
  });

  it('answers a repeated requestId with the first ticket, even when the retry differs', async () => {
    const player = await loggedInPlayer(h);
    const body = platformBody();
    const first = await createTicket(h, player.token, body);
    expect(await createTicket(h, player.token, body)).toBe(first);
    expect(await createTicket(h, player.token, { ...body, title: 'Changed title' })).toBe(first);
    expect(await ticketCount(h, player.id)).toBe(1);
    expect((await ticketRow(h.db, first)).status).toBe('processing');
    // Another player's request id is theirs alone.
    const other = await loggedInPlayer(h);
    expect(await createTicket(h, other.token, body)).not.toBe(first);
  });

  it('makes one ticket of concurrent duplicates without attachments (one statement, no explicit transaction)', async () => {
    const player = await loggedInPlayer(h);
    const body = platformBody();
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(h, 'createInquiry', { token: player.token, body })));
    expect(new Set(answers.map((answer) => okData('createInquiry', answer).inquiryId)).size).toBe(1);
    expect(await ticketCount(h, player.id)).toBe(1);
  });
});
