import { randomUUID } from 'node:crypto';
import { ERROR_CODES, LIMITS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { call, expectFailure, okData } from './api-calls.js';
import { png } from './files-fixtures.js';
import { multipart } from './multipart-bodies.js';
import { download, post } from './files-helpers.js';
import { harnessForFile } from './helpers.js';
import { loggedInPlayer } from './identity-helpers.js';
import { platformBody } from './ticket-bodies.js';
import { countRows, createTicket, createTicketHarness, inquiryDetail, insertFile, ticketCount } from './tickets-helpers.js';

const h = harnessForFile(createTicketHarness);

describe('POST /inquiries with attachments', () => {
  it('makes one ticket of concurrent duplicates, with the attachments on it once', async () => {
    const player = await loggedInPlayer(h);
    const files = [await insertFile(h, player.id), await insertFile(h, player.id, { kind: 'video' })];
    const body = platformBody({ attachments: files });
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(h, 'createInquiry', { token: player.token, body })));
    const ids = new Set(answers.map((answer) => okData('createInquiry', answer).inquiryId));
    expect(ids.size).toBe(1);
    expect(await ticketCount(h, player.id)).toBe(1);
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
    const shown = okData('inquiryDetail', await inquiryDetail(h, player.token, id));
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
    const upload = await post(h, player.token, multipart([{ field: 'file', fileName: 'error screen.png', content: png() }]));
    const uploaded = okData('uploadFile', upload);
    const id = await createTicket(h, player.token, platformBody({ attachments: [uploaded.fileId] }));
    expect(okData('inquiryDetail', await inquiryDetail(h, player.token, id)).attachments).toEqual([uploaded]);
    const agentView = okData('agentInquiryDetail', await call(h, 'agentInquiryDetail', { token: h.agent, query: `?inquiryId=${id}` }));
    expect(agentView.attachments).toEqual([uploaded]);
    const agentsCopy = await download(h, uploaded.fileId, h.agent);
    expect(agentsCopy.statusCode).toBe(200);
    expect(agentsCopy.rawPayload.equals(png())).toBe(true);
    expectFailure(
      await call(h, 'createInquiry', { token: player.token, body: platformBody({ attachments: [uploaded.fileId] }) }),
      404,
      ERROR_CODES.notFound,
      'attachmentInvalid',
    );
  });

  it("refuses files that are not the caller's own pending uploads, and then opens nothing and attaches nothing", async () => {
    const player = await loggedInPlayer(h);
    const mine = await insertFile(h, player.id);
    const someoneElses = await insertFile(h, h.ids.player2);
    const expired = await insertFile(h, player.id, {
      createdAt: new Date(h.clock.now().getTime() - (LIMITS.pendingUploadHours * 60 + 1) * 60_000),
    });
    const used = await insertFile(h, player.id);
    await createTicket(h, player.token, platformBody({ attachments: [used] }));
    const before = await ticketCount(h, player.id);
    for (const bad of [someoneElses, expired, used, randomUUID()]) {
      const answer = await call(h, 'createInquiry', { token: player.token, body: platformBody({ attachments: [mine, bad] }) });
      expectFailure(answer, 404, ERROR_CODES.notFound, 'attachmentInvalid');
    }
    expect(await ticketCount(h, player.id)).toBe(before);
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
    expect(await ticketCount(h, player.id)).toBe(0);
    expect(await countRows(h.db, 'files WHERE owner_account_id = $1 AND ticket_id IS NULL', [player.id])).toBe(2);
  });
});
