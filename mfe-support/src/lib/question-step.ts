import { QUESTION_GAME_PARAM } from 'shared-contracts';

/** The help topics step of a game, relative to another step. */
export function questionStepOf(gameId: number): string {
  return `../question?${new URLSearchParams({ [QUESTION_GAME_PARAM]: String(gameId) }).toString()}`;
}
