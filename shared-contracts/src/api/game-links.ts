import { readDataIsland, settledPromise } from '../first-view.js';
import { clientIdQuery, getPlatformContext, setGameLinks } from '../session/store.js';
import type { GameSimple } from './schemas.js';
import { platformApi } from './platform-api.js';

const LINKS_KEY = Symbol.for('publisher.platform.simpleGames');
const SETTLED_KEY = Symbol.for('publisher.platform.simpleGamesSettled');
const LISTENERS_KEY = Symbol.for('publisher.platform.simpleGamesListeners');
const FIRST_VIEW_KEY = Symbol.for('publisher.platform.simpleGamesOfFirstView');

/** The data island a first view carries `/games/simple` in (the shell's page and support's first step write it). */
export const SIMPLE_GAMES_ISLAND_ID = 'platform-simple-games';

type Holder = Record<symbol, unknown> & {
  [LINKS_KEY]?: Promise<GameSimple[]>;
  [SETTLED_KEY]?: GameSimple[];
  [LISTENERS_KEY]?: Set<(games: GameSimple[]) => void>;
  [FIRST_VIEW_KEY]?: GameSimple[];
};
const holder = globalThis as unknown as Holder;

/** Sets the session's recharge link (the first game's payment link) and repay links (SPEC §7) from a game list. */
function setLinksOf(games: GameSimple[]): void {
  const repayLinks: Record<number, string> = {};
  for (const game of games) if (game.link.replenishment) repayLinks[game.id] = game.link.replenishment;
  setGameLinks(games[0]?.link.payment ?? null, repayLinks);
}

/** Keeps the list, sets the session's links from it and tells the screens waiting for it. */
function settle(games: GameSimple[]): GameSimple[] {
  setLinksOf(games);
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
 * recharge link); the island, shared by every visitor, gives its links and first screens until the client's arrives,
 * and stays its list if that fails.
 */
export function loadSimpleGames(): Promise<GameSimple[]> {
  if (holder[LINKS_KEY]) return holder[LINKS_KEY];
  const client = clientIdQuery();
  const carried = readDataIsland<GameSimple[]>(SIMPLE_GAMES_ISLAND_ID, getPlatformContext().language);
  const fetchList = () => platformApi().call('gamesSimple', { query: { platform: 'web', ...client } });
  if (!carried) {
    holder[LINKS_KEY] = fetchList()
      .then(settle)
      .catch((error: unknown) => {
        holder[LINKS_KEY] = undefined;
        throw error;
      });
    return holder[LINKS_KEY];
  }
  holder[FIRST_VIEW_KEY] = carried;
  if (!client.clientId) return (holder[LINKS_KEY] = settledPromise(settle(carried)));
  // A game client's own list only orders the games differently: failing, the page goes on with every visitor's.
  setLinksOf(carried);
  return (holder[LINKS_KEY] = fetchList()
    .catch(() => carried)
    .then(settle));
}

/**
 * The list the page's first view was rendered with (every visitor's order): what a render that hydrates it shows (a
 * game client's own list may have arrived by then), and a game client's screens until theirs arrives. Undefined when
 * the page carried none.
 */
export function firstViewSimpleGames(): GameSimple[] | undefined {
  return holder[FIRST_VIEW_KEY];
}

/** The game list once loaded, for a screen's first render; undefined while it is on its way. */
export function settledSimpleGames(): GameSimple[] | undefined {
  return holder[SETTLED_KEY];
}

/** Seeds the list with one fetched elsewhere (a server render), as if loaded. */
export function seedSimpleGames(games: GameSimple[]): void {
  holder[LINKS_KEY] = settledPromise(settle(games));
}
