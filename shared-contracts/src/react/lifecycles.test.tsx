// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n, type RemoteProps } from 'shared-contracts';
import { createRemoteApp } from './lifecycles.js';

const crashed = { remote: { crashed: 'This part of the page stopped working.', reload: 'Reload' } };

function Greeting({ name, basename }: RemoteProps) {
  const [greeting] = useState(() => i18next.t('test:hello', { name }));
  return <p data-testid="greeting">{`${greeting} at ${basename}`}</p>;
}

function Broken(): never {
  throw new Error('render failed');
}

const region = () => document.getElementById('single-spa-application:test')!;

beforeAll(async () => {
  await initI18n('en');
  i18next.addResourceBundle('en', 'common', crashed, true, false);
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function appWith(rootComponent: typeof Greeting, prefetch?: () => void) {
  document.body.innerHTML = '<div id="single-spa-application:test"></div>';
  return createRemoteApp({
    namespace: 'test',
    loadMessages: async () => ({ hello: 'Hello {{name}}' }),
    rootComponent,
    contractVersion: '1.0.0',
    prefetch,
  });
}

describe('createRemoteApp: the lifecycles every remote exports', () => {
  it('bootstraps the namespace and starts the prefetch, then mounts into the region single-spa-layout made, settled once rendered', async () => {
    const prefetch = vi.fn();
    const app = appWith(Greeting, prefetch);
    await app.bootstrap({ name: 'test', basename: '/' });
    expect(prefetch).toHaveBeenCalledTimes(1);
    await app.mount({ name: 'test', basename: '/SupportCenter' });
    expect(region().textContent).toBe('Hello test at /SupportCenter');
    await app.unmount({ name: 'test', basename: '/SupportCenter' });
    expect(region().innerHTML).toBe('');
  });

  it('mounts into the element it is handed (the standalone harness)', async () => {
    const app = appWith(Greeting);
    const own = document.body.appendChild(document.createElement('section'));
    await app.bootstrap({ name: 'test', basename: '/', domElement: own });
    await app.mount({ name: 'test', basename: '/', domElement: own });
    expect(own.textContent).toBe('Hello test at /');
    expect(region().innerHTML).toBe('');
    await app.unmount({ name: 'test', basename: '/', domElement: own });
    expect(own.innerHTML).toBe('');
  });

  it('shows the translated crash notice in its region when its root fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = appWith(Broken);
    await app.bootstrap({ name: 'test', basename: '/' });
    await app.mount({ name: 'test', basename: '/' });
    const notice = region().querySelector('[role="alert"]');
    expect(notice?.textContent).toContain(crashed.remote.crashed);
    expect(notice?.querySelector('button')?.textContent).toBe(crashed.remote.reload);
  });
});
