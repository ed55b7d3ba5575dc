import { atom, createStore } from 'jotai';
import type { Area, Language } from '../areas.js';
import type { ResolvedBrand } from '../brands.js';
import { QUESTION_GAME_PARAM, routeNameOf, type RouteName } from '../routes.js';
import { EMPTY_CS_FORM, type CsForm } from './csform.js';
import { gameIdOfClient, type GameEntryForm } from './game-entry.js';
import { mirrorContextCookies } from '../page-context.js';
import { STORAGE_KEYS, safeStorage } from './storage-keys.js';
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
