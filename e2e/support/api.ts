import type { Faq, Game, GameDownload, GameSimple, Language } from 'shared-contracts';
import { PORTS } from './ports.js';

/** Reads what the real API serves, so tests compare the page with the data rather than with copies of it. */
async function call<T>(path: string, query: Record<string, string> = {}): Promise<T> {
  const url = new URL(path, `http://127.0.0.1:${PORTS.api}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await fetch(url);
  const body = (await response.json()) as { code: number; data: T };
  if (body.code !== 1 && body.code !== 0) throw new Error(`${path} answered ${JSON.stringify(body)}`);
  return body.data;
}

export const gamesAll = (language: Language = 'ko') => call<Game[]>('/games/all', { spec_lang: language });
export const gamesSimple = (language: Language = 'ko') => call<GameSimple[]>('/games/simple', { spec_lang: language });
export const gameDownloads = (gameId: number) => call<GameDownload[]>('/game/downloads', { gameId: String(gameId) });
export const faqs = (gameId: number, language: Language = 'en') => call<Faq[]>('/faqs', { gameId: String(gameId), spec_lang: language });
