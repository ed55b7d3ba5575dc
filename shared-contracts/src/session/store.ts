import { atom, createStore } from 'jotai';
import type { Area, Language } from '../areas.js';
import type { ResolvedBrand } from '../brands.js';
import { emit } from '../event-bus.js';
import type { RouteName } from '../routes.js';
import { EMPTY_CS_FORM, type CsForm } from './csform.js';
import { LOGIN_KEYS, STORAGE_KEYS, safeStorage } from './storage-keys.js';

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
export const clientIdAtom = atom<string | null>(null);
export const routeNameAtom = atom<RouteName>('home');
export const isFromGameFaqAtom = atom(false);
export const rechargeLinkAtom = atom<string | null>(null);
export const repayLinksAtom = atom<Readonly<Record<number, string>>>({});
export const csFormAtom = atom<CsForm>(EMPTY_CS_FORM);
export const isLoggedInAtom = atom((get) => get(tokenAtom) !== null);

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
}

function isAccountType(value: string | null): value is AccountType {
  return value === ACCOUNT_TYPES.platform || value === ACCOUNT_TYPES.thirdParty;
}

/** The stored login, session storage first, then local storage (SPEC §4). */
export function readStoredLogin(): LoginState | null {
  for (const storage of [safeStorage('session'), safeStorage('local')]) {
    const token = storage?.getItem(STORAGE_KEYS.token);
    if (!storage || !token) continue;
    const type = storage.getItem(STORAGE_KEYS.type);
    return { token, userName: storage.getItem(STORAGE_KEYS.userName) ?? '', type: isAccountType(type) ? type : ACCOUNT_TYPES.platform };
  }
  return null;
}

function writeLogin(storage: Storage | null, state: LoginState): void {
  storage?.setItem(STORAGE_KEYS.token, state.token);
  storage?.setItem(STORAGE_KEYS.userName, state.userName);
  storage?.setItem(STORAGE_KEYS.type, state.type);
}

function clearStoredLogin(): void {
  for (const storage of [safeStorage('session'), safeStorage('local')]) {
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
  writeLogin(safeStorage('session'), state);
  if (options.remember) writeLogin(safeStorage('local'), state);
  emit('session:changed', { loggedIn: true, reason: options.reason ?? 'login' });
}

function clearSession(): void {
  platformStore.set(tokenAtom, null);
  platformStore.set(userNameAtom, null);
  platformStore.set(accountTypeAtom, null);
  clearStoredLogin();
}

/** Logout clears name, token and type in the store and in both storages (SPEC §4). */
export function logout(): void {
  clearSession();
  emit('session:changed', { loggedIn: false, reason: 'logout' });
}

/** What a -600 answer does: the same clearing as logout, announced as an expiry (SPEC §8). */
export function expireSession(): void {
  const wasLoggedIn = platformStore.get(tokenAtom) !== null;
  clearSession();
  emit('session:expired', { code: -600 });
  if (wasLoggedIn) emit('session:changed', { loggedIn: false, reason: 'expired' });
}

/**
 * Takes `oauth_token` (as a game client opens the site) out of a URL. Returns the token, if any, and the URL
 * without it, for `history.replaceState`, so the token never stays in the address bar, history or Referer.
 */
export function takeTokenFromUrl(href: string): { token: string | null; cleanHref: string } {
  const url = new URL(href);
  const token = url.searchParams.get(STORAGE_KEYS.token);
  url.searchParams.delete(STORAGE_KEYS.token);
  return { token: token && token.trim() !== '' ? token : null, cleanHref: url.toString() };
}

const CS_FORM_KEY = 'cs_form';

export function setCsForm(patch: Partial<CsForm>): void {
  const next = { ...platformStore.get(csFormAtom), ...patch };
  platformStore.set(csFormAtom, next);
  safeStorage('session')?.setItem(CS_FORM_KEY, JSON.stringify(next));
}

export function resetCsForm(): void {
  platformStore.set(csFormAtom, EMPTY_CS_FORM);
  safeStorage('session')?.removeItem(CS_FORM_KEY);
}

/** Restores the support draft kept in session storage, ignoring anything that is not a draft. */
export function restoreCsForm(): void {
  const raw = safeStorage('session')?.getItem(CS_FORM_KEY);
  if (!raw) return;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object') platformStore.set(csFormAtom, { ...EMPTY_CS_FORM, ...(parsed as Partial<CsForm>) });
  } catch {
    safeStorage('session')?.removeItem(CS_FORM_KEY);
  }
}

export function setClientId(clientId: string | null): void {
  platformStore.set(clientIdAtom, clientId);
}

export function setRouteName(routeName: RouteName): void {
  platformStore.set(routeNameAtom, routeName);
}

export function setIsFromGameFaq(value: boolean): void {
  platformStore.set(isFromGameFaqAtom, value);
}

/** The side menu's game list sets these: the first game's payment link is the recharge link (SPEC §7). */
export function setGameLinks(rechargeLink: string | null, repayLinks: Readonly<Record<number, string>>): void {
  platformStore.set(rechargeLinkAtom, rechargeLink);
  platformStore.set(repayLinksAtom, repayLinks);
}
