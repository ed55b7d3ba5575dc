import { i18next } from 'shared-contracts';

/**
 * The page's notice when start-up stopped because the game-info check failed (SPEC §8): the region's first view
 * gives way to the network message and a reload, as no area the server confirmed is known to show it with.
 */
export function showStartupFailure(): void {
  const region = document.getElementById('app-region');
  if (!region) return;
  const notice = document.createElement('div');
  notice.className = 'remote-notice';
  notice.setAttribute('role', 'alert');
  notice.dataset.testid = 'startup-failed';
  const text = document.createElement('p');
  text.textContent = i18next.t('common:errors.network');
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'button-primary';
  reload.textContent = i18next.t('common:remote.reload');
  reload.addEventListener('click', () => window.location.reload());
  notice.append(text, reload);
  region.replaceChildren(notice);
}
