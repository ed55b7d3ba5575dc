import { clientIdQuery, getPlatformContext, platformApi, readDataIsland, settledPromise, type Game, type Language } from 'shared-contracts';

/** The data island the catalogue's first view carries its games in (src/server/first-view.tsx writes it). */
export const GAMES_ISLAND_ID = 'catalog-games';

let cached: { language: string; promise: Promise<Game[]> } | null = null;

/**
 * The front-page games, fetched once per page and language and shared by the front page and details. A page whose
 * HTML carries the first view has them already: read from its data island, so React renders at once. A game
 * client's page asks with its clientId instead (its game first): the island is the list for no client.
 */
export function gamesPromise(): Promise<Game[]> {
  const { language } = getPlatformContext();
  if (cached?.language !== language) {
    const client = clientIdQuery();
    const carried = client.clientId ? null : readDataIsland<Game[]>(GAMES_ISLAND_ID, language);
    cached = {
      language,
      promise: carried ? settledPromise(carried) : platformApi().call('gamesAll', { query: { platform: 'web', ...client } }),
    };
  }
  return cached.promise;
}

/** Seeds the resource with games fetched elsewhere (the server render), read at once by `use`. */
export function seedGames(language: Language, games: Game[]): void {
  cached = { language, promise: settledPromise(games) };
}

/** Forgets a failed load so a retry asks the API again. */
export function forgetGames(): void {
  cached = null;
}
