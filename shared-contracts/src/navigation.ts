declare global {
  interface Window {
    /** Defined by single-spa when it runs: navigates without a reload and tells every app's router. */
    singleSpaNavigate?: (url: string) => void;
  }
}

/**
 * Navigates to a path owned by any app. Inside the shell, single-spa reroutes without a reload; in a remote's
 * standalone page (no single-spa) a path of another remote is a normal page load.
 */
export function navigateTo(url: string): void {
  if (typeof window.singleSpaNavigate === 'function') window.singleSpaNavigate(url);
  else window.location.assign(url);
}
