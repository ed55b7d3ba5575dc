import type { Language } from 'shared-contracts';
import { toolApiClient } from 'tooling/api-client';
import { PORTS } from './ports.js';

export const API_URL = `http://127.0.0.1:${PORTS.api}`;

/** Reads what the real API serves, so tests compare the page with the data rather than with copies of it. */
export const api = toolApiClient(API_URL);

export const gamesAll = (language: Language = 'ko') => api.call('gamesAll', { query: { spec_lang: language } });
export const gamesSimple = (language: Language = 'ko') => api.call('gamesSimple', { query: { spec_lang: language } });
export const gameDownloads = (gameId: number) => api.call('gameDownloads', { query: { gameId } });
export const faqs = (gameId: number, language: Language = 'en') => api.call('faqs', { query: { gameId, spec_lang: language } });
