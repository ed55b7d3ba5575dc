import { readDataIsland, settledPromise } from '../first-view.js';
import { clientIdQuery, getPlatformContext, setGameLinks } from '../session/store.js';
import type { GameSimple } from './schemas.js';
import { platformApi } from './platform-api.js';

const LINKS_KEY = Symbol.for('publisher.platform.simpleGames');
const SETTLED_KEY = Symbol.for('publisher.platform.simpleGamesSettled');
const LISTENERS_KEY = Symbol.for('publisher.platform.simpleGamesListeners');

/** The data island a first view carries `/games/simple` in (the shell's page and support's first step write it). */
export const SIMPLE_GAMES_ISLAND_ID = 'platform-simple-games';

type Holder = Record<symbol, unknown> & {
  [LINKS_KEY]?: Promise<GameSimple[]>;
  [SETTLED_KEY]?: GameSimple[];
  [LISTENERS_KEY]?: Set<(games: GameSimple[]) => void>;
};
const holder = globalThis as unknown as Holder;

/** Keeps the list and sets the session's recharge link (the first game's payment link) and repay links (SPEC §7). */
function settle(games: GameSimple[]): GameSimple[] {
  const repayLinks: Record<number, string> = {};
  for (const game of games) if (game.link.replenishment) repayLinks[game.id] = game.link.replenishment;
  setGameLinks(games[0]?.link.payment ?? null, repayLinks);
  holder[SETTLED_KEY] = games;
  for (const listener of holder[LISTENERS_KEY] ?? []) listener(games);
  return games;
}

/**
 * Calls `listener` each time the list is loaded, by whichever screen asked: a screen that failed to load it (the
 * side menu) shows it once another one's retry got it. Returns the function that stops the calls.
 */
export function onSimpleGamesSettled(listener: (games: GameSimple[]) => void): () => void {
  const listeners = (holder[LISTENERS_KEY] ??= new Set());
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The side-menu game list (`/games/simple`), loaded once per page: from the page's data island when its first view
 * carries it, else from the API. It also sets the session's recharge and repay links, which the catalogue and
 * support read. A game client's page asks the API with its clientId (its game first, so its payment link is the
 * recharge link): the island, shared by every visitor, is the list for no client.
 */
export function loadSimpleGames(): Promise<GameSimple[]> {
  const client = clientIdQuery();
  const carried =
    holder[LINKS_KEY] || client.clientId ? undefined : readDataIsland<GameSimple[]>(SIMPLE_GAMES_ISLAND_ID, getPlatformContext().language);
  holder[LINKS_KEY] ??= carried
    ? settledPromise(settle(carried))
    : platformApi()
        .call('gamesSimple', { query: { platform: 'web', ...client } })
        .then(settle)
        .catch((error: unknown) => {
          holder[LINKS_KEY] = undefined;
          throw error;
        });
  return holder[LINKS_KEY];
}

/** The game list once loaded, for a screen's first render; undefined while it is on its way. */
export function settledSimpleGames(): GameSimple[] | undefined {
  return holder[SETTLED_KEY];
}

/** Seeds the list with one fetched elsewhere (a server render), as if loaded. */
export function seedSimpleGames(games: GameSimple[]): void {
  holder[LINKS_KEY] = settledPromise(settle(games));
}
