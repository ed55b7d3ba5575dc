import { ERROR_CODES, LIMITS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { removeExpiredUploads } from '../src/files/cleanup.js';
import { DiskFileStore } from '../src/files/store.js';
import { DEFAULT_UPLOAD_QUOTAS, pruneUploadUsage, type UploadQuotas } from '../src/files/upload-quota.js';
import { bearer, call, expectFailure, okData } from './api-calls.js';
import { harnessForFile, injectJson, type JsonAnswer } from './helpers.js';
import { heldTextUpload } from './multipart-bodies.js';
import {
  createFilesHarness,
  newAccount,
  rowsOf,
  storedFiles,
  uploadAs,
  uploaded,
  type Account,
  type FilesHarness,
} from './files-helpers.js';

/**
 * The upload quota per account over time (security review): LIMITS.pendingUploadsMax bounds the files an account
 * holds, and uploading then discarding went on for ever. Every upload counts within the hour, whatever became of it.
 */
const harness = harnessForFile(createFilesHarness);

const PLAYER = DEFAULT_UPLOAD_QUOTAS.player;
const QUOTA_KEY = 'uploadQuotaReached';

function discard(on: FilesHarness, account: Account, fileId: string): Promise<JsonAnswer> {
  return call(on, 'discardFile', { token: account.token, body: { fileId } });
}

/** Uploads `count` small files as `account`, discarding each once it is stored: never more than one pending. */
async function uploadAndDiscard(on: FilesHarness, account: Account, count: number, prefix = 'churn'): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const file = uploaded(await uploadAs(on, account, `${prefix}-${index}.txt`, `${prefix} ${index}`));
    okData('discardFile', await discard(on, account, file.fileId));
  }
}

/**
 * The answer to an upload by `account` whose body is held half-way: only a refusal made before its bytes are read
 * can come while the rest waits.
 */
async function answerWhileHeld(on: FilesHarness, account: Account, name: string, text: string): Promise<JsonAnswer> {
  const held = heldTextUpload(name, text);
  let answer: JsonAnswer | undefined;
  const answering = injectJson(on.app, {
    method: 'POST',
    url: '/files',
    headers: { ...bearer(account.token), 'content-type': held.contentType, 'content-length': String(held.contentLength) },
    payload: held.stream,
  }).then((answered) => (answer = answered));
  try {
    await expect.poll(() => answer, { timeout: 10_000 }).toBeDefined();
  } finally {
    held.release();
  }
  await answering;
  return answer as JsonAnswer;
}

function expectQuotaReached(answer: JsonAnswer): number {
  expectFailure(answer, 429, ERROR_CODES.tooManyRequests, QUOTA_KEY);
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(PLAYER.windowSeconds);
  return retryAfter;
}

async function usageOf(on: FilesHarness, account: Account): Promise<{ count: number; bytes: number }> {
  const { rows } = await on.db.query<{ count: number; bytes: string | number }>(
    'SELECT count(*)::int AS count, coalesce(sum(bytes), 0) AS bytes FROM upload_usage WHERE account_id = $1',
    [account.id],
  );
  return { count: rows[0]?.count ?? -1, bytes: Number(rows[0]?.bytes ?? -1) };
}

describe('the upload quota per account', () => {
  it(`refuses the upload past ${PLAYER.uploads} an hour with 4290 ${QUOTA_KEY}, though each was discarded, before reading its bytes; others upload on`, async () => {
    const owner = await newAccount(harness);
    const other = await newAccount(harness);
    await uploadAndDiscard(harness, owner, PLAYER.uploads);
    expect(await rowsOf(harness, owner)).toBe(0);
    const before = await storedFiles(harness);

    const retryAfter = expectQuotaReached(await answerWhileHeld(harness, owner, 'one-more.txt', 'One upload too many in the hour.'));
    // The first of the hour's uploads frees a place when it is an hour old, a moment from now.
    expect(retryAfter).toBeGreaterThan(PLAYER.windowSeconds - 60);
    expect(await rowsOf(harness, owner)).toBe(0);
    expect(await storedFiles(harness)).toEqual(before);
    // A refused upload is not counted: refusals do not push the retry further away.
    expect((await usageOf(harness, owner)).count).toBe(PLAYER.uploads);
    expectQuotaReached(await uploadAs(harness, owner, 'again.txt', 'again'));
    expect((await usageOf(harness, owner)).count).toBe(PLAYER.uploads);

    // Per account: someone else is not held back.
    uploaded(await uploadAs(harness, other, 'mine.txt', 'mine'));
  });

  it('counts the uploads refused after reading and those kept pending as well as the discarded', async () => {
    const owner = await newAccount(harness);
    const kept = LIMITS.pendingUploadsMax - 1;
    for (let index = 0; index < kept; index += 1) uploaded(await uploadAs(harness, owner, `kept-${index}.txt`, `kept ${index}`));
    const refusedAfterReading = 10;
    for (let index = 0; index < refusedAfterReading; index += 1) {
      expectFailure(await uploadAs(harness, owner, `fake-${index}.png`, 'not a picture'), 400, ERROR_CODES.badRequest, 'typeMismatch');
    }
    await uploadAndDiscard(harness, owner, PLAYER.uploads - kept - refusedAfterReading);
    expectQuotaReached(await uploadAs(harness, owner, 'one-more.txt', 'one more'));
    expect(await rowsOf(harness, owner)).toBe(kept);
  });

  it('lets the window slide: uploads older than an hour no longer count', async () => {
    const owner = await newAccount(harness);
    const early = 10;
    await uploadAndDiscard(harness, owner, early, 'early');
    harness.clock.advance({ minutes: 30 });
    await uploadAndDiscard(harness, owner, PLAYER.uploads - early, 'late');
    const retryAfter = expectQuotaReached(await uploadAs(harness, owner, 'too-soon.txt', 'too soon'));
    // The early ones leave the window 30 minutes from now.
    expect(retryAfter).toBeGreaterThan(29 * 60);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);

    harness.clock.advance({ minutes: 29 });
    expectQuotaReached(await uploadAs(harness, owner, 'still-too-soon.txt', 'still too soon'));
    harness.clock.advance({ minutes: 1, seconds: 1 });
    // Exactly the early ones have left it.
    await uploadAndDiscard(harness, owner, early, 'after');
    expectQuotaReached(await uploadAs(harness, owner, 'one-more.txt', 'one more'));
  });

  it("holds agents to their own, larger quota, not the players'", async () => {
    const agent = await newAccount(harness, 'agent');
    await uploadAndDiscard(harness, agent, PLAYER.uploads + 1);
    expect(DEFAULT_UPLOAD_QUOTAS.agent.uploads).toBeGreaterThan(PLAYER.uploads);
  });

  it('is pruned by the hourly cleanup only past the window; the removal of expired uploads leaves it alone', async () => {
    const owner = await newAccount(harness);
    await uploadAndDiscard(harness, owner, 5, 'old');
    harness.clock.advance({ minutes: 40 });
    // Pending: the expiry removes their rows after a day, while their record follows the quota's window.
    for (let index = 0; index < 5; index += 1) uploaded(await uploadAs(harness, owner, `recent-${index}.txt`, `recent ${index}`));
    harness.clock.advance({ minutes: 21 });
    await pruneUploadUsage(harness.db, DEFAULT_UPLOAD_QUOTAS, harness.clock.now());
    // The five of 61 minutes ago are gone, the five of 21 minutes ago kept: they still count.
    expect((await usageOf(harness, owner)).count).toBe(5);
    await removeExpiredUploads({ db: harness.db, store: new DiskFileStore(harness.filesDir), now: harness.clock.now }, () => undefined);
    expect((await usageOf(harness, owner)).count).toBe(5);
    await uploadAndDiscard(harness, owner, PLAYER.uploads - 5, 'more');
    expectQuotaReached(await uploadAs(harness, owner, 'one-more.txt', 'one more'));
  });
});

/** Small quotas, so the bytes can be reached with small files. */
const SMALL_QUOTAS: UploadQuotas = {
  player: { uploads: 100, bytes: 4_096, windowSeconds: 60 * 60 },
  agent: { uploads: 3, bytes: 1024 * 1024, windowSeconds: 60 * 60 },
};
const small = harnessForFile(() => createFilesHarness({ uploadQuotas: SMALL_QUOTAS }));

describe('the upload quota in bytes', () => {
  it('counts the bytes received, and refuses before reading an upload whose Content-Length would pass it', async () => {
    const owner = await newAccount(small);
    const text = 'x'.repeat(1_500);
    const first = uploaded(await uploadAs(small, owner, 'first.txt', text));
    // Taken at the declared length, then corrected to the file's bytes.
    expect(await usageOf(small, owner)).toEqual({ count: 1, bytes: 1_500 });
    okData('discardFile', await discard(small, owner, first.fileId));
    uploaded(await uploadAs(small, owner, 'second.txt', text));
    expect(await usageOf(small, owner)).toEqual({ count: 2, bytes: 3_000 });

    // 3,000 and a body of some 1,700 bytes is more than 4,096: refused while its bytes are still on the way.
    expectFailure(await answerWhileHeld(small, owner, 'third.txt', text), 429, ERROR_CODES.tooManyRequests, QUOTA_KEY);
    expect(await usageOf(small, owner)).toEqual({ count: 2, bytes: 3_000 });

    // A file that fits in what is left still goes.
    uploaded(await uploadAs(small, owner, 'short.txt', 'y'.repeat(500)));
    expect(await usageOf(small, owner)).toEqual({ count: 3, bytes: 3_500 });
    expectFailure(await uploadAs(small, owner, 'short-again.txt', 'y'.repeat(500)), 429, ERROR_CODES.tooManyRequests, QUOTA_KEY);

    // An hour after the first, its bytes are free again.
    small.clock.advance({ hours: 1 });
    uploaded(await uploadAs(small, owner, 'later.txt', 'z'.repeat(500)));
  });

  it('applies the agents’ quota to agents', async () => {
    const agent = await newAccount(small, 'agent');
    await uploadAndDiscard(small, agent, SMALL_QUOTAS.agent.uploads);
    expectFailure(await uploadAs(small, agent, 'one-more.txt', 'one more'), 429, ERROR_CODES.tooManyRequests, QUOTA_KEY);
    // A player's quota is another.
    uploaded(await uploadAs(small, await newAccount(small), 'mine.txt', 'mine'));
  });
});
