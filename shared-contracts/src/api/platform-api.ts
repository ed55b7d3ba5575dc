import { expireSession } from '../session/login-state.js';
import { getPlatformContext, platformStore, tokenAtom } from '../session/store.js';
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
    // Only a refusal of the session the store holds ends it: not one of a token being checked (a game client's
    // link, /website/login/auth) nor of a session already replaced.
    onSessionInvalid: (sentToken) => {
      if (sentToken === platformStore.get(tokenAtom)) expireSession();
    },
  });
  return holder[CLIENT_KEY];
}
