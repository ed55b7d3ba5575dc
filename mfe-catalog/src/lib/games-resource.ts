import { use, useDeferredValue } from 'react';
import { clientIdQuery, getPlatformContext, platformApi, readDataIsland, settledPromise, type Game, type Language } from 'shared-contracts';
import { useHydrating } from 'shared-contracts/react';

/** The data island the catalogue's first view carries its games in (src/server/first-view.tsx writes it). */
export const GAMES_ISLAND_ID = 'catalog-games';

interface GamesLoad {
  language: string;
  promise: Promise<Game[]>;
  /** A game client's page: the list its HTML was rendered with (every visitor's), until the client's own arrives. */
  firstView?: Game[];
  arrived?: boolean;
}

let cached: GamesLoad | null = null;

/**
 * The front-page games, fetched once per page and language and shared by the front page and details. A page whose
 * HTML carries the first view has them already: read from its data island, so React renders at once. A game
 * client's page asks with its clientId instead (its game first); the island is every visitor's list, which it shows
 * until its own arrives (`useGames`).
 */
export function gamesPromise(): Promise<Game[]> {
  const { language } = getPlatformContext();
  if (cached?.language !== language) {
    const client = clientIdQuery();
    const carried = readDataIsland<Game[]>(GAMES_ISLAND_ID, language);
    if (carried && !client.clientId) cached = { language, promise: settledPromise(carried) };
    else {
      // A game client's own list only orders the games differently: failing, the page goes on with every visitor's.
      const fetched = platformApi().call('gamesAll', { query: { platform: 'web', ...client } });
      const load: GamesLoad = { language, promise: carried ? fetched.catch(() => carried) : fetched, firstView: carried };
      void load.promise.then(
        () => (load.arrived = true),
        () => undefined,
      );
      cached = load;
    }
  }
  return cached.promise;
}

/**
 * The games a view renders. A game client's page hydrates the list its HTML was rendered with and keeps showing it
 * until the client's own arrives (a deferred render waits for that one without a loading state in between).
 */
export function useGames(): Game[] {
  const promise = gamesPromise();
  const hydrating = useHydrating();
  const firstRender = useDeferredValue(false, true);
  const firstView = cached?.firstView;
  if (firstView && (hydrating || (firstRender && !cached?.arrived))) return firstView;
  return use(promise);
}

/** Seeds the resource with games fetched elsewhere (the server render), read at once by `use`. */
export function seedGames(language: Language, games: Game[]): void {
  cached = { language, promise: settledPromise(games) };
}

/** Forgets a failed load so a retry asks the API again. */
export function forgetGames(): void {
  cached = null;
}
