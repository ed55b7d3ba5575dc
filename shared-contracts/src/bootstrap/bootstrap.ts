import type { Area } from '../areas.js';
import { loadSimpleGames } from '../api/game-links.js';
import { platformApi } from '../api/platform-api.js';
import { applyTheme } from '../theme.js';
import { COMMON_NAMESPACE, loadCommonMessages } from '../i18n/common-namespace.js';
import { addNamespace, initI18n, type NamespaceLoader } from '../i18n/i18n.js';
import { requestedPageContext } from '../page-context.js';
import { STORAGE_KEYS, safeStorage } from '../session/storage-keys.js';
import {
  ACCOUNT_TYPES,
  login,
  platformStore,
  readStoredLogin,
  restoreCsForm,
  setPlatformContext,
  takeTokenFromUrl,
  tokenAtom,
  type PlatformContext,
} from '../session/store.js';

export type BootstrapResult = { status: 'ready'; context: PlatformContext } | { status: 'reloading' };

/**
 * Start-up steps 1 to 4 of DESIGN §3, shared by the shell and the standalone harness: brand, area (with the
 * reload rule of SPEC §4), session from the URL or storage (token removed from the address bar), language with the
 * common messages and the caller's own namespaces. Rejects when the game-info check fails (SPEC §8), once the
 * messages have come, so the caller can say so in the page's language.
 */
export async function bootstrapPlatform(
  win: Window = window,
  namespaces: Readonly<Record<string, NamespaceLoader>> = {},
): Promise<BootstrapResult> {
  const local = safeStorage('local');
  const { brand, askedArea, areaFromUrl, area, language } = requestedPageContext({
    host: win.location.host,
    search: win.location.search,
    storedArea: local?.getItem(STORAGE_KEYS.area),
    storedLanguage: local?.getItem(STORAGE_KEYS.specLang),
  });
  applyTheme(brand, win.document.documentElement);
  setPlatformContext({ brand, area, language });

  // The messages load while the start-up check is under way: only the reload rule waits for its answer.
  const messages = initI18n(language).then(() =>
    Promise.all(Object.entries({ [COMMON_NAMESPACE]: loadCommonMessages, ...namespaces }).map(([namespace, load]) => addNamespace(namespace, load))),
  );
  messages.catch(() => undefined);
  let serverArea: Area;
  try {
    serverArea = await precheckArea();
  } catch (error) {
    // The caller shows the failure, in the page's language when its messages came.
    await messages.catch(() => undefined);
    throw error;
  }
  if (serverArea && serverArea !== askedArea && areaFromUrl) {
    const url = new URL(win.location.href);
    url.searchParams.set(STORAGE_KEYS.area, serverArea);
    win.location.replace(url.toString());
    return { status: 'reloading' };
  }
  const context: PlatformContext = { brand, area: serverArea, language };
  setPlatformContext(context);

  restoreSession(win);
  restoreCsForm();
  // Game links feed the side menu, the recharge link and repay buttons; a failure is reported, not fatal.
  loadSimpleGames().catch(() => undefined);
  await messages;
  return { status: 'ready', context };
}

/**
 * The game-info check (SPEC §8): the area the server settled on, or it logs the error and rethrows it. A network or
 * HTTP failure has been reported with 1106 by the API client already; an answer whose `result` is false fails too,
 * since its area cannot be trusted. Start-up then stops with a notice (the caller's) instead of guessing an area.
 */
async function precheckArea(): Promise<Area> {
  try {
    const { result, area } = await platformApi().call('gamesPrecheck');
    if (!result) throw new Error('The game-info check answered result: false');
    return area;
  } catch (error) {
    console.error('games/precheck failed', error);
    throw error;
  }
}

/**
 * The login from the URL (a game client's `oauth_token`, taken out of the address bar at once so it never stays in
 * history or a Referer) or from storage (SPEC §4), then checked with `/users/info` in the background: the page
 * does not wait for it, a -600 logs out (the API client clears the session), a network error keeps the login.
 */
function restoreSession(win: Window): void {
  const { token: urlToken, cleanHref } = takeTokenFromUrl(win.location.href);
  if (urlToken) win.history.replaceState(win.history.state, '', cleanHref);
  const stored = readStoredLogin();
  const token = urlToken ?? stored?.token;
  if (!token) return;
  const remember = !urlToken && safeStorage('local')?.getItem(STORAGE_KEYS.token) === token;
  const known = stored?.token === token ? stored : null;
  login({ token, userName: known?.userName ?? '', type: known?.type ?? ACCOUNT_TYPES.platform }, { remember, reason: urlToken ? 'login' : 'restored' });
  void platformApi()
    .call('usersInfo', { query: { platform: 'web' } })
    .then((info) => {
      if (platformStore.get(tokenAtom) === token) login({ token, userName: info.account, type: info.type }, { remember, reason: 'restored' });
    })
    .catch(() => undefined);
}
