// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { routerRoot } from './router-root.js';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A remote's routes as support writes them: paths relative to where the shell nests the remote. */
function SupportLikeRoutes() {
  return (
    <Routes>
      <Route path="game" element={<Link to="../history">history</Link>} />
      <Route path="history" element={<p>the history</p>} />
      <Route path="*" element={null} />
    </Routes>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('routerRoot: a remote root of its routes', () => {
  it('matches the address under the basename the shell hands the remote, and its links stay under it', async () => {
    window.history.replaceState(null, '', '/SupportCenter/game');
    const region = document.body.appendChild(document.createElement('div'));
    const Root = routerRoot(SupportLikeRoutes);
    const root = createRoot(region);
    await act(async () => root.render(<Root name="support" basename="/SupportCenter" />));
    const link = region.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/SupportCenter/history');

    await act(async () => link?.click());
    expect(window.location.pathname).toBe('/SupportCenter/history');
    expect(region.textContent).toBe('the history');
    await act(async () => root.unmount());
  });
});
