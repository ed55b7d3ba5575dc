import { useMemo } from 'react';
import { loadSimpleGames, settledSimpleGames, type GameSimple } from 'shared-contracts';
import { useData } from './use-endpoint.js';

export type SimpleGamesState = { status: 'loading' } | { status: 'ready'; games: GameSimple[] } | { status: 'failed' };

/**
 * The game list of `/games/simple` (loaded once per page) for a screen, with a retry after a failure. Loaded already
 * (or carried by the page's first view), the first render shows the games, not a loading state.
 */
export function useSimpleGames(): [SimpleGamesState, () => void] {
  const [state, retry] = useData('gamesSimple', loadSimpleGames, settledSimpleGames);
  const games = useMemo<SimpleGamesState>(() => {
    if (state.status === 'ready') return { status: 'ready', games: state.data };
    return state.status === 'failed' ? { status: 'failed' } : { status: 'loading' };
  }, [state]);
  return [games, retry];
}
