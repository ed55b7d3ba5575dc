import { platformApi } from '../api/platform-api.js';
import type { LoginResult } from '../api/identity-schemas.js';
import { emit } from '../event-bus.js';
import { i18next } from '../i18n/i18n.js';
import { navigateTo } from '../navigation.js';
import { ROUTES } from '../routes.js';
import { STORAGE_KEYS, safeStorage } from './storage-keys.js';
import { login, logout } from './login-state.js';
import { platformStore, tokenAtom } from './store.js';

/** Keeps a successful login (password, social or reset) in the session: one place maps the API's answer. */
export function completeLogin(result: LoginResult, remember: boolean): void {
  login({ token: result.token, userName: result.account, type: result.type, role: result.role }, { remember });
}

/** Swaps in a fresh token for this session (after a password change), keeping the player's remember-me choice. */
export function renewLogin(result: LoginResult): void {
  const remembered = safeStorage('local')?.getItem(STORAGE_KEYS.token) === platformStore.get(tokenAtom);
  completeLogin(result, remembered);
}

/**
 * Logs out at once, without waiting on the network: the store and both storages are cleared and every app hears
 * it; from the user center it goes home (SPEC §4). The server then revokes the token in the background (best
 * effort: an offline player is logged out here all the same).
 */
export async function signOut(): Promise<void> {
  const token = platformStore.get(tokenAtom);
  logout();
  emit('toast:show', { message: i18next.t('common:session.loggedOut'), tone: 'success' });
  if (window.location.pathname === ROUTES.userCenter) navigateTo(ROUTES.home);
  if (token)
    await platformApi()
      .call('logout', { body: {}, token })
      .catch(() => undefined);
}

/**
 * A path inside this site to return to after login, or home. Anything else (another origin, `//host`,
 * backslashes, a scheme) is refused, so a crafted link cannot send a player away after they log in.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return ROUTES.home;
  try {
    const url = new URL(value, 'https://site.invalid');
    // Dot segments can make a path of this site into "//host" ("/.//evil.example"), which browsers and
    // single-spa open as another site: refuse what the path became, not only what it was.
    if (url.origin !== 'https://site.invalid' || url.pathname === ROUTES.login || url.pathname.startsWith('//')) return ROUTES.home;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return ROUTES.home;
  }
}

/** The login page's address that returns to `returnTo` afterwards. */
export function loginPath(returnTo: string): string {
  const path = safeReturnPath(returnTo);
  return path === ROUTES.home ? ROUTES.login : `${ROUTES.login}?redirect=${encodeURIComponent(path)}`;
}

/**
 * The page to come back to after logging in: this one. The window's address, not a remote router's, which
 * lacks the mount path.
 */
let serverRenderPath = '/';

/** The page a server render is for: links back to it are rendered where there is no window to ask. */
export function setServerRenderPath(path: string): void {
  serverRenderPath = path;
}

export function currentReturnPath(): string {
  if (typeof window === 'undefined') return serverRenderPath;
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}
