import { StaticRouter } from 'react-router';
import {
  ROUTES,
  SIMPLE_GAMES_ISLAND_ID,
  gameIdOfClient,
  seedSimpleGames,
  supportStepPath,
  type GameSimple,
  QUESTION_GAME_PARAM,
} from 'shared-contracts';
import { createFirstViewRenderer, type FirstView, type FirstViewRequest } from 'shared-contracts/server';
import { loadSupportMessages } from '../app/messages.js';
import { SupportRoutes } from '../app/support-root.js';
import { CARRIED_CALLS_ISLAND_ID, carriedCallKey, seedCarriedCalls, type CarriedCalls } from '../lib/use-call.js';
import { HELP_TOPICS_CALL_KEYS } from '../features/help-topics/help-topics-step.js';

/** The support routes at the request's address, with the games and the answers the render shows. */
function supportView(request: FirstViewRequest, games: GameSimple[], calls?: CarriedCalls): FirstView {
  return {
    islands: { [SIMPLE_GAMES_ISLAND_ID]: games, ...(calls ? { [CARRIED_CALLS_ISLAND_ID]: calls } : {}) },
    element: () => {
      seedSimpleGames(games);
      seedCarriedCalls(request.language, calls ?? {});
      return (
        <StaticRouter location={request.search ? `${request.path}?${request.search}` : request.path} basename={ROUTES.supportCenter}>
          <SupportRoutes />
        </StaticRouter>
      );
    },
  };
}

/**
 * The support centre's first views (README "First view in the HTML"): step one, choosing a game, from
 * `/games/simple`, and step two, the help topics and question categories of the game its address names
 * (`?game=3`). Later steps hold what the player typed in this browser, and tickets are personal: they are rendered
 * in the browser, as is step two without a game in its address.
 */
export const renderer = createFirstViewRenderer({
  namespace: 'support',
  loadMessages: loadSupportMessages,
  // Game 1 is in every catalogue the platform is seeded with; for a game the API lacks, the calls are warmed all the same.
  warmUpPages: [supportStepPath('game'), `${supportStepPath('question')}?${QUESTION_GAME_PARAM}=1`],
  view: async (request, api) => {
    if (request.path === supportStepPath('game'))
      return supportView(request, await api.call('gamesSimple', { query: { platform: 'web' } }));
    if (request.path !== supportStepPath('question')) return null;
    const gameId = gameIdOfClient(new URLSearchParams(request.search).get(QUESTION_GAME_PARAM));
    if (gameId === null) return null;
    const query = { query: { gameId } };
    const [games, types, topics, categories] = await Promise.all([
      api.call('gamesSimple', { query: { platform: 'web' } }),
      api.call('faqTypes', query),
      api.call('faqs', query),
      api.call('inquiryTypes', query),
    ]);
    // A game the list does not have gets step two's own prompt, in the browser.
    if (!games.some((game) => game.id === gameId)) return null;
    return supportView(request, games, {
      [carriedCallKey('faqTypes', HELP_TOPICS_CALL_KEYS.types(gameId))]: types,
      [carriedCallKey('faqs', HELP_TOPICS_CALL_KEYS.topics(gameId, null, ''))]: topics,
      [carriedCallKey('inquiryTypes', HELP_TOPICS_CALL_KEYS.categories(gameId))]: categories,
    });
  },
});
