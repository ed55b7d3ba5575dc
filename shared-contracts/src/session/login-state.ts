import { emit } from '../event-bus.js';
import type { AccountRole } from '../api/identity-schemas.js';
import { forgetEveryKeptField } from './kept-fields.js';
import { LOGIN_KEYS, STORAGE_KEYS, UNCHECKED_LINK_TOKEN_KEY, safeStorage } from './storage-keys.js';
import {
  ACCOUNT_TYPES,
  accountRoleAtom,
  accountTypeAtom,
  pendingAccountSwitchAtom,
  platformStore,
  tokenAtom,
  userNameAtom,
  type AccountType,
  type LoginState,
} from './store.js';
import { carryGameEntryTo, passCsFormTo, resetCsForm } from './support-draft.js';

// The login of SPEC §3 and §4: in the platform store, in session storage, and in local storage with remember me;
// its changes (login, logout, expiry, another tab's) announced on the bus as `session:changed`.

const isAccountRole = (value: string | null): value is AccountRole => value === 'player' || value === 'agent';

function isAccountType(value: string | null): value is AccountType {
  return value === ACCOUNT_TYPES.platform || value === ACCOUNT_TYPES.thirdParty;
}

/** The stored login, session storage first, then local storage (SPEC §4). */
export function readStoredLogin(): LoginState | null {
  for (const storage of [safeStorage('session'), safeStorage('local')]) {
    const token = storage?.getItem(STORAGE_KEYS.token);
    if (!storage || !token) continue;
    const type = storage.getItem(STORAGE_KEYS.type);
    const role = storage.getItem(STORAGE_KEYS.role);
    const userName = storage.getItem(STORAGE_KEYS.userName) ?? '';
    return { token, userName, type: isAccountType(type) ? type : ACCOUNT_TYPES.platform, role: isAccountRole(role) ? role : null };
  }
  return null;
}

/** The token last: another tab that sees it change finds the rest of the login already written. */
function writeLogin(storage: Storage | null, state: LoginState): void {
  storage?.setItem(STORAGE_KEYS.userName, state.userName);
  storage?.setItem(STORAGE_KEYS.type, state.type);
  if (state.role) storage?.setItem(STORAGE_KEYS.role, state.role);
  else storage?.removeItem(STORAGE_KEYS.role);
  storage?.setItem(STORAGE_KEYS.token, state.token);
}

/**
 * Clears this tab's login from storage, and the kept one ("remember me") when it is the session ending here: a tab
 * that switched to a game link's account for itself must not log every other tab out of the kept one.
 */
function clearStoredLogin(endingToken: string | null): void {
  const local = safeStorage('local');
  // A game link's token still to be checked goes too: it must not log the tab in again after a logout.
  safeStorage('session')?.removeItem(UNCHECKED_LINK_TOKEN_KEY);
  const stores = local?.getItem(STORAGE_KEYS.token) === endingToken ? [safeStorage('session'), local] : [safeStorage('session')];
  for (const storage of stores) {
    for (const key of LOGIN_KEYS) storage?.removeItem(key);
  }
}

/**
 * Logs the player in. `remember` keeps the login across browser restarts (local storage); without it the login
 * lives in session storage only. A password never passes through here.
 */
export function login(state: LoginState, options: { remember: boolean; reason?: 'login' | 'restored' }): void {
  platformStore.set(tokenAtom, state.token);
  platformStore.set(userNameAtom, state.userName);
  platformStore.set(accountTypeAtom, state.type);
  platformStore.set(accountRoleAtom, state.role);
  writeLogin(safeStorage('session'), state);
  if (options.remember) writeLogin(safeStorage('local'), state);
  passCsFormTo(state.userName);
  emit('session:changed', { loggedIn: true, reason: options.reason ?? 'login' });
}

/** Offers the player another account's login (a game client's link) instead of switching silently. */
export function offerAccountSwitch(state: LoginState): void {
  platformStore.set(pendingAccountSwitchAtom, state);
}

/**
 * The player chose the link's account: it replaces the current session, for this tab only. The link's game,
 * server and character go with it; nothing the other account wrote does.
 */
export function confirmAccountSwitch(): void {
  const offered = platformStore.get(pendingAccountSwitchAtom);
  platformStore.set(pendingAccountSwitchAtom, null);
  if (!offered) return;
  login(offered, { remember: false });
  carryGameEntryTo(offered.userName);
}

/** The player stays with the account already logged in. */
export function declineAccountSwitch(): void {
  platformStore.set(pendingAccountSwitchAtom, null);
}

function clearSession(): void {
  clearStoredLogin(platformStore.get(tokenAtom));
  platformStore.set(tokenAtom, null);
  platformStore.set(userNameAtom, null);
  platformStore.set(accountTypeAtom, null);
  platformStore.set(accountRoleAtom, null);
}

/** Logout clears name, token and type in the store and in both storages (SPEC §4; local storage's if it is this login). */
export function logout(): void {
  clearSession();
  // Whoever uses this tab next must not find the player's half-written inquiry, replies or profile.
  resetCsForm();
  forgetEveryKeptField();
  emit('session:changed', { loggedIn: false, reason: 'logout' });
}

/**
 * What a -600 answer does: the same clearing as logout, announced as an expiry (SPEC §8). The support draft stays
 * with its owner's name, so the player who logs in again goes on with it (another account gets an empty one).
 */
export function expireSession(): void {
  const wasLoggedIn = platformStore.get(tokenAtom) !== null;
  clearSession();
  emit('session:expired', { code: -600 });
  if (wasLoggedIn) emit('session:changed', { loggedIn: false, reason: 'expired' });
}

/**
 * Follows the kept login ("remember me", one session for every tab) when another tab of this browser changes it.
 * Logged out there, it was cleared from local storage (the API no longer knows its token): this tab's copy ends too,
 * at once and announced as `elsewhere`, not at its next call as an expiry; as on expiry, the support draft stays with
 * its owner, and a login this tab holds alone (another token) is not touched. Kept there while this tab is logged
 * out, it logs this tab in, as a reload would.
 */
export function followKeptLoginElsewhere(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== safeStorage('local') || event.key !== STORAGE_KEYS.token) return;
    const current = platformStore.get(tokenAtom);
    if (event.newValue === null) {
      if (event.oldValue === null || current !== event.oldValue) return;
      clearSession();
      emit('session:changed', { loggedIn: false, reason: 'elsewhere' });
      return;
    }
    // The token is written last (writeLogin): the rest of the login is there already.
    const kept = current === null ? readStoredLogin() : null;
    if (kept?.token === event.newValue && kept.userName) login(kept, { remember: true, reason: 'restored' });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
