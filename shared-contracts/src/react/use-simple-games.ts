import { useEffect, useState } from 'react';
import { firstViewSimpleGames, loadSimpleGames, onSimpleGamesSettled, settledSimpleGames, type GameSimple } from 'shared-contracts';
import { useHydrating } from './hooks.js';

export type SimpleGamesState = { status: 'loading' } | { status: 'ready'; games: GameSimple[] } | { status: 'failed' };

/**
 * The game list of `/games/simple` (loaded once per page) for a screen, with a retry after a failure; a failure shown
 * here ends when any screen's retry loads the list. A hydrating render shows the list the first view was rendered
 * with (a game client's own may have arrived already).
 */
export function useSimpleGames(): [SimpleGamesState, () => void] {
  // Loaded already or carried by the page's first view (every visitor's list, which a game client's page shows until its
  // own arrives): the first render shows the games, not a loading state.
  const [state, setState] = useState<SimpleGamesState>(() => {
    const games = settledSimpleGames() ?? firstViewSimpleGames();
    return games ? { status: 'ready', games } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    loadSimpleGames().then(
      (games) => current && setState({ status: 'ready', games }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  useEffect(() => onSimpleGamesSettled((games) => setState({ status: 'ready', games })), []);
  const firstView = useHydrating() ? firstViewSimpleGames() : undefined;
  return [
    firstView ? { status: 'ready', games: firstView } : state,
    () => {
      setState({ status: 'loading' });
      setAttempt((value) => value + 1);
    },
  ];
}
