import { randomUUID } from 'node:crypto';
import { ERROR_CODES, LIMITS, TICKET_LIST_LABELS, type EndpointName } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { multipart, png } from './files-fixtures.js';
import { TEST_PASSWORD_HASHING, injectJson, harnessForFile } from './helpers.js';
import { bearer, call, expectFailure, okData, loggedInPlayer } from './identity-helpers.js';
import {
  countRows,
  createTicket,
  createTicketHarness,
  insertFile,
  officialBody,
  platformBody,
  replyBody,
  ticketRow,
  type CreateBody,
} from './tickets-helpers.js';

const h = harnessForFile(createTicketHarness);

function detail(token: string, inquiryId: number, language = 'en') {
  return call(h, 'inquiryDetail', { token, query: `?inquiryId=${inquiryId}&spec_lang=${language}` });
}

async function agentReply(inquiryId: number, content = 'We are looking into it.') {
  return okData('agentInquiryReply', await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(inquiryId, content) }));
}

async function ticketCount(accountId: number): Promise<number> {
  return countRows(h.db, 'tickets WHERE account_id = $1', [accountId]);
}

/** `msg` of a schema refusal names the field and ends with the key the browser translates. */
function keyOf(key: string): RegExp {
  return new RegExp(`": ${key}(;|$)`);
}

describe('POST /inquiries', () => {
  it('opens an official ticket in processing, with the server id normalised, the language and the game\'s character name', async () => {
    const id = await createTicket(h, h.player1, officialBody({ serverId: 'S1', roleName: 'Typed by hand' }), '?spec_lang=de');
    const row = await ticketRow(h.db, id);
    expect(row).toMatchObject({ status: 'processing', lang: 'de', server_id: 's1', role_name: 'Captain Mira', contact: 'player1@demo.example' });
    expect(row.updated_at.toISOString()).toBe(h.clock.now().toISOString());

    const shown = okData('inquiryDetail', await detail(h.player1, id, 'de'));
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
    expect(okData('inquiryDetail', await detail(h.player1, id, 'ko'))).toMatchObject({ categoryName: 'Bug report', areaName: '아시아' });
  });

  it('opens a platform ticket without server, region or character, with the phone reduced to + and digits', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    const row = await ticketRow(h.db, id);
    expect(row).toMatchObject({ status: 'processing', server_id: null, role_name: null, contact: '+442079460958', lang: 'en' });
    expect(okData('inquiryDetail', await detail(player.token, id))).toMatchObject({
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
    const before = await ticketCount(h.ids.player1);
    for (const [override, key] of cases) {
      const answer = await call(h, 'createInquiry', { token: h.player1, body: { ...officialBody(), ...override } });
      expectFailure(answer, 400, ERROR_CODES.badRequest, keyOf(key));
    }
    expect(await ticketCount(h.ids.player1)).toBe(before);
  });

  it('takes the category as its digits too, and keeps the e-mail as typed but for its lower-cased domain', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody({ queryType: '3', contactKind: 'email', contact: ' Player.One@Demo.EXAMPLE ' }));
    expect(await ticketRow(h.db, id)).toMatchObject({ contact: 'Player.One@demo.example' });
    expect(okData('inquiryDetail', await detail(player.token, id))).toMatchObject({ categoryName: 'Bug report', contact: 'Player.One@demo.example' });
  });

  it('does not ask platform tickets for a server, region or character', async () => {
    const player = await loggedInPlayer(h);
    await createTicket(h, player.token, platformBody({ serverId: 'whatever!', gameAreaId: '', roleId: '', roleName: '' }));
    expect(await ticketCount(player.id)).toBe(1);
  });

  it('answers 4040 with a key for an unknown or withdrawn game, category, server or region, and for a character that is not the player\'s', async () => {
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
      expectFailure(await call(h, 'createInquiry', { token: h.player1, body: officialBody({ queryType: 6 }) }), 404, ERROR_CODES.notFound, 'categoryNotFound');
      expectFailure(await call(h, 'createInquiry', { token: h.player1, body: platformBody({ gameId: 8 }) }), 404, ERROR_CODES.notFound, 'gameNotFound');
    } finally {
      await h.db.query('UPDATE inquiry_categories SET published = true WHERE id = 6');
      await h.db.query('UPDATE games SET published = true WHERE id = 8');
    }
  });

  it('refuses guests and bad sessions with -600', async () => {
    expectFailure(await call(h, 'createInquiry', { body: officialBody() }), 401, ERROR_CODES.sessionInvalid, 'sessionInvalid');
    expectFailure(await call(h, 'createInquiry', { token: 'x'.repeat(43), body: officialBody() }), 401, ERROR_CODES.sessionInvalid, 'sessionInvalid');
  });

  it('answers a repeated requestId with the first ticket, even when the retry differs', async () => {
    const player = await loggedInPlayer(h);
    const body = platformBody();
    const first = await createTicket(h, player.token, body);
    expect(await createTicket(h, player.token, body)).toBe(first);
    expect(await createTicket(h, player.token, { ...body, title: 'Changed title' })).toBe(first);
    expect(await ticketCount(player.id)).toBe(1);
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
    expect(await ticketCount(player.id)).toBe(1);
  });

  it('makes one ticket of concurrent duplicates, with the attachments on it once', async () => {
    const player = await loggedInPlayer(h);
    const files = [await insertFile(h, player.id), await insertFile(h, player.id, { kind: 'video' })];
    const body = platformBody({ attachments: files });
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(h, 'createInquiry', { token: player.token, body })));
    const ids = new Set(answers.map((answer) => okData('createInquiry', answer).inquiryId));
    expect(ids.size).toBe(1);
    expect(await ticketCount(player.id)).toBe(1);
    const [id] = [...ids];
    expect(await countRows(h.db, 'files WHERE ticket_id = $1 AND message_id IS NULL', [id ?? 0])).toBe(2);
  });

  it("attaches the player's own uploads in the same transaction, described from the files table", async () => {
    const player = await loggedInPlayer(h);
    const image = await insertFile(h, player.id, { kind: 'image', name: 'crash.png', size: 5000 });
    const video = await insertFile(h, player.id, { kind: 'video', name: 'bug.webm', contentType: 'video/webm', size: 900_000 });
    const other = await insertFile(h, player.id, { kind: 'other', name: 'dxdiag.txt', size: 321 });
    h.clock.advance({ minutes: 5 });
    const id = await createTicket(h, player.token, platformBody({ attachments: [image, video, other] }));
    const shown = okData('inquiryDetail', await detail(player.token, id));
    expect(shown.attachments).toEqual(
      expect.arrayContaining([
        { fileId: image, name: 'crash.png', size: 5000, kind: 'image', contentType: 'image/png' },
        { fileId: video, name: 'bug.webm', size: 900_000, kind: 'video', contentType: 'video/webm' },
        { fileId: other, name: 'dxdiag.txt', size: 321, kind: 'other', contentType: 'text/plain' },
      ]),
    );
    expect(shown.attachments).toHaveLength(3);
    const { rows } = await h.db.query<{ attached_at: Date }>('SELECT attached_at FROM files WHERE ticket_id = $1', [id]);
    expect(rows.map((row) => row.attached_at.toISOString())).toEqual(Array(3).fill(h.clock.now().toISOString()));
  });

  it('attaches a file uploaded through POST /files, which the agents can then download', async () => {
    const player = await loggedInPlayer(h);
    const body = multipart([{ field: 'file', fileName: 'error screen.png', content: png() }]);
    const upload = await injectJson(h.app, {
      method: 'POST',
      url: '/files',
      headers: { ...bearer(player.token), 'content-type': body.contentType },
      payload: body.payload,
    });
    const uploaded = okData('uploadFile', upload);
    const id = await createTicket(h, player.token, platformBody({ attachments: [uploaded.fileId] }));
    expect(okData('inquiryDetail', await detail(player.token, id)).attachments).toEqual([uploaded]);
    const agentView = okData('agentInquiryDetail', await call(h, 'agentInquiryDetail', { token: h.agent, query: `?inquiryId=${id}` }));
    expect(agentView.attachments).toEqual([uploaded]);
    const download = await h.app.inject({ method: 'GET', url: `/files/download?fileId=${uploaded.fileId}`, headers: bearer(h.agent) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(png())).toBe(true);
    expectFailure(await call(h, 'createInquiry', { token: player.token, body: platformBody({ attachments: [uploaded.fileId] }) }), 404, ERROR_CODES.notFound, 'attachmentInvalid');
  });

  it('refuses files that are not the caller\'s own pending uploads, and then opens nothing and attaches nothing', async () => {
    const player = await loggedInPlayer(h);
    const mine = await insertFile(h, player.id);
    const someoneElses = await insertFile(h, h.ids.player2);
    const expired = await insertFile(h, player.id, { createdAt: new Date(h.clock.now().getTime() - (LIMITS.pendingUploadHours * 60 + 1) * 60_000) });
    const used = await insertFile(h, player.id);
    await createTicket(h, player.token, platformBody({ attachments: [used] }));
    const before = await ticketCount(player.id);
    for (const bad of [someoneElses, expired, used, randomUUID()]) {
      const answer = await call(h, 'createInquiry', { token: player.token, body: platformBody({ attachments: [mine, bad] }) });
      expectFailure(answer, 404, ERROR_CODES.notFound, 'attachmentInvalid');
    }
    expect(await ticketCount(player.id)).toBe(before);
    const { rows } = await h.db.query<{ ticket_id: number | null }>('SELECT ticket_id FROM files WHERE id = ANY($1::uuid[])', [
      [mine, someoneElses, expired],
    ]);
    expect(rows.map((row) => row.ticket_id)).toEqual([null, null, null]);
  });

  it(`refuses more than ${LIMITS.videosMax} video among one message's attachments`, async () => {
    const player = await loggedInPlayer(h);
    const videos = [await insertFile(h, player.id, { kind: 'video' }), await insertFile(h, player.id, { kind: 'video' })];
    const answer = await call(h, 'createInquiry', { token: player.token, body: platformBody({ attachments: videos }) });
    expectFailure(answer, 400, ERROR_CODES.badRequest, 'attachmentsTooManyVideos');
    expect(await ticketCount(player.id)).toBe(0);
    expect(await countRows(h.db, 'files WHERE owner_account_id = $1 AND ticket_id IS NULL', [player.id])).toBe(2);
  });
});

describe('GET /inquiries/list', () => {
  it("lists only the player's own tickets, newest first, with names in the request language", async () => {
    const player = await loggedInPlayer(h);
    expect(okData('inquiryList', await call(h, 'inquiryList', { token: player.token }))).toEqual([]);
    const first = await createTicket(h, player.token, platformBody({ gameId: 2, queryType: 1 }));
    h.clock.advance({ minutes: 1 });
    const second = await createTicket(h, player.token, platformBody({ gameId: 4, queryType: 5, title: 'Second one' }));
    await createTicket(h, h.player2, platformBody());

    const listed = okData('inquiryList', await call(h, 'inquiryList', { token: player.token, query: '?spec_lang=fr' }));
    expect(listed.map((item) => item.id)).toEqual([second, first]);
    expect(listed[0]).toEqual({
      id: second,
      ticketType: '0',
      title: 'Second one',
      gameId: 4,
      gameName: 'Ashvale Tactics',
      categoryName: 'Suggestion',
      status: 'processing',
      unread: false,
      createdAt: h.clock.now().toISOString(),
      updatedAt: h.clock.now().toISOString(),
    });
    expect(listed[1]?.categoryName).toBe('Compte');
  });

  it('filters by game when clientId is a game id and ignores any other clientId', async () => {
    const player = await loggedInPlayer(h);
    const onTwo = await createTicket(h, player.token, platformBody({ gameId: 2 }));
    const onFour = await createTicket(h, player.token, platformBody({ gameId: 4 }));
    const ids = async (query: string) => okData('inquiryList', await call(h, 'inquiryList', { token: player.token, query })).map((item) => item.id);
    expect(await ids('?clientId=2')).toEqual([onTwo]);
    expect(await ids('?clientId=4')).toEqual([onFour]);
    expect(await ids('?clientId=7')).toEqual([]);
    expect((await ids('?clientId=web-client')).sort()).toEqual([onTwo, onFour].sort());
    expect((await ids('?clientId=99999999999')).sort()).toEqual([onTwo, onFour].sort());
    expectFailure(await call(h, 'inquiryList', { token: player.token, query: '?clientId=a%20b' }), 400, ERROR_CODES.badRequest, /"clientId"/);
  });

  it('refuses guests with -600', async () => {
    expectFailure(await call(h, 'inquiryList', {}), 401, ERROR_CODES.sessionInvalid, 'sessionInvalid');
  });
});

describe('GET /inquiries/detail', () => {
  it('shows the conversation in order with each message\'s attachments, and reading it clears the feedback dot', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    h.clock.advance({ minutes: 1 });
    const note = await insertFile(h, player.id, { kind: 'image', name: 'receipt.png', contentType: 'image/png' });
    const added = okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, 'Receipt attached.', [note]) }));
    h.clock.advance({ minutes: 1 });
    const answer = await agentReply(id, 'Thanks, refunded.');

    expect((await ticketRow(h.db, id)).feedback_at).not.toBeNull();
    const shown = okData('inquiryDetail', await detail(player.token, id));
    expect(shown.messages).toEqual([
      { id: added.id, author: 'player', content: 'Receipt attached.', attachments: [expect.objectContaining({ fileId: note, name: 'receipt.png' })], createdAt: added.createdAt },
      { id: answer.id, author: 'agent', content: 'Thanks, refunded.', attachments: [], createdAt: answer.createdAt },
    ]);
    expect(shown.attachments).toEqual([]);
    // Served as it was before reading: the dot goes out from now on.
    expect(shown.unread).toBe(false);
    const row = await ticketRow(h.db, id);
    expect(row.feedback_at).toBeNull();
    expect(row.player_read_at?.toISOString()).toBe(h.clock.now().toISOString());
  });

  it("answers another player's ticket exactly like a missing one, and leaves it unread", async () => {
    const id = await createTicket(h, h.player1, officialBody());
    await agentReply(id);
    const foreign = await detail(h.player2, id);
    const missing = await detail(h.player2, 2_000_000_000);
    expectFailure(foreign, 404, ERROR_CODES.notFound, 'inquiryNotFound');
    expect(foreign.body).toEqual(missing.body);
    expect((await ticketRow(h.db, id)).feedback_at).not.toBeNull();
  });

  it('refuses a malformed id with 4000 and guests with -600', async () => {
    for (const value of ['abc', '0', '-1', '2147483648']) {
      expectFailure(await call(h, 'inquiryDetail', { token: h.player1, query: `?inquiryId=${value}` }), 400, ERROR_CODES.badRequest, /"inquiryId"/);
    }
    expectFailure(await call(h, 'inquiryDetail', { query: '?inquiryId=1' }), 401, ERROR_CODES.sessionInvalid, 'sessionInvalid');
  });
});

describe('POST /inquiries/reply', () => {
  it('keeps an unanswered ticket in processing and puts a replied one back to waiting for the agent', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    h.clock.advance({ minutes: 1 });
    const message = okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, '  One more thing.  ') }));
    expect(message).toMatchObject({ author: 'player', content: 'One more thing.', attachments: [], createdAt: h.clock.now().toISOString() });
    expect(await ticketRow(h.db, id)).toMatchObject({ status: 'processing' });
    expect((await ticketRow(h.db, id)).updated_at.toISOString()).toBe(h.clock.now().toISOString());

    await agentReply(id);
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
    const message = okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, 'Screenshot.', [image]) }));
    const { rows } = await h.db.query<{ ticket_id: number; message_id: number }>('SELECT ticket_id, message_id FROM files WHERE id = $1', [image]);
    expect(rows[0]).toEqual({ ticket_id: id, message_id: message.id });

    const foreign = await insertFile(h, h.ids.player2);
    expectFailure(await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, 'x', [foreign]) }), 404, ERROR_CODES.notFound, 'attachmentInvalid');
    expectFailure(await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, 'x', [image]) }), 404, ERROR_CODES.notFound, 'attachmentInvalid');
    const videos = [await insertFile(h, player.id, { kind: 'video' }), await insertFile(h, player.id, { kind: 'video' })];
    expectFailure(await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, 'x', videos) }), 400, ERROR_CODES.badRequest, 'supplementImagesOrVideo');
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(1);
  });

  it('takes up to three images or one video on its own as added information, and no documents (SPEC §5)', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    const refuse = async (kinds: ('image' | 'video' | 'other')[]) => {
      const files = await Promise.all(kinds.map((kind) => insertFile(h, player.id, { kind })));
      expectFailure(await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, 'x', files) }), 400, ERROR_CODES.badRequest, 'supplementImagesOrVideo');
    };
    await refuse(['other']);
    await refuse(['video', 'image']);
    await refuse(['image', 'image', 'other']);
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(0);

    const images = await Promise.all([1, 2, 3].map(() => insertFile(h, player.id, { kind: 'image' })));
    okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, 'Three screenshots.', images) }));
    const video = await insertFile(h, player.id, { kind: 'video' });
    okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, 'A recording.', [video]) }));
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(2);
  });

  it('refuses empty and overlong text with their keys', async () => {
    const id = await createTicket(h, h.player1, officialBody());
    expectFailure(await call(h, 'inquiryReply', { token: h.player1, body: replyBody(id, '   ') }), 400, ERROR_CODES.badRequest, keyOf('replyTooShort'));
    expectFailure(
      await call(h, 'inquiryReply', { token: h.player1, body: replyBody(id, 'z'.repeat(LIMITS.replyMax + 1)) }),
      400,
      ERROR_CODES.badRequest,
      keyOf('replyTooLong'),
    );
  });
});

describe('GET /inquiries/feedback', () => {
  it('counts tickets with an agent reply or an agent ending not seen yet, per game with clientId, until read', async () => {
    const player = await loggedInPlayer(h);
    const feedback = async (query = '') => okData('inquiryFeedback', await call(h, 'inquiryFeedback', { token: player.token, query }));
    expect(await feedback()).toEqual({ count: 0, hasNew: false });
    const first = await createTicket(h, player.token, platformBody({ gameId: 2 }));
    const second = await createTicket(h, player.token, platformBody({ gameId: 3 }));
    expect(await feedback()).toEqual({ count: 0, hasNew: false });

    await agentReply(first);
    expect(await feedback()).toEqual({ count: 1, hasNew: true });
    okData('agentInquiryEnd', await call(h, 'agentInquiryEnd', { token: h.agent, body: { inquiryId: second } }));
    expect(await feedback()).toEqual({ count: 2, hasNew: true });
    expect(await feedback('?clientId=3')).toEqual({ count: 1, hasNew: true });
    expect(await feedback('?clientId=5')).toEqual({ count: 0, hasNew: false });

    okData('inquiryDetail', await detail(player.token, first));
    expect(await feedback()).toEqual({ count: 1, hasNew: true });
    okData('inquiryDetail', await detail(player.token, second));
    expect(await feedback()).toEqual({ count: 0, hasNew: false });
    // A player's own messages and endings are no news to them.
    await createTicket(h, player.token, platformBody());
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: first } }));
    expect(await feedback()).toEqual({ count: 0, hasNew: false });
  });
});

describe('POST /inquiries/end and /inquiries/score', () => {
  it('ends an open chat once, invites a rating, then takes one rating and concludes it', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    expectFailure(await call(h, 'inquiryScore', { token: player.token, body: { inquiryId: id, score: 4 } }), 409, ERROR_CODES.conflict, 'inquiryStillOpen');

    h.clock.advance({ minutes: 3 });
    const endedAt = h.clock.now().toISOString();
    expect(okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: id } }))).toEqual({ status: 'waiting_rating' });
    h.clock.advance({ minutes: 3 });
    expect(okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: id } }))).toEqual({ status: 'waiting_rating' });
    const row = await ticketRow(h.db, id);
    expect(row).toMatchObject({ status: 'waiting_rating', ended_by: 'player' });
    expect(row.ended_at?.toISOString()).toBe(endedAt);

    expect(okData('inquiryScore', await call(h, 'inquiryScore', { token: player.token, body: { inquiryId: id, score: 2, reasons: ['slow', 'unclear'], comment: ' Took a while. ' } }))).toBeNull();
    const shown = okData('inquiryDetail', await detail(player.token, id));
    expect(shown).toMatchObject({ status: 'ended', endedBy: 'player', endedAt });
    expect(shown.rating).toEqual({ score: 2, reasons: ['slow', 'unclear'], comment: 'Took a while.', createdAt: h.clock.now().toISOString() });

    expectFailure(await call(h, 'inquiryScore', { token: player.token, body: { inquiryId: id, score: 5 } }), 409, ERROR_CODES.conflict, 'inquiryAlreadyRated');
    expect(okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: id } }))).toEqual({ status: 'ended' });
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
    expect(okData('inquiryDetail', await detail(player.token, id)).rating).toEqual({ score: 2, reasons: ['slow', 'unclear'], comment: 'Took a while.', createdAt: ratedAt });
    expect(await countRows(h.db, 'ticket_ratings WHERE ticket_id = $1', [id])).toBe(1);
    // Another player's retry of it is still a ticket they do not have.
    expectFailure(await call(h, 'inquiryScore', { token: h.player2, body: rating }), 404, ERROR_CODES.notFound, 'inquiryNotFound');
  });

  it('refuses scores outside 1-5, reasons on a high score and overlong comments', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: id } }));
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ score: 0 }, keyOf('scoreRequired')],
      [{ score: 6 }, keyOf('scoreRequired')],
      [{ score: 4.5 }, keyOf('scoreRequired')],
      [{ score: 5, reasons: ['slow'] }, keyOf('reasonsOnlyForLowScore')],
      [{ score: 1, reasons: ['rude'] }, /"reasons.0"/],
      [{ score: 1, comment: 'c'.repeat(LIMITS.ratingCommentMax + 1) }, keyOf('commentTooLong')],
    ];
    for (const [body, message] of cases) {
      expectFailure(await call(h, 'inquiryScore', { token: player.token, body: { inquiryId: id, ...body } }), 400, ERROR_CODES.badRequest, message);
    }
    expect(okData('inquiryScore', await call(h, 'inquiryScore', { token: player.token, body: { inquiryId: id, score: 5 } }))).toBeNull();
  });

  it('answers an unknown ticket with 4040', async () => {
    expectFailure(await call(h, 'inquiryEnd', { token: h.player1, body: { inquiryId: 2_000_000_000 } }), 404, ERROR_CODES.notFound, 'inquiryNotFound');
    expectFailure(await call(h, 'inquiryScore', { token: h.player1, body: { inquiryId: 2_000_000_000, score: 3 } }), 404, ERROR_CODES.notFound, 'inquiryNotFound');
  });
});

describe('GET /inquiries/unresolved', () => {
  it("offers the player's most recent open ticket, for the asked game with clientId, and nothing once it ended", async () => {
    const player = await loggedInPlayer(h);
    const unresolved = async (query = '') => okData('inquiryUnresolved', await call(h, 'inquiryUnresolved', { token: player.token, query }));
    expect((await unresolved()).inquiry).toBeNull();
    const older = await createTicket(h, player.token, platformBody({ gameId: 2 }));
    h.clock.advance({ minutes: 1 });
    const newer = await createTicket(h, player.token, platformBody({ gameId: 3 }));
    await createTicket(h, h.player2, platformBody({ gameId: 3 }));
    expect((await unresolved('?spec_lang=ja')).inquiry).toMatchObject({ id: newer, status: 'processing', gameName: 'Prism Tiles' });
    expect((await unresolved('?clientId=2')).inquiry?.id).toBe(older);
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: newer } }));
    expect((await unresolved()).inquiry?.id).toBe(older);
    await agentReply(older);
    expect((await unresolved()).inquiry).toMatchObject({ id: older, status: 'replied', unread: true });
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: older } }));
    expect((await unresolved()).inquiry).toBeNull();
  });

  it("counts every player's tickets waiting for an agent and reports a long queue from the threshold", async () => {
    const waiting = await countRows(h.db, "tickets WHERE status IN ('processing', 'waiting_reply')");
    expect(okData('inquiryUnresolved', await call(h, 'inquiryUnresolved', { token: h.player2 })).queue).toEqual({
      waiting,
      longQueue: waiting >= 20,
    });
    for (const [threshold, longQueue] of [[waiting, true], [waiting + 1, false]] as const) {
      const app = await buildApp({ db: h.db, passwordHashing: TEST_PASSWORD_HASHING, now: h.clock.now, longQueueThreshold: threshold });
      try {
        const answer = await app.inject({ method: 'GET', url: '/inquiries/unresolved', headers: { authorization: `Bearer ${h.player2}` } });
        expect(answer.json()).toMatchObject({ code: 1, data: { queue: { waiting, longQueue } } });
      } finally {
        await app.close();
      }
    }
    // Replied and ended tickets are not in the queue.
    const id = await createTicket(h, h.player2, platformBody());
    expect(okData('inquiryUnresolved', await call(h, 'inquiryUnresolved', { token: h.player2 })).queue.waiting).toBe(waiting + 1);
    await agentReply(id);
    expect(okData('inquiryUnresolved', await call(h, 'inquiryUnresolved', { token: h.player2 })).queue.waiting).toBe(waiting);
  });
});

describe("another player's ticket", () => {
  it('is refused on every ticket endpoint as if it did not exist, and stays as it was', async () => {
    const id = await createTicket(h, h.player1, officialBody({ title: 'Private matter' }));
    await agentReply(id);
    const before = await ticketRow(h.db, id);
    const missing = 2_000_000_000;
    const attempts: [EndpointName, (inquiryId: number) => { query?: string; body?: unknown }][] = [
      ['inquiryDetail', (inquiryId) => ({ query: `?inquiryId=${inquiryId}` })],
      ['inquiryReply', (inquiryId) => ({ body: replyBody(inquiryId, 'Not my ticket.') })],
      ['inquiryEnd', (inquiryId) => ({ body: { inquiryId } })],
      ['inquiryScore', (inquiryId) => ({ body: { inquiryId, score: 1 } })],
    ];
    for (const [name, request] of attempts) {
      const foreign = await call(h, name, { token: h.player2, ...request(id) });
      expectFailure(foreign, 404, ERROR_CODES.notFound, 'inquiryNotFound');
      expect(foreign.body).toEqual((await call(h, name, { token: h.player2, ...request(missing) })).body);
    }
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: h.player1, body: { inquiryId: id } }));
    expectFailure(await call(h, 'inquiryScore', { token: h.player2, body: { inquiryId: id, score: 1 } }), 404, ERROR_CODES.notFound, 'inquiryNotFound');

    const lists = [
      okData('inquiryList', await call(h, 'inquiryList', { token: h.player2 })).map((item) => item.id),
      [okData('inquiryUnresolved', await call(h, 'inquiryUnresolved', { token: h.player2 })).inquiry?.id],
    ];
    for (const ids of lists) expect(ids).not.toContain(id);
    const after = await ticketRow(h.db, id);
    expect(after).toMatchObject({ status: 'waiting_rating', ended_by: 'player', feedback_at: before.feedback_at, player_read_at: null });
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(1);
    expect(await countRows(h.db, 'ticket_ratings WHERE ticket_id = $1', [id])).toBe(0);
  });

  it("cannot carry the other player's uploads into a ticket", async () => {
    const theirs = await insertFile(h, h.ids.player1);
    expectFailure(await call(h, 'createInquiry', { token: h.player2, body: platformBody({ attachments: [theirs] }) }), 404, ERROR_CODES.notFound, 'attachmentInvalid');
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
    await agentReply(id, 'Which server?');
    expect(await status()).toEqual(['replied', 'replied', true]);
    okData('inquiryDetail', await detail(player.token, id));
    expect(await status()).toEqual(['replied', 'replied', false]);
    okData('inquiryReply', await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, 'Orion.') }));
    expect(await status()).toEqual(['waiting_reply', 'noReply', false]);
    await agentReply(id, 'Fixed.');
    expect(await status()).toEqual(['replied', 'replied', true]);
    okData('inquiryDetail', await detail(player.token, id));
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: id } }));
    expect(await status()).toEqual(['waiting_rating', 'awaitingEvaluation', false]);
    okData('inquiryScore', await call(h, 'inquiryScore', { token: player.token, body: { inquiryId: id, score: 5 } }));
    expect(await status()).toEqual(['ended', 'concluded', false]);
    const shown = okData('inquiryDetail', await detail(player.token, id));
    expect(shown.messages.map((message) => [message.author, message.content])).toEqual([
      ['player', 'Any news?'],
      ['agent', 'Which server?'],
      ['player', 'Orion.'],
      ['agent', 'Fixed.'],
    ]);
  });
});

describe('control characters in what players and agents write (PostgreSQL refuses NUL in text)', () => {
  const CONTROL = ['\u0000', '\u0001', '\u0007', '\u000b', '\u000c', '\u001b', '\u001f'];

  it("refuse each text of a new ticket with the field's own key, and open nothing", async () => {
    const player = await loggedInPlayer(h);
    for (const character of CONTROL) {
      const cases: [Partial<CreateBody>, string][] = [
        [{ title: `Lost${character}ship` }, 'titleInvalid'],
        [{ content: `My ship vanished${character} after the update.` }, 'contentInvalid'],
        [{ roleName: `Captain${character}Mira` }, 'roleRequired'],
        [{ serverId: `s${character}1` }, 'serverRequired'],
        [{ gameAreaId: `as${character}ia` }, 'regionRequired'],
        [{ roleId: `r100${character}101` }, 'roleRequired'],
        [{ contactKind: 'email', contact: `player1${character}@demo.example` }, 'emailInvalid'],
        // Vertical tab and form feed are spacing in a phone number, dropped like the other spaces.
        ...(/\s/.test(character) ? [] : [[{ contactKind: 'phone', contact: `+44 20 7946${character}0958` }, 'phoneInvalid'] as [Partial<CreateBody>, string]]),
      ];
      for (const [override, key] of cases) {
        expectFailure(await call(h, 'createInquiry', { token: h.player1, body: officialBody(override) }), 400, ERROR_CODES.badRequest, keyOf(key));
      }
      expectFailure(
        await call(h, 'createInquiry', { token: player.token, body: platformBody({ title: `Top-up${character}missing` }) }),
        400,
        ERROR_CODES.badRequest,
        keyOf('titleInvalid'),
      );
    }
    expect(await ticketCount(player.id)).toBe(0);
    // Tabs and line breaks are text like any other.
    const id = await createTicket(h, player.token, platformBody({ title: 'Top-up\tmissing', content: 'Paid yesterday.\r\nNothing arrived.' }));
    expect(okData('inquiryDetail', await detail(player.token, id))).toMatchObject({ title: 'Top-up\tmissing', content: 'Paid yesterday.\r\nNothing arrived.' });
  });

  it('refuse a reply, an agent reply and a rating comment with their keys, and add nothing', async () => {
    const player = await loggedInPlayer(h);
    const id = await createTicket(h, player.token, platformBody());
    for (const character of CONTROL) {
      const text = `More${character}information`;
      expectFailure(await call(h, 'inquiryReply', { token: player.token, body: replyBody(id, text) }), 400, ERROR_CODES.badRequest, keyOf('replyInvalid'));
      expectFailure(await call(h, 'agentInquiryReply', { token: h.agent, body: replyBody(id, text) }), 400, ERROR_CODES.badRequest, keyOf('replyInvalid'));
    }
    expect(await countRows(h.db, 'ticket_messages WHERE ticket_id = $1', [id])).toBe(0);
    okData('inquiryEnd', await call(h, 'inquiryEnd', { token: player.token, body: { inquiryId: id } }));
    for (const character of CONTROL) {
      const body = { inquiryId: id, score: 1, reasons: ['slow'], comment: `Slow${character}` };
      expectFailure(await call(h, 'inquiryScore', { token: player.token, body }), 400, ERROR_CODES.badRequest, keyOf('commentInvalid'));
    }
    expect(await countRows(h.db, 'ticket_ratings WHERE ticket_id = $1', [id])).toBe(0);
  });

  it("refuse the agents' search text with its key", async () => {
    for (const character of ['%00', '%01', '%1B', '%1F']) {
      expectFailure(await call(h, 'agentInquiries', { token: h.agent, query: `?keyword=ship${character}` }), 400, ERROR_CODES.badRequest, keyOf('keywordInvalid'));
    }
    okData('agentInquiries', await call(h, 'agentInquiries', { token: h.agent, query: '?keyword=ship%09hangar' }));
  });
});
