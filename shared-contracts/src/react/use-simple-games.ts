import { useEffect, useState } from 'react';
import { loadSimpleGames, onSimpleGamesSettled, settledSimpleGames, type GameSimple } from 'shared-contracts';

export type SimpleGamesState = { status: 'loading' } | { status: 'ready'; games: GameSimple[] } | { status: 'failed' };

/**
 * The game list of `/games/simple` (loaded once per page) for a screen, with a retry after a failure; a failure shown
 * here ends when any screen's retry loads the list.
 */
export function useSimpleGames(): [SimpleGamesState, () => void] {
  // Loaded already (or carried by the page's first view): the first render shows the games, not a loading state.
  const [state, setState] = useState<SimpleGamesState>(() => {
    const games = settledSimpleGames();
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
  return [
    state,
    () => {
      setState({ status: 'loading' });
      setAttempt((value) => value + 1);
    },
  ];
}
