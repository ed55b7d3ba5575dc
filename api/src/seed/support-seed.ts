import path from 'node:path';
import { DOWNLOAD_PLATFORMS, INPUT_BOUNDS, LANGUAGES, type Language } from 'shared-contracts';
import { z } from 'zod';
import { API_ROOT } from '../config.js';
import type { Database, Queryable, SqlValue } from '../db/database.js';
import { lockSeeding } from './games-seed.js';
import { readSeedFile } from './seed-file.js';

export const SUPPORT_SEED_FILE = path.join(API_ROOT, 'seed', 'support.json');

const idSchema = z.number().int().positive().max(INPUT_BOUNDS.idMax);
const keySchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]*$/)
  .max(INPUT_BOUNDS.supportIdMaxLength);
const httpUrl = z.url({ protocol: /^https?$/ }).max(2_000);

/** A text in every one of the 16 languages: the seed is the demo site, nothing may fall back to English. */
function allLanguages<Schema extends z.ZodType>(schema: Schema) {
  return z.record(z.enum(LANGUAGES), schema);
}

const nameSchema = z.string().trim().min(1).max(100);
const names = allLanguages(nameSchema);

const faqTextSchema = z.object({
  title: z.string().trim().min(1).max(80),
  answer: z.string().trim().min(1).max(1_000),
});

export const supportSeedSchema = z
  .strictObject({
    faqTypes: z.array(z.strictObject({ id: idSchema, name: names })).min(1),
    /** Help topics; `games: "all"` for the general ones every game shows. */
    faqs: z
      .array(
        z.strictObject({
          id: idSchema,
          typeId: idSchema,
          games: z.union([z.literal('all'), z.array(idSchema).min(1)]),
          text: allLanguages(faqTextSchema),
        }),
      )
      .min(1),
    inquiryCategories: z.array(z.strictObject({ id: idSchema, name: names })).min(1),
    /** Region names by region id; a server's areas name them. */
    regions: z.record(keySchema, names),
    games: z.array(
      z.strictObject({
        gameId: idSchema,
        servers: z.array(
          z.strictObject({
            id: z
              .string()
              .regex(/^s[a-z0-9_-]*$/)
              .min(2)
              .max(INPUT_BOUNDS.supportIdMaxLength),
            name: nameSchema,
            areas: z.array(keySchema).min(1),
          }),
        ),
        downloads: z.array(z.strictObject({ platform: z.enum(DOWNLOAD_PLATFORMS), url: httpUrl })),
      }),
    ),
    /** Demo characters, by the demo account's name. */
    roles: z.array(
      z.strictObject({
        account: z.string().min(1).max(64),
        gameId: idSchema,
        serverId: z.string().regex(/^s/),
        areaId: keySchema,
        roleId: keySchema,
        roleName: z.string().trim().min(1).max(64),
        level: z.number().int().min(0),
      }),
    ),
  })
  .superRefine((seed, context) => {
    const unique = <T>(items: readonly T[], key: (item: T) => unknown, where: string) => {
      const seen = new Set<unknown>();
      for (const [index, item] of items.entries()) {
        const value = key(item);
        if (seen.has(value)) context.addIssue({ code: 'custom', path: [where, index], message: `duplicate ${String(value)}` });
        seen.add(value);
      }
    };
    unique(seed.faqTypes, (type) => type.id, 'faqTypes');
    unique(seed.faqs, (faq) => faq.id, 'faqs');
    unique(seed.inquiryCategories, (category) => category.id, 'inquiryCategories');
    unique(seed.games, (game) => game.gameId, 'games');
    unique(seed.roles, (role) => `${role.gameId}/${role.serverId}/${role.roleId}`, 'roles');
    const types = new Set(seed.faqTypes.map((type) => type.id));
    for (const [index, faq] of seed.faqs.entries()) {
      if (!types.has(faq.typeId)) context.addIssue({ code: 'custom', path: ['faqs', index, 'typeId'], message: 'unknown type' });
    }
    const areas = new Set<string>();
    for (const [gameIndex, game] of seed.games.entries()) {
      unique(game.servers, (server) => server.id, `games.${gameIndex}.servers`);
      for (const [serverIndex, server] of game.servers.entries()) {
        for (const area of server.areas) {
          if (!(area in seed.regions)) {
            context.addIssue({ code: 'custom', path: ['games', gameIndex, 'servers', serverIndex], message: `unknown region ${area}` });
          }
          areas.add(`${game.gameId}/${server.id}/${area}`);
        }
      }
      unique(game.downloads, (download) => download.platform, `games.${gameIndex}.downloads`);
    }
    for (const [index, role] of seed.roles.entries()) {
      if (!areas.has(`${role.gameId}/${role.serverId}/${role.areaId}`)) {
        context.addIssue({ code: 'custom', path: ['roles', index], message: 'unknown game, server or region' });
      }
    }
  });
export type SupportSeed = z.infer<typeof supportSeedSchema>;

export async function readSupportSeed(file: string = SUPPORT_SEED_FILE): Promise<SupportSeed> {
  return readSeedFile(file, supportSeedSchema);
}

export interface SupportSeedResult {
  faqTypes: number;
  faqs: number;
  inquiryCategories: number;
  servers: number;
  areas: number;
  downloads: number;
  roles: number;
  /** Roles of accounts that do not exist (the demo accounts were not loaded). */
  rolesSkipped: number;
}

async function replaceTexts(
  tx: Queryable,
  table: string,
  keyColumns: readonly string[],
  key: readonly SqlValue[],
  texts: Partial<Record<Language, Record<string, string>>>,
): Promise<void> {
  const entries = Object.entries(texts).filter((entry): entry is [string, Record<string, string>] => entry[1] !== undefined);
  const first = entries[0]?.[1];
  if (!first) return;
  const valueColumns = Object.keys(first);
  const columns = [...keyColumns, 'lang', ...valueColumns];
  const placeholders = columns.map((_, index) => `$${index + 1}`).join(', ');
  const updates = valueColumns.map((column) => `${column} = EXCLUDED.${column}`).join(', ');
  const where = keyColumns.map((column, index) => `${column} = $${index + 1}`).join(' AND ');
  for (const [lang, values] of entries) {
    await tx.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders})
       ON CONFLICT (${[...keyColumns, 'lang'].join(', ')}) DO UPDATE SET ${updates}`,
      [...key, lang, ...valueColumns.map((column) => values[column] ?? null)],
    );
  }
  await tx.query(`DELETE FROM ${table} WHERE ${where} AND NOT (lang = ANY($${keyColumns.length + 1}::text[]))`, [
    ...key,
    entries.map(([lang]) => lang),
  ]);
}

function nameTexts(record: Partial<Record<Language, string>>): Partial<Record<Language, { name: string }>> {
  return Object.fromEntries(Object.entries(record).map(([lang, name]) => [lang, { name }]));
}

/** The tables of an ordered list of named entries (the FAQ types, the inquiry categories). */
interface NamedListTables {
  table: string;
  textsTable: string;
  textsKey: string;
}

/** Upserts an ordered list of named entries in the seed's order, with their names per language; returns how many. */
async function upsertNamedList(
  tx: Queryable,
  { table, textsTable, textsKey }: NamedListTables,
  entries: readonly { id: number; name: Partial<Record<Language, string>> }[],
): Promise<number> {
  for (const [order, entry] of entries.entries()) {
    await tx.query(
      `INSERT INTO ${table} (id, sort_order) VALUES ($1, $2)
       ON CONFLICT (id) DO UPDATE SET sort_order = EXCLUDED.sort_order`,
      [entry.id, order],
    );
    await replaceTexts(tx, textsTable, [textsKey], [entry.id], nameTexts(entry.name));
  }
  return entries.length;
}

/**
 * Upserts the support reference data in one transaction; running it again changes nothing. Games must exist
 * (seed the games first); roles whose account does not exist are skipped. Rows the seed no longer lists are kept
 * (tickets may reference them), except texts and a seeded topic's game links, which the seed owns.
 */
export async function seedSupport(db: Database, seed: SupportSeed): Promise<SupportSeedResult> {
  return db.transaction(async (tx) => {
    await lockSeeding(tx);
    const result: SupportSeedResult = {
      faqTypes: 0,
      faqs: 0,
      inquiryCategories: 0,
      servers: 0,
      areas: 0,
      downloads: 0,
      roles: 0,
      rolesSkipped: 0,
    };
    result.faqTypes = await upsertNamedList(tx, { table: 'faq_types', textsTable: 'faq_type_texts', textsKey: 'type_id' }, seed.faqTypes);
    const { rows: gameRows } = await tx.query<{ id: number }>('SELECT id FROM games ORDER BY id');
    const allGames = gameRows.map((row) => row.id);
    for (const [order, faq] of seed.faqs.entries()) {
      await tx.query(
        `INSERT INTO faqs (id, type_id, sort_order) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET type_id = EXCLUDED.type_id, sort_order = EXCLUDED.sort_order`,
        [faq.id, faq.typeId, order],
      );
      await replaceTexts(tx, 'faq_texts', ['faq_id'], [faq.id], faq.text);
      const games = faq.games === 'all' ? allGames : faq.games;
      await tx.query('DELETE FROM faq_games WHERE faq_id = $1 AND NOT (game_id = ANY($2::int[]))', [faq.id, games]);
      for (const gameId of games) {
        await tx.query('INSERT INTO faq_games (faq_id, game_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [faq.id, gameId]);
      }
      result.faqs += 1;
    }
    result.inquiryCategories = await upsertNamedList(
      tx,
      { table: 'inquiry_categories', textsTable: 'inquiry_category_texts', textsKey: 'category_id' },
      seed.inquiryCategories,
    );
    for (const game of seed.games) {
      for (const [order, server] of game.servers.entries()) {
        await tx.query(
          `INSERT INTO game_servers (game_id, id, name, sort_order) VALUES ($1, $2, $3, $4)
           ON CONFLICT (game_id, id) DO UPDATE SET name = EXCLUDED.name, sort_order = EXCLUDED.sort_order`,
          [game.gameId, server.id, server.name, order],
        );
        result.servers += 1;
        for (const [areaOrder, area] of server.areas.entries()) {
          await tx.query(
            `INSERT INTO game_areas (game_id, server_id, id, sort_order) VALUES ($1, $2, $3, $4)
             ON CONFLICT (game_id, server_id, id) DO UPDATE SET sort_order = EXCLUDED.sort_order`,
            [game.gameId, server.id, area, areaOrder],
          );
          await replaceTexts(
            tx,
            'game_area_texts',
            ['game_id', 'server_id', 'area_id'],
            [game.gameId, server.id, area],
            nameTexts(seed.regions[area] ?? {}),
          );
          result.areas += 1;
        }
      }
      await tx.query('DELETE FROM game_downloads WHERE game_id = $1 AND NOT (platform = ANY($2::text[]))', [
        game.gameId,
        game.downloads.map((download) => download.platform),
      ]);
      for (const download of game.downloads) {
        await tx.query(
          `INSERT INTO game_downloads (game_id, platform, url) VALUES ($1, $2, $3)
           ON CONFLICT (game_id, platform) DO UPDATE SET url = EXCLUDED.url`,
          [game.gameId, download.platform, download.url],
        );
        result.downloads += 1;
      }
    }
    for (const role of seed.roles) {
      const { rows } = await tx.query<{ id: number }>('SELECT id FROM accounts WHERE lower(account) = lower($1)', [role.account]);
      const accountId = rows[0]?.id;
      if (accountId === undefined) {
        result.rolesSkipped += 1;
        continue;
      }
      await tx.query(
        `INSERT INTO game_roles (game_id, server_id, id, area_id, account_id, name, level) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (game_id, server_id, id) DO UPDATE SET
           area_id = EXCLUDED.area_id, account_id = EXCLUDED.account_id, name = EXCLUDED.name, level = EXCLUDED.level,
           updated_at = now()`,
        [role.gameId, role.serverId, role.roleId, role.areaId, accountId, role.roleName, role.level],
      );
      result.roles += 1;
    }
    return result;
  });
}
