import { stylesheetMarker } from 'shared-contracts';

/** How long the second attempt waits after the first failed: a dropped connection or a restarting origin. */
const SECOND_ATTEMPT_DELAY_MS = 2000;

/** Whether the rules of a linked stylesheet apply: the marker its file sets on the root is there. */
function applied(link: HTMLLinkElement, rootStyle: CSSStyleDeclaration): boolean {
  const file = new URL(link.href).pathname.split('/').pop() ?? '';
  return rootStyle.getPropertyValue(stylesheetMarker(file)) !== '';
}

/**
 * Fetches a failed stylesheet again in a link of its own beside it, which takes its place once loaded: the same
 * address, so the remote's chunk loader, which looks for its stylesheet by address, finds it. False when it fails
 * again.
 */
function fetchAgain(failed: HTMLLinkElement): Promise<boolean> {
  const link = failed.cloneNode() as HTMLLinkElement;
  return new Promise((resolve) => {
    link.addEventListener(
      'load',
      () => {
        failed.remove();
        resolve(true);
      },
      { once: true },
    );
    link.addEventListener(
      'error',
      () => {
        link.remove();
        resolve(false);
      },
      { once: true },
    );
    failed.after(link);
  });
}

/**
 * A stylesheet the page's HTML links that did not load (a dropped connection, a remote's origin down for a moment)
 * would leave its part of the page unstyled for good, unnoticed: the federation runtime takes a stylesheet already
 * linked for loaded, and a cross-origin link does not say it failed. The shell runs after the head's stylesheets
 * have settled; after the next paint, each whose marker (stylesheetMarker) is missing is fetched again, at once and
 * once more a moment later. Stylesheets loaded later with a remote's code need none of this: their loader fails the
 * load, and the remote's notice offers the retry.
 */
export async function recoverFailedStylesheets(): Promise<void> {
  // Read once the next frame has painted: the page's style is computed then, and reading it asks no extra work of
  // the start-up's tasks (issue 13).
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const rootStyle = getComputedStyle(document.documentElement);
  let failed = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href]')].filter((link) => !applied(link, rootStyle));
  for (const delay of [0, SECOND_ATTEMPT_DELAY_MS]) {
    if (failed.length === 0) return;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const loaded = await Promise.all(failed.map(fetchAgain));
    failed = failed.filter((_, index) => !loaded[index]);
  }
  if (failed.length > 0)
    console.error(
      'stylesheets did not load',
      failed.map((link) => link.href),
    );
}
