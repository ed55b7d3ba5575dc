import { ERROR_CODES, SUPPORT_ERRORS, type Faq, type GameDownload, type Language } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { FALLBACK_LANGUAGE } from '../http/call-language.js';
import type { Database } from '../db/database.js';
import { ApiFailure } from '../http/api-failure.js';
import type { PreSerialized } from '../http/envelope.js';
import { renderedAnswer, SnapshotCache, type RenderedAnswers, type SnapshotCacheOptions } from '../cache/snapshot-cache.js';

/** Texts of one thing by language. */
type Texts<Text> = Map<string, Text>;

interface Named {
  id: number;
  names: Texts<string>;
}

interface FaqEntry {
  id: number;
  typeId: number;
  texts: Texts<{ title: string; answer: string }>;
}

interface AreaEntry {
  id: string;
  names: Texts<string>;
}

interface ServerEntry {
  id: string;
  name: string;
  areas: AreaEntry[];
}

interface GameEntry {
  faqs: FaqEntry[];
  servers: ServerEntry[];
  downloads: GameDownload[];
}

interface Reference {
  /** Published games by id. */
  games: Map<number, GameEntry>;
  faqTypes: Named[];
  inquiryCategories: Named[];
  /** Finished envelopes by endpoint, game, language (and server): bounded by the rows above. */
  rendered: RenderedAnswers;
}

function pick<Text>(texts: Texts<Text>, language: Language): Text | undefined {
  return texts.get(language) ?? texts.get(FALLBACK_LANGUAGE) ?? texts.values().next().value;
}

/** Case-insensitive comparison form: Unicode-normalised and lower-cased the same way for text and keyword. */
function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/**
 * The support screens' reference data (help topics, categories, servers, regions, downloads), read from the
 * database as one snapshot and kept in memory like the catalogue. Characters are per player and are not here.
 */
export class SupportReference {
  readonly #cache: SnapshotCache<Reference>;

  constructor(db: Database, options: SnapshotCacheOptions = {}) {
    this.#cache = new SnapshotCache(() => readReference(db), options);
  }

  /** Forget everything loaded; the next read goes to the database. */
  invalidate(): void {
    this.#cache.invalidate();
  }

  async faqTypes(gameId: number, language: Language): Promise<PreSerialized> {
    const reference = await this.#cache.get();
    const game = requireGame(reference, gameId);
    return renderedAnswer(reference.rendered, `faqTypes|${gameId}|${language}`, () => {
      const used = new Set(game.faqs.map((faq) => faq.typeId));
      const data = reference.faqTypes
        .filter((type) => used.has(type.id))
        .map((type) => ({ id: type.id, name: pick(type.names, language) ?? '' }));
      return ENDPOINTS.faqTypes.response.parse(data);
    });
  }

  /** Search results are not kept: every keyword would be a new entry. */
  async faqs(gameId: number, language: Language, typeId: number | undefined, keyword: string | undefined): Promise<Faq[]> {
    const reference = await this.#cache.get();
    const game = requireGame(reference, gameId);
    if (typeId !== undefined && !reference.faqTypes.some((type) => type.id === typeId)) {
      throw new ApiFailure(ERROR_CODES.notFound, SUPPORT_ERRORS.faqTypeNotFound);
    }
    const needle = keyword === undefined ? undefined : fold(keyword);
    const found: Faq[] = [];
    for (const faq of game.faqs) {
      if (typeId !== undefined && faq.typeId !== typeId) continue;
      const text = pick(faq.texts, language);
      if (!text) continue;
      if (needle !== undefined && !fold(text.title).includes(needle) && !fold(text.answer).includes(needle)) continue;
      found.push({ id: faq.id, typeId: faq.typeId, title: text.title, answer: text.answer });
    }
    return found;
  }

  async inquiryTypes(gameId: number, language: Language): Promise<PreSerialized> {
    const reference = await this.#cache.get();
    requireGame(reference, gameId);
    return renderedAnswer(reference.rendered, `inquiryTypes|${language}`, () =>
      ENDPOINTS.inquiryTypes.response.parse(
        reference.inquiryCategories.map((category) => ({ id: category.id, name: pick(category.names, language) ?? '' })),
      ),
    );
  }

  async servers(gameId: number): Promise<PreSerialized> {
    const reference = await this.#cache.get();
    const game = requireGame(reference, gameId);
    return renderedAnswer(reference.rendered, `servers|${gameId}`, () =>
      ENDPOINTS.gameServers.response.parse(game.servers.map((server) => ({ id: server.id, name: server.name }))),
    );
  }

  async areas(gameId: number, serverId: string, language: Language): Promise<PreSerialized> {
    const reference = await this.#cache.get();
    const server = requireServer(requireGame(reference, gameId), serverId);
    return renderedAnswer(reference.rendered, `areas|${gameId}|${server.id}|${language}`, () =>
      ENDPOINTS.gameAreas.response.parse(server.areas.map((area) => ({ id: area.id, name: pick(area.names, language) ?? '' }))),
    );
  }

  /** Checks that the server (and region) exist; the characters themselves are read by the caller. */
  async checkServer(gameId: number, serverId: string, areaId: string | undefined): Promise<void> {
    const reference = await this.#cache.get();
    const server = requireServer(requireGame(reference, gameId), serverId);
    if (areaId !== undefined && !server.areas.some((area) => area.id === areaId)) {
      throw new ApiFailure(ERROR_CODES.notFound, SUPPORT_ERRORS.areaNotFound);
    }
  }

  async downloads(gameId: number): Promise<PreSerialized> {
    const reference = await this.#cache.get();
    const game = requireGame(reference, gameId);
    return renderedAnswer(reference.rendered, `downloads|${gameId}`, () => ENDPOINTS.gameDownloads.response.parse(game.downloads));
  }
}

function requireGame(reference: Reference, gameId: number): GameEntry {
  const game = reference.games.get(gameId);
  if (!game) throw new ApiFailure(ERROR_CODES.notFound, SUPPORT_ERRORS.gameNotFound);
  return game;
}

function requireServer(game: GameEntry, serverId: string): ServerEntry {
  const server = game.servers.find((candidate) => candidate.id === serverId);
  if (!server) throw new ApiFailure(ERROR_CODES.notFound, SUPPORT_ERRORS.serverNotFound);
  return server;
}

type TextsJson<Text> = Record<string, Text>;

async function readReference(db: Database): Promise<Reference> {
  // One transaction, so every part comes from the same committed state even while a seed runs.
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: games } = await tx.query<{ id: number }>('SELECT id FROM games WHERE published ORDER BY id');
    const { rows: types } = await tx.query<{ id: number; names: TextsJson<string> }>(
      `SELECT t.id, COALESCE(jsonb_object_agg(x.lang, x.name) FILTER (WHERE x.lang IS NOT NULL), '{}'::jsonb) AS names
       FROM faq_types t LEFT JOIN faq_type_texts x ON x.type_id = t.id
       GROUP BY t.id ORDER BY t.sort_order, t.id`,
    );
    const { rows: categories } = await tx.query<{ id: number; names: TextsJson<string> }>(
      `SELECT c.id, COALESCE(jsonb_object_agg(x.lang, x.name) FILTER (WHERE x.lang IS NOT NULL), '{}'::jsonb) AS names
       FROM inquiry_categories c LEFT JOIN inquiry_category_texts x ON x.category_id = c.id
       WHERE c.published
       GROUP BY c.id ORDER BY c.sort_order, c.id`,
    );
    const { rows: faqs } = await tx.query<{
      id: number;
      type_id: number;
      games: number[];
      texts: TextsJson<{ title: string; answer: string }>;
    }>(
      `SELECT f.id, f.type_id,
              (SELECT COALESCE(array_agg(g.game_id ORDER BY g.game_id), '{}') FROM faq_games g WHERE g.faq_id = f.id) AS games,
              COALESCE(jsonb_object_agg(x.lang, jsonb_build_object('title', x.title, 'answer', x.answer))
                FILTER (WHERE x.lang IS NOT NULL), '{}'::jsonb) AS texts
       FROM faqs f LEFT JOIN faq_texts x ON x.faq_id = f.id
       WHERE f.published
       GROUP BY f.id ORDER BY f.sort_order, f.id`,
    );
    const { rows: servers } = await tx.query<{ game_id: number; id: string; name: string }>(
      'SELECT game_id, id, name FROM game_servers WHERE published ORDER BY game_id, sort_order, id',
    );
    const { rows: areas } = await tx.query<{ game_id: number; server_id: string; id: string; names: TextsJson<string> }>(
      `SELECT a.game_id, a.server_id, a.id,
              COALESCE(jsonb_object_agg(x.lang, x.name) FILTER (WHERE x.lang IS NOT NULL), '{}'::jsonb) AS names
       FROM game_areas a LEFT JOIN game_area_texts x
         ON x.game_id = a.game_id AND x.server_id = a.server_id AND x.area_id = a.id
       GROUP BY a.game_id, a.server_id, a.id ORDER BY a.game_id, a.server_id, a.sort_order, a.id`,
    );
    const { rows: downloads } = await tx.query<{ game_id: number; platform: GameDownload['platform']; url: string }>(
      `SELECT game_id, platform, url FROM game_downloads
       ORDER BY game_id, CASE platform WHEN 'android' THEN 1 WHEN 'ios' THEN 2 ELSE 3 END`,
    );

    const byGame = new Map<number, GameEntry>(games.map((game) => [game.id, { faqs: [], servers: [], downloads: [] }]));
    for (const faq of faqs) {
      const entry: FaqEntry = { id: faq.id, typeId: faq.type_id, texts: new Map(Object.entries(faq.texts)) };
      for (const gameId of faq.games) byGame.get(gameId)?.faqs.push(entry);
    }
    const serverIndex = new Map<string, ServerEntry>();
    for (const server of servers) {
      const entry: ServerEntry = { id: server.id, name: server.name, areas: [] };
      serverIndex.set(`${server.game_id}/${server.id}`, entry);
      byGame.get(server.game_id)?.servers.push(entry);
    }
    for (const area of areas) {
      serverIndex.get(`${area.game_id}/${area.server_id}`)?.areas.push({ id: area.id, names: new Map(Object.entries(area.names)) });
    }
    for (const download of downloads) byGame.get(download.game_id)?.downloads.push({ platform: download.platform, url: download.url });

    return {
      games: byGame,
      faqTypes: types.map((type) => ({ id: type.id, names: new Map(Object.entries(type.names)) })),
      inquiryCategories: categories.map((category) => ({ id: category.id, names: new Map(Object.entries(category.names)) })),
      rendered: new Map(),
    };
  });
}
