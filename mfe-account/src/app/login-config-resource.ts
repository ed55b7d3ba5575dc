import { getPlatformContext, readDataIsland, type SocialProvider } from 'shared-contracts';

/** The data island the login page's first view carries its social login offer in (src/server/first-view.tsx). */
export const LOGIN_CONFIG_ISLAND_ID = 'account-login-config';

let seeded: SocialProvider[] | undefined;

/** Seeds the offer with one fetched elsewhere (the server render). */
export function seedOfferedProviders(providers: SocialProvider[]): void {
  seeded = providers;
}

/**
 * The social logins offered to any player (no particular game) that the page already has: seeded on the server,
 * or carried by the first view's data island in the browser; undefined when it must be asked for.
 */
export function offeredProvidersCarried(): SocialProvider[] | undefined {
  return seeded ?? readDataIsland<SocialProvider[]>(LOGIN_CONFIG_ISLAND_ID, getPlatformContext().language);
}
