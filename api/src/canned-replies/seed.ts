import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LANGUAGES, LIMITS } from 'shared-contracts';
import { cannedReplyFieldsSchema } from 'shared-contracts/schemas';
import { z } from 'zod';
import { API_ROOT } from '../config.js';
import type { Database } from '../db/database.js';
import { lockSeeding } from '../seed/games-seed.js';

export const CANNED_REPLIES_SEED_FILE = path.join(API_ROOT, 'seed', 'canned-replies.json');

/** Every one of the 16 languages has its demo replies, held to the rules agents' own replies meet. */
const seedSchema = z.record(
  z.enum(LANGUAGES),
  z
    .array(cannedReplyFieldsSchema.pick({ title: true, body: true }))
    .min(1)
    .max(LIMITS.cannedRepliesPerLanguageMax),
);
export type CannedRepliesSeed = z.output<typeof seedSchema>;

export async function readCannedRepliesSeed(file = CANNED_REPLIES_SEED_FILE): Promise<CannedRepliesSeed> {
  const parsed = seedSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 10).map((issue) => `  [${issue.path.join('.')}] ${issue.message}`);
    throw new Error(`Invalid seed file ${file}:\n${problems.join('\n')}`);
  }
  return parsed.data;
}

/**
 * The demo site's canned replies: a language gets the seed's only while it has none, so what agents changed or
 * deleted stays as they left it when the API starts again. Answers how many were added.
 */
export async function seedCannedReplies(db: Database, seed: CannedRepliesSeed, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await lockSeeding(tx);
    let added = 0;
    for (const [language, replies] of Object.entries(seed)) {
      const { rows } = await tx.query<{ present: boolean }>('SELECT EXISTS (SELECT 1 FROM canned_replies WHERE lang = $1) AS present', [
        language,
      ]);
      if (rows[0]?.present) continue;
      for (const reply of replies) {
        await tx.query('INSERT INTO canned_replies (lang, title, body, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)', [
          language,
          reply.title,
          reply.body,
          now,
        ]);
        added += 1;
      }
    }
    return added;
  });
}
