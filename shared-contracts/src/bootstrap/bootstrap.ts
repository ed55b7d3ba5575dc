import type { Area, Language } from '../areas.js';
import type { Precheck } from '../api/schemas.js';
import { readDataIsland } from '../first-view.js';
import { loadSimpleGames } from '../api/game-links.js';
import { platformApi } from '../api/platform-api.js';
import { ApiError } from '../api/client-contract.js';
import { applyTheme } from '../theme.js';
import { COMMON_NAMESPACE, loadCommonMessages } from '../i18n/common-namespace.js';
import { addNamespace, initI18n, type NamespaceLoader } from '../i18n/i18n.js';
import { requestedPageContext } from '../page-context.js';
import { STORAGE_KEYS, UNCHECKED_LINK_TOKEN_KEY, safeStorage } from '../session/storage-keys.js';
import { readGameEntry, type GameEntry } from '../session/game-entry.js';
import { yieldToBrowser } from '../yield.js';
import {
  platformStore,
  restoreGameClient,
  setGameClient,
  setPlatformContext,
  tokenAtom,
  userNameAtom,
  type PlatformContext,
} from '../session/store.js';
import { followKeptLoginElsewhere, login, offerAccountSwitch, readStoredLogin } from '../session/login-state.js';
import { applyGameEntryForm, restoreCsForm } from '../session/support-draft.js';

export type BootstrapResult = { status: 'ready'; context: PlatformContext } | { status: 'reloading' };

/**
 * Start-up steps 1 to 4 of DESIGN §3, shared by the shell and the standalone harness: brand, area (with the
 * reload rule of SPEC §4), session from the URL or storage (token removed from the address bar; a logout in another
 * tab ends it here too), language with the common messages and the caller's own namespaces. Rejects when the
 * game-info check fails (SPEC §8), once the messages have come, so the caller can say so in the page's language.
 */
export async function bootstrapPlatform(
  win: Window = window,
  namespaces: Readonly<Record<string, NamespaceLoader>> = {},
): Promise<BootstrapResult> {
  const entry = takeGameEntry(win);
  const local = safeStorage('local');
  const { brand, askedArea, areaFromUrl, area, language } = requestedPageContext({
    host: win.location.host,
    search: win.location.search,
    storedArea: local?.getItem(STORAGE_KEYS.area),
    storedLanguage: local?.getItem(STORAGE_KEYS.specLang),
  });
  applyTheme(brand, win.document.documentElement);
  setPlatformContext({ brand, area, language });
  // The page was painted from its HTML: what follows (i18next's set-up, the start-up check) is a task of its own,
  // not the end of this one (issue 13).
  await yieldToBrowser();

  // The messages load while the start-up check is under way: only the reload rule waits for its answer.
  const messages = initI18n(language).then(() =>
    Promise.all(
      Object.entries({ [COMMON_NAMESPACE]: loadCommonMessages, ...namespaces }).map(([namespace, load]) => addNamespace(namespace, load)),
    ),
  );
  messages.catch(() => undefined);
  let serverArea: Area;
  try {
    serverArea = await precheckArea(area, language);
  } catch (error) {
    // The caller shows the failure, in the page's language when its messages came.
    await messages.catch(() => undefined);
    throw error;
  }
  if (serverArea && serverArea !== askedArea && areaFromUrl) {
    const url = new URL(win.location.href);
    url.searchParams.set(STORAGE_KEYS.area, serverArea);
    // The address no longer carries a game client's entry: the reloaded page finds it in the tab's storage.
    if (entry) safeStorage('session')?.setItem(CARRIED_ENTRY_KEY, JSON.stringify(entry));
    win.location.replace(url.toString());
    return { status: 'reloading' };
  }
  const context: PlatformContext = { brand, area: serverArea, language };
  setPlatformContext(context);

  restoreGameClient();
  if (entry) setGameClient({ clientId: entry.clientId, isFromGameFaq: entry.isFromGameFaq });
  const linkLogin = restoreSession(entry?.token ?? null);
  followKeptLoginElsewhere();
  restoreCsForm();
  if (entry?.form) applyGameEntryForm(entry.form);
  // Game links feed the side menu, the recharge link and repay buttons; a failure is reported, not fatal.
  loadSimpleGames().catch(() => undefined);
  // A game client's player is logged in before the first screen, which would otherwise ask them to log in.
  await Promise.all([messages, linkLogin]);
  return { status: 'ready', context };
}

/**
 * The data island the shell's page carries the game-info check's answer in, with the area it asked about: the
 * page's server asked the API as the browser would (the answer depends only on the host, area and language), so a
 * guest's start-up neither waits for that round trip nor loads the API client (axios) before its first view works.
 */
export const PRECHECK_ISLAND_ID = 'platform-precheck';

export type CarriedPrecheck = Precheck & { askedAbout: Area };

/**
 * The game-info check (SPEC §8) for the area the page asks about (its `domain_area`): the area the server settled on,
 * or it logs the error and rethrows it. The page's answer serves when it was about the same area; otherwise (an area
 * stored in the browser only, or no island: the server could not ask, the standalone harness) the API is asked. A
 * network or HTTP failure has been reported with 1106 by the API client already; an answer whose `result` is false
 * fails too, since its area cannot be trusted. Start-up then stops with a notice (the caller's) instead of guessing.
 */
async function precheckArea(requestedArea: Area, language: Language): Promise<Area> {
  try {
    const carried = readDataIsland<CarriedPrecheck>(PRECHECK_ISLAND_ID, language);
    const { result, area } = carried?.askedAbout === requestedArea ? carried : await platformApi().call('gamesPrecheck');
    if (!result) throw new Error('The game-info check answered result: false');
    return area;
  } catch (error) {
    console.error('games/precheck failed', error);
    throw error;
  }
}

const ENTRY_KEY = Symbol.for('publisher.platform.gameEntry');

/**
 * A game client's entry (`readGameEntry`), taken out of the address bar the first time it is asked for: the shell
 * asks before its first request (remotes.json), so no request of the page carries the token in its Referer, and
 * the bootstrap asks again (the standalone harness calls only the bootstrap). Later calls get the same entry.
 */
export function takeGameEntry(win: Window = window): GameEntry | null {
  const holder = globalThis as unknown as Record<symbol, { entry: GameEntry | null } | undefined>;
  const taken = holder[ENTRY_KEY];
  if (taken) return taken.entry;
  const { entry, cleanHref } = readGameEntry(win.location.href);
  if (entry) win.history.replaceState(win.history.state, '', cleanHref);
  holder[ENTRY_KEY] = { entry: entry ?? carriedEntry() };
  return holder[ENTRY_KEY].entry;
}

const CARRIED_ENTRY_KEY = 'game_entry';

/** An entry kept over the area reload of SPEC §4, once. */
function carriedEntry(): GameEntry | null {
  const session = safeStorage('session');
  const raw = session?.getItem(CARRIED_ENTRY_KEY);
  session?.removeItem(CARRIED_ENTRY_KEY);
  try {
    return raw ? (JSON.parse(raw) as GameEntry) : null;
  } catch {
    return null;
  }
}

/**
 * The login (SPEC §4): from storage, checked with `/users/info` in the background (the page does not wait, a -600
 * logs out, a network error keeps the login); or from a game client's link, whose token is checked with
 * `/website/login/auth` first and logs in only when the API knows it. A link's token for another account than the
 * one this tab is logged in with is offered to the player (`offerAccountSwitch`) rather than taking over the session
 * (a link can come from anyone); an unknown token changes nothing, one the API could not be asked about is asked
 * about again (`checkLinkToken`). The token is sent in the Authorization header,
 * never in a URL, so no log line or Referer carries it.
 */
function restoreSession(urlToken: string | null): Promise<void> {
  const stored = readStoredLogin();
  if (stored) {
    const { token } = stored;
    const remember = safeStorage('local')?.getItem(STORAGE_KEYS.token) === token;
    login(stored, { remember, reason: 'restored' });
    void platformApi()
      .call('usersInfo', { query: { platform: 'web' } })
      .then((info) => {
        if (platformStore.get(tokenAtom) === token)
          login({ token, userName: info.account, type: info.type, role: info.role }, { remember, reason: 'restored' });
      })
      .catch(() => undefined);
  }
  const session = safeStorage('session');
  const linkToken = urlToken ?? session?.getItem(UNCHECKED_LINK_TOKEN_KEY) ?? null;
  session?.removeItem(UNCHECKED_LINK_TOKEN_KEY);
  if (!linkToken || linkToken === stored?.token) return Promise.resolve();
  return checkLinkToken(linkToken);
}

/**
 * Checks a game link's token and logs in with it (see restoreSession). The address bar no longer has it: when the
 * API cannot be reached, the page goes on as it is, checks it again once the browser is back online, and keeps it in
 * the tab's storage for its next start, so the player is not left logged out by a moment without network.
 */
function checkLinkToken(token: string): Promise<void> {
  return platformApi()
    .call('loginAuth', { token })
    .then((account) => {
      safeStorage('session')?.removeItem(UNCHECKED_LINK_TOKEN_KEY);
      const state = { token, userName: account.account, type: account.type, role: account.role };
      const current = platformStore.get(tokenAtom);
      // The same account with a new token (the game logged in again) is no switch.
      if (current === null || current === token || platformStore.get(userNameAtom) === account.account) login(state, { remember: false });
      else offerAccountSwitch(state);
    })
    .catch((error: unknown) => {
      if (!(error instanceof ApiError && error.kind === 'network')) return;
      safeStorage('session')?.setItem(UNCHECKED_LINK_TOKEN_KEY, token);
      // Unless a logout forgot it meanwhile.
      const checkAgain = () => {
        if (safeStorage('session')?.getItem(UNCHECKED_LINK_TOKEN_KEY) === token) void checkLinkToken(token);
      };
      window.addEventListener('online', checkAgain, { once: true });
    });
}
