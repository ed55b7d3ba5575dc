import { getPlatformContext, platformApi, type Game } from 'shared-contracts';

let cached: { language: string; promise: Promise<Game[]> } | null = null;

/** The front-page games, fetched once per page and language and shared by the front page and details. */
export function gamesPromise(): Promise<Game[]> {
  const { language } = getPlatformContext();
  if (cached?.language !== language) {
    cached = { language, promise: platformApi().call('gamesAll', { query: { platform: 'web' } }) };
  }
  return cached.promise;
}

/** Forgets a failed load so a retry asks the API again. */
export function forgetGames(): void {
  cached = null;
}
