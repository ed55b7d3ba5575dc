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

/** The parts of a click that decide whether the browser should handle it (new tab, new window, download). */
interface LinkClick {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  preventDefault: () => void;
}

/**
 * Props for an `<a>` to a path of any app: a real href (so it can be opened in a new tab, copied and crawled) and a
 * plain click that navigates without a reload.
 */
export function platformLink(path: string, beforeNavigate?: () => void): { href: string; onClick: (event: LinkClick) => void } {
  return {
    href: path,
    onClick: (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      beforeNavigate?.();
      navigateTo(path);
    },
  };
}
