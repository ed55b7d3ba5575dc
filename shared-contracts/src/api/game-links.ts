import type { GameSimple } from './schemas.js';
import { platformApi } from './platform-api.js';
import { setGameLinks } from '../session/store.js';

const LINKS_KEY = Symbol.for('publisher.platform.simpleGames');

/**
 * The side-menu game list (`/games/simple`), loaded once per page. It also sets the session's recharge link
 * (the first game's payment link) and repay links (SPEC §7), which the catalogue and support read.
 */
export function loadSimpleGames(): Promise<GameSimple[]> {
  const holder = globalThis as unknown as Record<symbol, Promise<GameSimple[]> | undefined>;
  holder[LINKS_KEY] ??= platformApi()
    .call('gamesSimple', { query: { platform: 'web' } })
    .then((games) => {
      const repayLinks: Record<number, string> = {};
      for (const game of games) if (game.link.replenishment) repayLinks[game.id] = game.link.replenishment;
      setGameLinks(games[0]?.link.payment ?? null, repayLinks);
      return games;
    })
    .catch((error: unknown) => {
      holder[LINKS_KEY] = undefined;
      throw error;
    });
  return holder[LINKS_KEY];
}
