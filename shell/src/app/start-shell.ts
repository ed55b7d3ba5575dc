import {
  bootstrapPlatform,
  i18next,
  languageChangeHref,
  on,
  setRoute,
  startPlatformLiveEvents,
  takeGameEntry,
  yieldToBrowser,
  type BootstrapResult,
  type PlatformContext,
} from 'shared-contracts';
import { BRAND_ASSETS } from './brand-assets.js';
import { ensureBrandIcons } from '../components/brand-icon.js';
import { loadShellMessages } from './messages.js';
import { showStartupFailure } from './startup-failure.js';
import { preloadRemoteApps, registerRemotesFromConfig } from './remote-registry.js';
import { installSharedLoadRetry } from './shared-load-retry-plugin.js';
import { startNavigationFocus } from '../features/navigation-focus/navigation-focus.js';
import { loadSharedForRemotes } from './shared-for-remotes.js';
import { recoverFailedStylesheets } from './stylesheet-recovery.js';

/**
 * Favicon, theme colour, icons and skip link of the brand (DESIGN §3 step 1); colours were set by the bootstrap. A page
 * whose HTML came from the shell's server has them: only what it lacks is written.
 */
function applyBrandToDocument(context: PlatformContext): void {
  const { brand } = context;
  const favicon = BRAND_ASSETS[brand.id].favicon;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]') ?? document.head.appendChild(document.createElement('link'));
  if (icon.getAttribute('href') !== favicon) {
    icon.rel = 'icon';
    icon.type = 'image/svg+xml';
    icon.href = favicon;
  }
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.colors.primary);
  document.body.dataset.brand = brand.id;
  void ensureBrandIcons(brand.id);
  const skip = document.querySelector('.skip-link');
  if (skip) skip.textContent = i18next.t('shell:skipToContent');
}

function trackRoute(): void {
  const update = () => setRoute(window.location.pathname, window.location.search);
  update();
  window.addEventListener('single-spa:routing-event', update);
  window.addEventListener('popstate', update);
}

/**
 * The page is painted before any of this runs (its first view came with the HTML), so what follows must not block
 * it: the modules for the frame and the layout are evaluated only when their step comes, each after a yield to the
 * browser, rather than all at once with the entry. They come with the entry's own chunks ("eager": no request).
 */
const frameRoots = () => import(/* webpackMode: "eager" */ './frame-roots.js');
const layout = () => import(/* webpackMode: "eager" */ './layout.js');

/** The shell's start-up, in the order of DESIGN §3. */
export async function startShell(): Promise<void> {
  // The modules were evaluated in this task: the start-up begins in the next.
  await yieldToBrowser();
  void recoverFailedStylesheets();
  // A game client's token leaves the address bar before the scripts' first request (remotes.json, the start-up
  // check), so none of them carries it in its Referer.
  takeGameEntry(window);
  installSharedLoadRetry();
  loadSharedForRemotes();
  // remotes.json is fetched alongside the session bootstrap, not after it, and the first page's remote right after it.
  const remotesRegistered = registerRemotesFromConfig().then(
    async () => {
      await yieldToBrowser();
      const { appsAt } = await layout();
      preloadRemoteApps(appsAt(window.location.pathname));
    },
    (error: unknown) => {
      // Without remotes.json every remote shows its notice; the frame still works.
      console.error('remotes.json could not be loaded', error);
    },
  );
  let result: BootstrapResult;
  try {
    result = await bootstrapPlatform(window, { shell: loadShellMessages });
  } catch {
    // The game-info check failed, and was logged, reported and rethrown (SPEC §8): the frame still works, and the
    // page says what happened and offers a reload instead of going on with an area the server never confirmed.
    await yieldToBrowser();
    await (await frameRoots()).renderFrame();
    showStartupFailure();
    return;
  }
  if (result.status === 'reloading') return;
  await yieldToBrowser();
  applyBrandToDocument(result.context);
  trackRoute();
  on('locale:change-requested', ({ language }) => window.location.assign(languageChangeHref(window.location.href, language)));

  await yieldToBrowser();
  await (await frameRoots()).renderFrame();

  await remotesRegistered;
  await yieldToBrowser();
  (await layout()).startLayout();
  startNavigationFocus();
  // After the first page: the live channel (issue 15) is for what changes later, never for the first view.
  await yieldToBrowser();
  startPlatformLiveEvents();
}
