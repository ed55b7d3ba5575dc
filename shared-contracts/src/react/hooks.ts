import { useAtomValue } from 'jotai';
// The package's own root, not relative paths: a remote then reads the atoms of the one shared instance.
import {
  accountTypeAtom,
  contextAtom,
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
  type PlatformContext,
} from 'shared-contracts';

const options = { store: platformStore };

/** Apps read the platform session only through these hooks; they change it through the contract's functions. */
export function useSession() {
  return {
    loggedIn: useAtomValue(isLoggedInAtom, options),
    token: useAtomValue(tokenAtom, options),
    userName: useAtomValue(userNameAtom, options),
    type: useAtomValue(accountTypeAtom, options),
  };
}

export function usePlatformContext(): PlatformContext {
  const context = useAtomValue(contextAtom, options);
  if (!context) throw new Error('usePlatformContext runs before the platform was bootstrapped.');
  return context;
}

export const useCsForm = () => useAtomValue(csFormAtom, options);
export const useRouteName = () => useAtomValue(routeNameAtom, options);
export const useRechargeLink = () => useAtomValue(rechargeLinkAtom, options);
export const useRepayLinks = () => useAtomValue(repayLinksAtom, options);
/** Whether the page is a game's web view (SPEC §3 isFromGameFaq): the frame leaves out what leads out of the game. */
export const useIsFromGameFaq = () => useAtomValue(isFromGameFaqAtom, options);
export const usePendingGameEntry = () => useAtomValue(pendingGameEntryAtom, options);
export const usePendingAccountSwitch = () => useAtomValue(pendingAccountSwitchAtom, options);
