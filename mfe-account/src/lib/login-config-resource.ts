import { useEffect, useState } from 'react';
import { clientIdQuery, getPlatformContext, platformApi, readDataIsland, type SocialProvider } from 'shared-contracts';
import { useCsForm } from 'shared-contracts/react';

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

export interface LoginOffer {
  providers: readonly SocialProvider[];
  guestAllowed: boolean;
}

/**
 * The login page's offer (login_config, SPEC §3): its social logins, and whether to go on as a visitor. The client
 * is the game client the site was opened from, else the game of the support form (SPEC §3 "clientId comes from the
 * game id of the support form"); a logged-in player's token goes in the Authorization header, never in the URL.
 * The first view carries the offer for no particular client (no late buttons, no second call). While a client's
 * answer is on its way no social login is shown, and going on as a visitor is offered only without a client (a
 * game's player is not shown an offer that may vanish); a failed call keeps that.
 */
export function useLoginConfig(): LoginOffer {
  const { gameId } = useCsForm();
  const clientId = clientIdQuery().clientId ?? (gameId === null ? undefined : String(gameId));
  const [carried] = useState(offeredProvidersCarried);
  const [offer, setOffer] = useState<LoginOffer>({
    providers: clientId === undefined ? (carried ?? []) : [],
    guestAllowed: clientId === undefined,
  });
  useEffect(() => {
    if (clientId === undefined && carried) return;
    let current = true;
    platformApi()
      .call('loginConfig', { query: clientId === undefined ? {} : { clientId } })
      .then(
        (config) => current && setOffer(config),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [clientId, carried]);
  return offer;
}
