import { firstViewIn, i18next, type AppLifecycles, type RemoteProps } from 'shared-contracts';
import { triggerAppChange, unloadApplication } from 'single-spa';

/** The element single-spa-layout created for an application. */
function regionOf(props: RemoteProps): HTMLElement | null {
  return props.domElement ?? document.getElementById(`single-spa-application:${props.name}`);
}

/**
 * A translated notice with a retry in a remote's region (DESIGN §3), above the first view the page's HTML brought
 * for it, if any. Retry forgets the failed load and asks single-spa to load the remote again, without reloading
 * the page. A failure is not kept for the tab: the browser coming back online retries by itself, and so does the
 * player's next visit to the remote's pages (the notice is unloaded with its region).
 */
export function createNoticeApp(options: {
  name: string;
  kind: 'unavailable' | 'incompatible';
  /** Drops whatever cached the failure before single-spa loads the app again. */
  beforeRetry: () => void;
}): AppLifecycles {
  let notice: HTMLElement | null = null;
  let retried = false;
  const retryNow = () => {
    if (retried) return;
    retried = true;
    options.beforeRetry();
    void unloadApplication(options.name).then(() => triggerAppChange());
  };
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      const region = regionOf(props);
      if (!region) return;
      retried = false;
      notice = document.createElement('div');
      notice.className = 'remote-notice';
      notice.setAttribute('role', 'alert');
      notice.dataset.testid = 'remote-notice';
      notice.dataset.remote = options.name;
      const text = document.createElement('p');
      text.textContent = i18next.t(`common:remote.${options.kind}`);
      const retry = document.createElement('button');
      retry.type = 'button';
      retry.className = 'button-primary';
      retry.textContent = i18next.t('common:remote.retry');
      retry.addEventListener('click', () => {
        retry.disabled = true;
        retryNow();
      });
      notice.append(text, retry);
      // Above the remote's first view, when the page's HTML carried one: its content and links still serve the
      // player (only what needs the remote's code waits for it), and the retry hydrates it.
      if (firstViewIn(region)) region.prepend(notice);
      else region.replaceChildren(notice);
      window.addEventListener('online', retryNow);
    },
    unmount: async () => {
      window.removeEventListener('online', retryNow);
      notice?.remove();
      notice = null;
      // The player left the remote's pages: the next visit loads it afresh (once single-spa has unmounted this).
      if (!retried) {
        retried = true;
        options.beforeRetry();
        void unloadApplication(options.name, { waitForUnmount: true });
      }
    },
  };
}
