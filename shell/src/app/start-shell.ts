import { createElement, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import {
  bootstrapPlatform,
  i18next,
  languageChangeHref,
  on,
  routeNameOf,
  setRouteName,
  yieldToBrowser,
  type PlatformContext,
} from 'shared-contracts';
import { bindReactI18n } from 'shared-contracts/react';
import { BRAND_ASSETS } from './brand-assets.js';
import { Frame, FrameFooter } from './frame.js';
import { loadShellMessages } from './messages.js';
import { appsAt, startLayout } from './layout.js';
import { preloadRemoteApps, registerRemotesFromConfig } from './remote-registry.js';
import { installSharedLoadRetry } from './shared-load-retry-plugin.js';
import { loadSharedForRemotes } from './shared-for-remotes.js';

/** Favicon, theme colour and skip link of the brand (DESIGN §3 step 1); colours were set by the bootstrap. */
function applyBrandToDocument(context: PlatformContext): void {
  const { brand } = context;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]') ?? document.head.appendChild(document.createElement('link'));
  icon.rel = 'icon';
  icon.type = 'image/svg+xml';
  icon.href = BRAND_ASSETS[brand.id].favicon;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.colors.primary);
  document.body.dataset.brand = brand.id;
  const skip = document.querySelector('.skip-link');
  if (skip) skip.textContent = i18next.t('shell:skipToContent');
}

function trackRoute(): void {
  const update = () => setRouteName(routeNameOf(window.location.pathname));
  update();
  window.addEventListener('single-spa:routing-event', update);
  window.addEventListener('popstate', update);
}

/** The shell's start-up, in the order of DESIGN §3. */
export async function startShell(): Promise<void> {
  installSharedLoadRetry();
  loadSharedForRemotes();
  // remotes.json is fetched alongside the session bootstrap, not after it, and the first page's remote right after it.
  const remotesRegistered = registerRemotesFromConfig().then(
    () => preloadRemoteApps(appsAt(window.location.pathname)),
    (error: unknown) => {
      // Without remotes.json every remote shows its notice; the frame still works.
      console.error('remotes.json could not be loaded', error);
    },
  );
  const result = await bootstrapPlatform(window, { shell: loadShellMessages });
  if (result.status === 'reloading') return;
  // The page is painted already (its first view came with the HTML): each step below runs in a task of its own.
  await yieldToBrowser();
  bindReactI18n();
  applyBrandToDocument(result.context);
  trackRoute();
  on('locale:change-requested', ({ language }) => window.location.assign(languageChangeHref(window.location.href, language)));

  // Each root replaces the frame the page's HTML carries (README "First view in the HTML"). In a transition, React renders in slices
  // that yield to the browser: the page is already painted, so this work must not hold up input.
  for (const [id, component] of [['frame-top', Frame], ['frame-bottom', FrameFooter]] as const) {
    await yieldToBrowser();
    const host = document.getElementById(id);
    if (host) startTransition(() => createRoot(host).render(createElement(component)));
  }

  await remotesRegistered;
  await yieldToBrowser();
  startLayout();
}
