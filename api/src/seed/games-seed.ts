import path from 'node:path';
import { INPUT_BOUNDS } from 'shared-contracts';
import { languageSchema } from 'shared-contracts/schemas';
import { z } from 'zod';
import { API_ROOT } from '../config.js';
import type { Database, Queryable } from '../db/database.js';
import { readSeedFile } from './seed-file.js';

export const GAMES_SEED_FILE = path.join(API_ROOT, 'seed', 'games.json');

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const httpUrl = z.url({ protocol: /^https?$/ }).max(2_000);

const seedSectionSchema = z.object({
  /** URL anchor (`/GamesDetails/3#story`). */
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/)
    .max(64),
  title: z.string().min(1).max(200),
  body: z.string().max(20_000),
});

const seedTextSchema = z.object({
  subTitle: z.string().max(500),
  genre: z.string().max(100),
  sections: z.array(seedSectionSchema).max(50),
});

export const seedGameSchema = z.object({
  id: z.number().int().positive().max(INPUT_BOUNDS.idMax),
  slug: z.string().regex(SLUG_PATTERN).max(64),
  title: z.string().min(1).max(200),
  sortOrder: z.number().int(),
  links: z.object({
    payment: httpUrl.nullable(),
    replenishment: httpUrl.nullable(),
  }),
  // English is required: it is the fallback for every language a game has no text in.
  text: z.partialRecord(languageSchema, seedTextSchema).refine((text) => text.en !== undefined, {
    message: 'needs an "en" entry (the fallback language)',
  }),
});
export type SeedGame = z.infer<typeof seedGameSchema>;

export const gamesSeedSchema = z
  .array(seedGameSchema)
  .min(1)
  .superRefine((games, context) => {
    for (const key of ['id', 'slug'] as const) {
      const seen = new Set<unknown>();
      for (const [index, game] of games.entries()) {
        if (seen.has(game[key])) {
          context.addIssue({ code: 'custom', path: [index, key], message: `duplicate ${key} ${String(game[key])}` });
        }
        seen.add(game[key]);
      }
    }
  });

export async function readGamesSeed(file: string = GAMES_SEED_FILE): Promise<SeedGame[]> {
  return readSeedFile(file, gamesSeedSchema);
}

/** One arbitrary 64-bit key shared by every replica seeding the same database (see MIGRATION_LOCK_KEY). */
const SEED_LOCK_KEY = '7305221001843';

/**
 * Replicas starting together seed one after the other: an upsert keyed by id still fails on another unique column
 * (a game's slug) while a concurrent transaction's insert of the same row is in flight.
 */
export async function lockSeeding(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [SEED_LOCK_KEY]);
}

export interface SeedResult {
  games: number;
  texts: number;
}

/**
 * Upserts the games and their texts in one transaction, so running it again changes nothing and a reader never
 * sees half a catalogue. The seed is the source of a seeded game's texts: languages it no longer lists are removed.
 * Games absent from the seed are kept (tickets may reference them); unpublish them instead.
 */
export async function seedGames(db: Database, games: readonly SeedGame[]): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await lockSeeding(tx);
    let texts = 0;
    for (const game of games) {
      await tx.query(
        `INSERT INTO games (id, slug, title, sort_order, payment_url, replenishment_url)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO UPDATE SET
           slug = EXCLUDED.slug, title = EXCLUDED.title, sort_order = EXCLUDED.sort_order,
           payment_url = EXCLUDED.payment_url, replenishment_url = EXCLUDED.replenishment_url,
           updated_at = now()`,
        [game.id, game.slug, game.title, game.sortOrder, game.links.payment, game.links.replenishment],
      );
      const languages: string[] = [];
      for (const [lang, text] of Object.entries(game.text)) {
        if (!text) continue;
        languages.push(lang);
        texts += 1;
        await tx.query(
          `INSERT INTO game_texts (game_id, lang, sub_title, genre, sections)
           VALUES ($1, $2, $3, $4, $5::jsonb)
           ON CONFLICT (game_id, lang) DO UPDATE SET
             sub_title = EXCLUDED.sub_title, genre = EXCLUDED.genre, sections = EXCLUDED.sections,
             updated_at = now()`,
          [game.id, lang, text.subTitle, text.genre, JSON.stringify(text.sections)],
        );
      }
      await tx.query('DELETE FROM game_texts WHERE game_id = $1 AND NOT (lang = ANY($2::text[]))', [game.id, languages]);
    }
    return { games: games.length, texts };
  });
}
