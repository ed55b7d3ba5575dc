import { expireSession, getPlatformContext, platformStore, tokenAtom } from '../session/store.js';
import { createApiClient, type ApiClient } from './client.js';

const CLIENT_KEY = Symbol.for('publisher.platform.apiClient');

/** The API client bound to the platform session: every app calls the API through this one instance. */
export function platformApi(): ApiClient {
  const holder = globalThis as unknown as Record<symbol, ApiClient | undefined>;
  holder[CLIENT_KEY] ??= createApiClient({
    baseURL: getPlatformContext().brand.apiBase,
    commonParams: () => {
      const { language, area } = getPlatformContext();
      return { spec_lang: language, domain_area: area };
    },
    token: () => platformStore.get(tokenAtom),
    onSessionInvalid: expireSession,
  });
  return holder[CLIENT_KEY];
}
