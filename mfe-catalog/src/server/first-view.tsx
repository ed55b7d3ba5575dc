import { StaticRouter } from 'react-router';
import { ROUTES, gameDetailsPath, routeNameOf, seedSimpleGames } from 'shared-contracts';
import { createFirstViewRenderer } from 'shared-contracts/server';
import { CatalogRoutes } from '../app/catalog-root.js';
import { GAMES_ISLAND_ID, seedGames } from '../lib/games-resource.js';
import { loadCatalogMessages } from '../app/messages.js';

/**
 * The catalogue's first views (README "First view in the HTML"): the front page and a game's details, rendered by the catalogue's own
 * components from `/games/all`, which the page then carries as a data island for the client to mount with, and
 * `/games/simple` for the Top up link.
 */
export const renderer = createFirstViewRenderer({
  namespace: 'catalog',
  loadMessages: loadCatalogMessages,
  // Game 1 is in every catalogue the platform is seeded with; details of a game the API lacks warm up as much code.
  warmUpPages: [ROUTES.home, gameDetailsPath(1)],
  view: async (request, api) => {
    const route = routeNameOf(request.path);
    if (route !== 'home' && route !== 'gameDetails') return null;
    // The side menu's list gives the Top up link the pages show (the first game's payment link): the browser has it
    // from the frame's island, so the first view must show it too, or the page would change as it hydrates.
    const [games, simpleGames] = await Promise.all([
      api.call('gamesAll', { query: { platform: 'web' } }),
      api.call('gamesSimple', { query: { platform: 'web' } }),
    ]);
    return {
      islands: { [GAMES_ISLAND_ID]: games },
      element: () => {
        seedGames(request.language, games);
        seedSimpleGames(simpleGames);
        return (
          <StaticRouter location={request.path} basename={ROUTES.home}>
            <CatalogRoutes />
          </StaticRouter>
        );
      },
    };
  },
});
