import { gameIdOfClient, type Game, type GameSimple, type Language } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import type { Database } from '../db/database.js';
import { renderedAnswer, SnapshotCache, type RenderedAnswers, type SnapshotCacheOptions } from '../cache/snapshot-cache.js';
import { FALLBACK_LANGUAGE } from '../http/call-language.js';
import type { PreSerialized } from '../http/envelope.js';

/** Artwork every game has under `api/assets/games/<slug>/`. */
export const GAME_ASSET_FILES = {
  cover: 'cover.webp',
  banner: 'banner.webp',
  icon: 'icon.webp',
  logo: 'logo.webp',
} as const;

interface GameText {
  subTitle: string;
  genre: string;
  sections: Game['sections'];
}

interface CatalogGame {
  id: number;
  slug: string;
  title: string;
  paymentUrl: string | null;
  replenishmentUrl: string | null;
  texts: Map<string, GameText>;
}

interface Snapshot {
  games: CatalogGame[];
  /** Finished envelopes by endpoint, language and prefix: at most 2 x 16 x 3 strings. */
  rendered: RenderedAnswers;
}

/** How long a loaded catalogue is served before it is read again, and where refresh errors go. */
export type CatalogOptions = SnapshotCacheOptions;

export function assetUrl(prefix: string, slug: string, file: string): string {
  return `${prefix}/assets/games/${slug}/${file}`;
}

/**
 * The games lists, read from the database and kept in memory: games change rarely and `/games/all` is the busiest
 * call of the site. Each distinct answer is serialised once and then served as a ready string.
 */
export class Catalog {
  readonly #cache: SnapshotCache<Snapshot>;

  constructor(db: Database, options: CatalogOptions = {}) {
    this.#cache = new SnapshotCache(async () => ({ games: await readCatalog(db), rendered: new Map() }), options);
  }

  /** Forget everything loaded; the next read goes to the database. */
  invalidate(): void {
    this.#cache.invalidate();
  }

  /** Whether `id` is one of the catalogue's games. */
  async hasGame(id: number): Promise<boolean> {
    return (await this.#cache.get()).games.some((game) => game.id === id);
  }

  /** `clientId`: see `clientFirst`. */
  async gamesAll(language: Language, prefix: string, clientId?: string): Promise<PreSerialized> {
    const snapshot = await this.#cache.get();
    const { games, clientGameId } = clientFirst(snapshot.games, clientId);
    return renderedAnswer(snapshot.rendered, `all|${language}|${prefix}|${clientGameId ?? ''}`, () => {
      const data: Game[] = games.map((game) => {
        const text = pickText(game, language);
        return {
          id: game.id,
          title: game.title,
          subTitle: text.subTitle,
          imageConfig: {
            cover: assetUrl(prefix, game.slug, GAME_ASSET_FILES.cover),
            banner: assetUrl(prefix, game.slug, GAME_ASSET_FILES.banner),
            icon: assetUrl(prefix, game.slug, GAME_ASSET_FILES.icon),
          },
          genre: text.genre,
          sections: text.sections,
        };
      });
      return ENDPOINTS.gamesAll.response.parse(data);
    });
  }

  /** `clientId`: see `clientFirst`; so a game's web view tops up that game (the first game's payment link). */
  async gamesSimple(prefix: string, clientId?: string): Promise<PreSerialized> {
    const snapshot = await this.#cache.get();
    const { games, clientGameId } = clientFirst(snapshot.games, clientId);
    return renderedAnswer(snapshot.rendered, `simple|${prefix}|${clientGameId ?? ''}`, () => {
      const data: GameSimple[] = games.map((game) => ({
        id: game.id,
        logo: assetUrl(prefix, game.slug, GAME_ASSET_FILES.logo),
        gameName: game.title,
        link: { replenishment: game.replenishmentUrl, payment: game.paymentUrl },
      }));
      return ENDPOINTS.gamesSimple.response.parse(data);
    });
  }
}

/**
 * The games lists for a game client (SPEC §7 `clientId`, the id of one of our games): its game first, then the
 * others in their order. Every game stays listed (the side menu and front page still offer them all), and a client
 * id naming no game changes nothing. Keys of rendered answers take the game only when it exists, so they stay few.
 */
function clientFirst(games: CatalogGame[], clientId: string | undefined): { games: CatalogGame[]; clientGameId: number | null } {
  const clientGameId = gameIdOfClient(clientId);
  const own = games.find((game) => game.id === clientGameId);
  return own ? { games: [own, ...games.filter((game) => game !== own)], clientGameId: own.id } : { games, clientGameId: null };
}

function pickText(game: CatalogGame, language: Language): GameText {
  return (
    game.texts.get(language) ??
    game.texts.get(FALLBACK_LANGUAGE) ??
    game.texts.values().next().value ?? { subTitle: '', genre: '', sections: [] }
  );
}

interface GameRow {
  id: number;
  slug: string;
  title: string;
  payment_url: string | null;
  replenishment_url: string | null;
  texts: Record<string, GameText>;
}

async function readCatalog(db: Database): Promise<CatalogGame[]> {
  // One statement, so the games and their texts come from one consistent snapshot even while a seed commits.
  const { rows } = await db.query<GameRow>(
    `SELECT g.id, g.slug, g.title, g.payment_url, g.replenishment_url,
            COALESCE(
              jsonb_object_agg(t.lang, jsonb_build_object(
                'subTitle', t.sub_title, 'genre', t.genre, 'sections', t.sections
              )) FILTER (WHERE t.lang IS NOT NULL),
              '{}'::jsonb
            ) AS texts
     FROM games g LEFT JOIN game_texts t ON t.game_id = g.id
     WHERE g.published
     GROUP BY g.id
     ORDER BY g.sort_order, g.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    paymentUrl: row.payment_url,
    replenishmentUrl: row.replenishment_url,
    texts: new Map(Object.entries(row.texts)),
  }));
}
