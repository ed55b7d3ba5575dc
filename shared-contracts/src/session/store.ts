import { atom, createStore } from 'jotai';
import type { Area, Language } from '../areas.js';
import type { ResolvedBrand } from '../brands.js';
import { emit } from '../event-bus.js';
import { QUESTION_GAME_PARAM, routeNameOf, type RouteName } from '../routes.js';
import { TICKET_TYPES } from '../limits.js';
import { EMPTY_CS_FORM, type CsForm } from './csform.js';
import { gameIdOfClient, type GameEntryForm } from './game-entry.js';
import { forgetEveryKeptField } from './kept-fields.js';
import { mirrorContextCookies } from '../page-context.js';
import { LOGIN_KEYS, STORAGE_KEYS, UNCHECKED_LINK_TOKEN_KEY, safeStorage } from './storage-keys.js';
import type { AccountRole } from '../api/identity-schemas.js';

/** Account types as `/users/info` reports them; PLATFORM is an official platform account (SPEC §3). */
export const ACCOUNT_TYPES = { platform: 'PLATFORM', thirdParty: 'THIRD_PARTY' } as const;
export type AccountType = (typeof ACCOUNT_TYPES)[keyof typeof ACCOUNT_TYPES];

/** Fixed for the life of a page: language and area changes reload it (SPEC §4). */
export interface PlatformContext {
  brand: ResolvedBrand;
  area: Area;
  language: Language;
}

// Session state of SPEC §3, one atom per field so each screen re-renders only for what it reads.
export const contextAtom = atom<PlatformContext | null>(null);
export const tokenAtom = atom<string | null>(null);
export const userNameAtom = atom<string | null>(null);
export const accountTypeAtom = atom<AccountType | null>(null);
/** The session's role; null while logged out, or while a login kept without it waits for `/users/info`. */
export const accountRoleAtom = atom<AccountRole | null>(null);
export const clientIdAtom = atom<string | null>(null);
export const routeNameAtom = atom<RouteName>('home');
/** The game the page's address names, the help step's `?game=` (SPEC §2): a server render knows it too. */
export const addressedGameIdAtom = atom<number | null>(null);
export const isFromGameFaqAtom = atom(false);
export const rechargeLinkAtom = atom<string | null>(null);
export const repayLinksAtom = atom<Readonly<Record<number, string>>>({});
export const csFormAtom = atom<CsForm>(EMPTY_CS_FORM);
export const isLoggedInAtom = atom((get) => get(tokenAtom) !== null);
/** A game client's support-form fields the support centre has not acted on yet (`applyGameEntryForm`). */
export const pendingGameEntryAtom = atom<GameEntryForm | null>(null);
/**
 * A game client's link carried another account's token while this tab was logged in: the player is asked before
 * the session changes hands (`confirmAccountSwitch`, `declineAccountSwitch`), never switched silently.
 */
export const pendingAccountSwitchAtom = atom<LoginState | null>(null);

const STORE_KEY = Symbol.for('publisher.platform.store');

/** The one platform store (DESIGN §4), kept on the window so a second copy of this module still finds it. */
export const platformStore: ReturnType<typeof createStore> = (() => {
  const holder = globalThis as unknown as Record<symbol, ReturnType<typeof createStore> | undefined>;
  holder[STORE_KEY] ??= createStore();
  return holder[STORE_KEY];
})();

export function setPlatformContext(context: PlatformContext): void {
  platformStore.set(contextAtom, context);
  const local = safeStorage('local');
  local?.setItem(STORAGE_KEYS.brand, context.brand.id);
  local?.setItem(STORAGE_KEYS.area, context.area);
  local?.setItem(STORAGE_KEYS.specLang, context.language);
  local?.setItem(STORAGE_KEYS.selfLang, context.language);
  mirrorContextCookies(context);
}

export function getPlatformContext(): PlatformContext {
  const context = platformStore.get(contextAtom);
  if (!context) throw new Error('The platform context is read before the shell (or standalone harness) set it.');
  return context;
}

export interface LoginState {
  token: string;
  userName: string;
  type: AccountType;
  /** Null for a login kept before the role was: start-up's `/users/info` tells it. */
  role: AccountRole | null;
}

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
  const draft = platformStore.get(csFormAtom);
  // Before the draft is restored (start-up logs in first) there is nothing to claim: restoring claims it.
  if (draft !== EMPTY_CS_FORM) keepCsForm(claimCsForm(draft, state.userName));
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
  if (appliedEntryForm && platformStore.get(csFormAtom).gameId === null) {
    keepCsForm({ ...EMPTY_CS_FORM, owner: offered.userName, ...appliedEntryForm, ticketType: TICKET_TYPES.official });
  }
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

const CS_FORM_KEY = 'cs_form';

/**
 * The draft as the account `userName` may see it: its own draft, or a guest's draft it now takes over, or an
 * empty one in place of another account's. An unknown name (a game client's token before `/users/info` answers)
 * decides nothing yet.
 */
function claimCsForm(draft: CsForm, userName: string | null): CsForm {
  if (!userName || draft.owner === userName) return draft;
  return draft.owner === '' ? { ...draft, owner: userName } : EMPTY_CS_FORM;
}

/** Puts `form` in the store and in session storage (the empty draft as no entry at all). */
function keepCsForm(form: CsForm): void {
  platformStore.set(csFormAtom, form);
  if (form === EMPTY_CS_FORM) safeStorage('session')?.removeItem(CS_FORM_KEY);
  else safeStorage('session')?.setItem(CS_FORM_KEY, JSON.stringify(form));
}

/** Changes the support draft; it belongs to the player logged in while it is written. */
export function setCsForm(patch: Partial<CsForm>): void {
  keepCsForm(claimCsForm({ ...platformStore.get(csFormAtom), ...patch }, platformStore.get(userNameAtom)));
}

export function resetCsForm(): void {
  keepCsForm(EMPTY_CS_FORM);
}

/**
 * Restores the support draft kept in session storage, ignoring anything that is not a draft, and dropping
 * another account's.
 */
export function restoreCsForm(): void {
  const raw = safeStorage('session')?.getItem(CS_FORM_KEY);
  if (!raw) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object') {
    resetCsForm();
    return;
  }
  keepCsForm(claimCsForm({ ...EMPTY_CS_FORM, ...(parsed as Partial<CsForm>) }, platformStore.get(userNameAtom)));
}

/**
 * A game client's support-form fields, from the address it opened the site with: the draft takes them (a draft
 * about another game starts afresh, as an official ticket about this one), and the support centre moves past the
 * steps they answer once it knows the game (`pendingGameEntryAtom`).
 */
let appliedEntryForm: GameEntryForm | null = null;

export function applyGameEntryForm(form: GameEntryForm): void {
  appliedEntryForm = form;
  const draft = platformStore.get(csFormAtom);
  const base = draft.gameId === form.gameId ? draft : { ...EMPTY_CS_FORM, owner: platformStore.get(userNameAtom) ?? '' };
  keepCsForm({ ...base, ...form, ticketType: TICKET_TYPES.official });
  platformStore.set(pendingGameEntryAtom, form);
}

/** The support centre has acted on a game client's entry (moved past its steps, or asked for an unknown game). */
export function settleGameEntry(): void {
  platformStore.set(pendingGameEntryAtom, null);
}

const GAME_CLIENT_KEY = 'game_client';

/**
 * The game client the site was opened from (SPEC §3 `clientId`, `isFromGameFaq`), kept for the tab: the address
 * no longer carries them after the first page, and a reload or a second page of the same web view must still
 * send `clientId` and keep the game's layout.
 */
export function setGameClient(client: { clientId: string | null; isFromGameFaq: boolean }): void {
  platformStore.set(clientIdAtom, client.clientId);
  platformStore.set(isFromGameFaqAtom, client.isFromGameFaq);
  safeStorage('session')?.setItem(GAME_CLIENT_KEY, JSON.stringify(client));
}

/** The game client kept for this tab, if any (anything that is not one is ignored). */
export function restoreGameClient(): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(safeStorage('session')?.getItem(GAME_CLIENT_KEY) ?? 'null');
  } catch {
    parsed = null;
  }
  const client = parsed as { clientId?: unknown; isFromGameFaq?: unknown } | null;
  if (!client || typeof client !== 'object') return;
  platformStore.set(clientIdAtom, typeof client.clientId === 'string' ? client.clientId : null);
  platformStore.set(isFromGameFaqAtom, client.isFromGameFaq === true);
}

/** `clientId` for the calls that take it (SPEC §7), when a game client named one. */
export function clientIdQuery(): { clientId?: string } {
  const clientId = platformStore.get(clientIdAtom);
  return clientId ? { clientId } : {};
}

/** The page's route name and the game its address names, from its path and query. */
export function setRoute(path: string, search: string): void {
  const routeName = routeNameOf(path);
  platformStore.set(routeNameAtom, routeName);
  const addressedGame = routeName === 'support.question' ? new URLSearchParams(search).get(QUESTION_GAME_PARAM) : null;
  platformStore.set(addressedGameIdAtom, gameIdOfClient(addressedGame));
}

/** The side menu's game list sets these: the first game's payment link is the recharge link (SPEC §7). */
export function setGameLinks(rechargeLink: string | null, repayLinks: Readonly<Record<number, string>>): void {
  platformStore.set(rechargeLinkAtom, rechargeLink);
  platformStore.set(repayLinksAtom, repayLinks);
}
