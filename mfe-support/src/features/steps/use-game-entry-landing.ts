import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { settleGameEntry, setCsForm, type SupportStep, QUESTION_GAME_PARAM } from 'shared-contracts';
import { useIsFromGameFaq, usePendingGameEntry, useSimpleGames } from 'shared-contracts/react';

/** The steps a game client's entry answers: a page opened on one of them moves on past it. */
const ANSWERED_BY_ENTRY: ReadonlySet<string> = new Set<SupportStep | ''>(['', 'game', 'question']);

/**
 * A game client's entry (README "In-game entry") once the game list is known: its game (a known one) fills the
 * draft's name and picture and the page moves past the steps it answered, choosing the game (step one) and, when the
 * player comes from the game's own FAQ, the help topics too (step two), to the form. A game the list does not have
 * is cleared, and step one asks for a choice (`unknownGame`). A page opened on a later step (history, a
 * conversation) stays where it is.
 */
export function useGameEntryLanding(): { unknownGame: boolean } {
  const entry = usePendingGameEntry();
  const fromGameFaq = useIsFromGameFaq();
  const [games] = useSimpleGames();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [unknownGame, setUnknownGame] = useState(false);
  useEffect(() => {
    if (!entry || games.status !== 'ready') return;
    settleGameEntry();
    const step = pathname.split('/').filter(Boolean).pop() ?? '';
    const game = games.games.find((candidate) => candidate.id === entry.gameId);
    if (!game) {
      setCsForm({ gameId: null, gameName: '', gameImg: '', serverId: '', gameAreaId: '', roleId: '', roleName: '' });
      setUnknownGame(true);
      if (ANSWERED_BY_ENTRY.has(step)) navigate({ pathname: 'game', search }, { replace: true });
      return;
    }
    setCsForm({ gameName: game.gameName, gameImg: game.logo });
    if (!ANSWERED_BY_ENTRY.has(step)) return;
    // The rest of the address (the language asked for) stays; the help topics step names its game.
    const params = new URLSearchParams(search);
    if (!fromGameFaq) params.set(QUESTION_GAME_PARAM, String(game.id));
    navigate({ pathname: fromGameFaq ? 'inquiry' : 'question', search: params.toString() }, { replace: true });
  }, [entry, games, fromGameFaq, navigate, pathname, search]);
  return { unknownGame };
}
