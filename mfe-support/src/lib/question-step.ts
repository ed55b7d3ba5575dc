/**
 * The help topics step's address names its game (`/SupportCenter/question?game=3`): a link to a game's help topics
 * works in any tab, and the page's HTML carries the topics (server/first-view.tsx).
 */
export const QUESTION_GAME_PARAM = 'game';

/** The help topics step of a game, relative to another step. */
export function questionStepOf(gameId: number): string {
  return `../question?${new URLSearchParams({ [QUESTION_GAME_PARAM]: String(gameId) }).toString()}`;
}
