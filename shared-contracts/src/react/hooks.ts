import { useSyncExternalStore } from 'react';
import { useAtomValue } from 'jotai';
// The package's own root, not relative paths: a remote then reads the atoms of the one shared instance.
import {
  accountRoleAtom,
  accountTypeAtom,
  addressedGameIdAtom,
  EMPTY_CS_FORM,
  contextAtom,
  firstViewSimpleGames,
  csFormAtom,
  isFromGameFaqAtom,
  isLoggedInAtom,
  pendingAccountSwitchAtom,
  pendingGameEntryAtom,
  platformStore,
  rechargeLinkAtom,
  repayLinksAtom,
  routeNameAtom,
  tokenAtom,
  userNameAtom,
  type CsForm,
  type PlatformContext,
} from 'shared-contracts';

const options = { store: platformStore };

export function usePlatformContext(): PlatformContext {
  const context = useAtomValue(contextAtom, options);
  if (!context) throw new Error('usePlatformContext runs before the platform was bootstrapped.');
  return context;
}

const neverChanges = () => () => undefined;

/**
 * True while React hydrates the render it is in (README "First view in the HTML"): the server rendered what every
 * visitor sees, so a hydrating render must render the same; React renders again at once with what this tab knows.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => false,
    () => true,
  );
}

/** The session a first view was rendered for: the page server renders every page as a guest's. */
const GUEST_SESSION = { loggedIn: false, token: null, userName: null, type: null, role: null } as const;

/**
 * Apps read the platform session only through these hooks; they change it through the contract's functions. A
 * hydrating render sees a guest, as the first view was rendered (a logged-in player's `/login` hydrates the guest's
 * form instead of React discarding it with a warning), and the player's own session a moment later.
 */
export function useSession() {
  const session = {
    loggedIn: useAtomValue(isLoggedInAtom, options),
    token: useAtomValue(tokenAtom, options),
    userName: useAtomValue(userNameAtom, options),
    type: useAtomValue(accountTypeAtom, options),
    role: useAtomValue(accountRoleAtom, options),
  };
  return useHydrating() ? GUEST_SESSION : session;
}

/**
 * The support draft. It lives in this tab, not on the server: a hydrating render sees the empty draft the first
 * view was rendered with (else React would keep the server's attributes, such as a pressed button, and show
 * neither), and the draft a moment later.
 */
export function useCsForm(): CsForm {
  const form = useAtomValue(csFormAtom, options);
  return useHydrating() ? EMPTY_CS_FORM : form;
}
export const useRouteName = () => useAtomValue(routeNameAtom, options);
export const useAddressedGameId = () => useAtomValue(addressedGameIdAtom, options);
/**
 * The Top up link (SPEC §7: the first game's payment link). A hydrating render shows the first view's, every
 * visitor's: a game client's own list (its game first) may have arrived already.
 */
export function useRechargeLink(): string | null {
  const link = useAtomValue(rechargeLinkAtom, options);
  const firstView = useHydrating() ? firstViewSimpleGames() : undefined;
  return firstView ? (firstView[0]?.link.payment ?? null) : link;
}
export const useRepayLinks = () => useAtomValue(repayLinksAtom, options);
/** Whether the page is a game's web view (SPEC §3 isFromGameFaq): the frame leaves out what leads out of the game. */
export const useIsFromGameFaq = () => useAtomValue(isFromGameFaqAtom, options);
export const usePendingGameEntry = () => useAtomValue(pendingGameEntryAtom, options);
export const usePendingAccountSwitch = () => useAtomValue(pendingAccountSwitchAtom, options);
