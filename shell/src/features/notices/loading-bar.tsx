import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getMountedApps } from 'single-spa';
import { on } from 'shared-contracts';
import styles from './notices.module.css';

/**
 * How long a navigation's change of apps (single-spa loading and mounting a remote) may take before the bar shows:
 * an app already loaded mounts within it, so the bar does not flicker.
 */
const APP_CHANGE_GRACE_MS = 300;

/**
 * The loading indicator: for the calls SPEC §7 marks as showing loading, and while a navigation waits for a remote's
 * code (on a slow network the region would otherwise stay blank for seconds). Not for the first page's remote,
 * whose first view the HTML already shows.
 */
export function LoadingBar() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(0);
  const [appsChanging, setAppsChanging] = useState(false);
  useEffect(() => on('loading:changed', ({ pending: count }) => setPending(count)), []);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = () => {
      // The first page's change mounts apps where none was: its view is the HTML's. Later ones leave a page.
      if (getMountedApps().length > 0) timer = setTimeout(() => setAppsChanging(true), APP_CHANGE_GRACE_MS);
    };
    const ended = () => {
      clearTimeout(timer);
      setAppsChanging(false);
    };
    window.addEventListener('single-spa:before-app-change', started);
    window.addEventListener('single-spa:app-change', ended);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('single-spa:before-app-change', started);
      window.removeEventListener('single-spa:app-change', ended);
    };
  }, []);
  if (pending === 0 && !appsChanging) return null;
  return <div className={styles.loadingBar} role="progressbar" aria-label={t('common:state.loading')} data-testid="loading-bar" />;
}
