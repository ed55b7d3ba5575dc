// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { setI18n } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addNamespace, i18next, initI18n } from 'shared-contracts';
import { loadCommonMessages } from '../i18n/common-namespace.js';
import { NotFoundView } from './not-found-view.js';
import { routerRoot } from './router-root.js';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A remote's routes as the account remote writes them: its page, the unknown addresses below it, and the rest. */
function AccountLikeRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<p>the login</p>} />
      <Route path="/login/*" element={<NotFoundView />} />
      <Route path="*" element={null} />
    </Routes>
  );
}

async function renderAt(path: string): Promise<{ region: HTMLElement; unmount: () => Promise<void> }> {
  window.history.replaceState(null, '', path);
  const region = document.body.appendChild(document.createElement('div'));
  const Root = routerRoot(AccountLikeRoutes);
  const root = createRoot(region);
  await act(async () => root.render(<Root name="account" basename="/" />));
  return { region, unmount: () => act(async () => root.unmount()) };
}

beforeAll(async () => {
  await initI18n('en');
  await addNamespace('common', loadCommonMessages);
  setI18n(i18next);
});

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  delete window.singleSpaNavigate;
});

describe('NotFoundView under a remote’s own prefix', () => {
  it('says the page is not found, with a link home that single-spa follows without a reload', async () => {
    const navigate = vi.fn();
    window.singleSpaNavigate = navigate;
    const { region, unmount } = await renderAt('/login/xyz');
    const page = region.querySelector('[data-testid="not-found"]');
    expect(page?.className).toBe('not-found');
    expect(page?.querySelector('h2')?.textContent).toBe('Page not found');
    expect(page?.querySelector('p')?.textContent).toBe(i18next.t('common:notFound.body'));
    const home = page?.querySelector('a');
    expect(home?.getAttribute('href')).toBe('/');
    expect(home?.textContent).toBe('Go to the front page');
    await act(async () => home?.click());
    expect(navigate).toHaveBeenCalledWith('/');
    await unmount();
  });

  it('is not shown for the remote’s own page or another app’s address, which the catch-all leaves empty', async () => {
    for (const [path, text] of [
      ['/login', 'the login'],
      ['/', ''],
      ['/SupportCenter/game', ''],
    ] as const) {
      const { region, unmount } = await renderAt(path);
      expect(region.textContent, path).toBe(text);
      await unmount();
    }
  });
});
