import { ERROR_CODES, INPUT_BOUNDS, LIMITS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { cleanFileName } from '../src/files/file-names.js';
import { bearer, expectFailure } from './api-calls.js';
import { png } from './files-fixtures.js';
import { heldTextUpload, multipart } from './multipart-bodies.js';
import { harnessForFile, injectJson, type JsonAnswer } from './helpers.js';
import {
  attachToTicket,
  createFilesHarness,
  newAccount,
  ONE_FILE_ONLY,
  post,
  rowsOf,
  storedFiles,
  uploadAs,
  uploaded,
} from './files-helpers.js';

const harness = harnessForFile(createFilesHarness);

describe('POST /files', () => {
  describe('the multipart body', () => {
    it('refuses a second file field, keeping neither file', async () => {
      const owner = await newAccount(harness);
      const before = await storedFiles(harness);
      const body = multipart([
        { field: 'file', fileName: 'one.png', content: png() },
        { field: 'file', fileName: 'two.png', content: png() },
      ]);
      expectFailure(await post(harness, owner.token, body), 400, ERROR_CODES.badRequest, ONE_FILE_ONLY);
      expect(await rowsOf(harness, owner)).toBe(0);
      expect(await storedFiles(harness)).toEqual(before);
    });

    it('refuses other fields before or after the file, the file in another field, and no file', async () => {
      const owner = await newAccount(harness);
      const bodies = [
        multipart([
          { field: 'note', content: 'hello' },
          { field: 'file', fileName: 'one.png', content: png() },
        ]),
        multipart([
          { field: 'file', fileName: 'one.png', content: png() },
          { field: 'note', content: 'hello' },
        ]),
        multipart([{ field: 'upload', fileName: 'one.png', content: png() }]),
        multipart([{ field: 'file', content: 'not a file part' }]),
        multipart([]),
      ];
      for (const body of bodies) expectFailure(await post(harness, owner.token, body), 400, ERROR_CODES.badRequest, ONE_FILE_ONLY);
      expect(await rowsOf(harness, owner)).toBe(0);
    });

    it('refuses a body cut off in the middle of the file', async () => {
      const owner = await newAccount(harness);
      const whole = multipart([{ field: 'file', fileName: 'cut.png', content: png() }]);
      const answer = await post(harness, owner.token, { ...whole, payload: whole.payload.subarray(0, whole.payload.length - 30) });
      expectFailure(answer, 400, ERROR_CODES.badRequest, 'Malformed multipart body');
      expect(await rowsOf(harness, owner)).toBe(0);
    });

    it('refuses JSON and other content types with 415', async () => {
      const owner = await newAccount(harness);
      for (const [type, payload] of [
        ['application/json', '{"file":"iVBORw0KGgo="}'],
        ['application/octet-stream', png()],
        ['text/plain', 'hello'],
      ] as const) {
        const answer = await injectJson(harness.app, {
          method: 'POST',
          url: '/files',
          headers: { ...bearer(owner.token), 'content-type': type },
          payload,
        });
        expect(answer.status, type).toBe(415);
        expect(answer.body).toMatchObject({ code: ERROR_CODES.badRequest, data: null });
      }
    });

    it('is refused without a session before anything is read', async () => {
      const body = multipart([{ field: 'file', fileName: 'one.png', content: png() }]);
      expectFailure(await post(harness, undefined, body), 401, ERROR_CODES.sessionInvalid, /./);
      expectFailure(await post(harness, 'not-a-token', body), 401, ERROR_CODES.sessionInvalid, /./);
    });

    it('still accepts multipart only on the upload endpoint', async () => {
      const body = multipart([{ field: 'code', content: '1106' }]);
      const answer = await injectJson(harness.app, {
        method: 'POST',
        url: '/client-errors',
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(answer.status).toBe(415);
    });
  });

  describe('file names', () => {
    it.each([
      ['../../etc/passwd.png', 'passwd.png'],
      ['C:\\fakepath\\screenshot.png', 'screenshot.png'],
      ['in\u0001vo\u0007ice\u202Egnp.exe.png', 'invoicegnp.exe.png'],
      ['\u2066report\u2069 \u200Bfinal\u200F.PNG', 'report final.PNG'],
      ['  ..hidden  \t name.png. ', 'hidden name.png'],
      ['what?<is>this|*:.png', 'what__is_this___.png'],
      ['Cafe\u0301 menu.png', 'Café menu.png'],
    ])('keeps %j as %j', async (sent, kept) => {
      const owner = await newAccount(harness);
      const attachment = uploaded(await uploadAs(harness, owner, sent, png()));
      expect(attachment.name).toBe(kept);
      const { rows } = await harness.db.query<{ name: string }>('SELECT name FROM files WHERE id = $1', [attachment.fileId]);
      expect(rows[0]?.name).toBe(kept);
    });

    it('cuts a 300-character name to the maximum, keeping the extension', async () => {
      const owner = await newAccount(harness);
      const long = uploaded(await uploadAs(harness, owner, `${'x'.repeat(296)}.png`, png()));
      expect(long.name).toBe(`${'x'.repeat(INPUT_BOUNDS.fileNameMaxLength - 4)}.png`);
      const emoji = uploaded(await uploadAs(harness, owner, `${'😀'.repeat(296)}.png`, png()));
      expect([...emoji.name]).toHaveLength(INPUT_BOUNDS.fileNameMaxLength);
      expect(emoji.name.endsWith('😀.png')).toBe(true);
      const { rows } = await harness.db.query<{ length: number }>('SELECT length(name) AS length FROM files WHERE id = $1', [emoji.fileId]);
      expect(rows[0]?.length).toBe(INPUT_BOUNDS.fileNameMaxLength);
    });

    it('cleans names the parser alone would keep', () => {
      expect(cleanFileName('a\u0000b.png')).toBe('ab.png');
      expect(cleanFileName('evil\u202Egnp.exe')).toBe('evilgnp.exe');
      expect(cleanFileName('..')).toBe('file');
      expect(cleanFileName('\u0000\u0001')).toBe('file');
      expect(cleanFileName('dir/sub\\name.pdf')).toBe('name.pdf');
      expect(cleanFileName('line\u2028break.txt')).toBe('linebreak.txt');
      expect(cleanFileName(`${'y'.repeat(200)}.${'e'.repeat(40)}`)).toBe('y'.repeat(INPUT_BOUNDS.fileNameMaxLength));
    });
  });

  describe('pending uploads', () => {
    it(`allows at most ${LIMITS.pendingUploadsMax} unattached uploads per account`, async () => {
      const owner = await newAccount(harness);
      const other = await newAccount(harness);
      for (let index = 0; index < LIMITS.pendingUploadsMax; index += 1)
        uploaded(await uploadAs(harness, owner, `note-${index}.txt`, `note ${index}`));
      const before = await storedFiles(harness);
      expectFailure(await uploadAs(harness, owner, 'one-more.txt', 'one more'), 429, ERROR_CODES.tooManyRequests, 'tooManyUploads');
      expect(await storedFiles(harness)).toEqual(before);
      // Per account: someone else is not held back.
      uploaded(await uploadAs(harness, other, 'mine.txt', 'mine'));
      // Attaching one makes room for one more.
      const { rows } = await harness.db.query<{ id: string }>('SELECT id FROM files WHERE owner_account_id = $1 LIMIT 1', [owner.id]);
      await attachToTicket(harness, rows[0]?.id ?? '', owner);
      uploaded(await uploadAs(harness, owner, 'one-more.txt', 'one more'));
      expectFailure(await uploadAs(harness, owner, 'and-another.txt', 'and another'), 429, ERROR_CODES.tooManyRequests, 'tooManyUploads');
    });

    it('gives each upload its place before reading it: those beyond the limit are refused while their bytes are still on the way', async () => {
      const owner = await newAccount(harness);
      const before = await storedFiles(harness);
      const extra = 3;
      const uploads = Array.from({ length: LIMITS.pendingUploadsMax + extra }, (_, index) =>
        heldTextUpload(`parallel-${index}.txt`, `parallel upload ${index}`),
      );
      const answered: JsonAnswer[] = [];
      const answers = uploads.map((upload) =>
        injectJson(harness.app, {
          method: 'POST',
          url: '/files',
          headers: { ...bearer(owner.token), 'content-type': upload.contentType, 'content-length': String(upload.contentLength) },
          payload: upload.stream,
        }).then((answer) => {
          answered.push(answer);
          return answer;
        }),
      );
      try {
        // Every body is held half-way: only refusals made before reading can have been answered.
        await expect.poll(() => answered.length, { timeout: 10_000 }).toBe(extra);
        for (const refused of answered) expectFailure(refused, 429, ERROR_CODES.tooManyRequests, 'tooManyUploads');
        expect(await rowsOf(harness, owner)).toBe(LIMITS.pendingUploadsMax);
      } finally {
        for (const upload of uploads) upload.release();
      }
      const all = await Promise.all(answers);
      expect(all.filter((answer) => answer.status === 200)).toHaveLength(LIMITS.pendingUploadsMax);
      const { rows } = await harness.db.query<{ state: string }>('SELECT state FROM files WHERE owner_account_id = $1', [owner.id]);
      expect(rows.map((row) => row.state)).toEqual(Array(LIMITS.pendingUploadsMax).fill('stored'));
      expect((await storedFiles(harness)).filter((file) => !before.includes(file))).toHaveLength(LIMITS.pendingUploadsMax);
    });

    it('gives the place of a refused upload back', async () => {
      const owner = await newAccount(harness);
      for (let index = 0; index < LIMITS.pendingUploadsMax - 1; index += 1)
        uploaded(await uploadAs(harness, owner, `note-${index}.txt`, `note ${index}`));
      expectFailure(await uploadAs(harness, owner, 'empty.txt', ''), 400, ERROR_CODES.badRequest, 'fileEmpty');
      expectFailure(await uploadAs(harness, owner, 'fake.png', 'not a picture'), 400, ERROR_CODES.badRequest, 'typeMismatch');
      expectFailure(
        await post(
          harness,
          owner.token,
          multipart([
            { field: 'file', fileName: 'a.txt', content: 'a' },
            { field: 'file', fileName: 'b.txt', content: 'b' },
          ]),
        ),
        400,
        ERROR_CODES.badRequest,
        ONE_FILE_ONLY,
      );
      expect(await rowsOf(harness, owner)).toBe(LIMITS.pendingUploadsMax - 1);
      uploaded(await uploadAs(harness, owner, 'last.txt', 'the last one'));
    });

    it('holds the limit when uploads arrive together', async () => {
      const owner = await newAccount(harness);
      for (let index = 0; index < LIMITS.pendingUploadsMax - 2; index += 1)
        uploaded(await uploadAs(harness, owner, `note-${index}.txt`, `note ${index}`));
      const answers = await Promise.all(
        [0, 1, 2, 3, 4].map((index) => uploadAs(harness, owner, `together-${index}.txt`, `together ${index}`)),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3);
      expect(await rowsOf(harness, owner)).toBe(LIMITS.pendingUploadsMax);
    });
  });
});
