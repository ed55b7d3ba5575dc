import { StaticRouter } from 'react-router';
import { ROUTES, SIMPLE_GAMES_ISLAND_ID, seedSimpleGames, supportStepPath } from 'shared-contracts';
import { createFirstViewRenderer } from 'shared-contracts/server';
import { loadSupportMessages } from '../app/messages.js';
import { SupportRoutes } from '../app/support-root.js';

/**
 * The support centre's first view (README "First view in the HTML"): step one, choosing a game, from `/games/simple`. Later steps depend
 * on the game the player chose in this browser, and tickets are personal: they are rendered in the browser.
 */
export const renderer = createFirstViewRenderer({
  namespace: 'support',
  loadMessages: loadSupportMessages,
  view: async (request, api) => {
    if (request.path !== supportStepPath('game')) return null;
    const games = await api.call('gamesSimple', { query: { platform: 'web' } });
    return {
      islands: { [SIMPLE_GAMES_ISLAND_ID]: games },
      element: () => {
        seedSimpleGames(games);
        return (
          <StaticRouter location={request.path} basename={ROUTES.supportCenter}>
            <SupportRoutes />
          </StaticRouter>
        );
      },
    };
  },
});
