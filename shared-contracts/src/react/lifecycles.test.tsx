// @vitest-environment happy-dom
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n, type RemoteProps } from 'shared-contracts';
import { dataIsland, inertControls } from '../server/first-view.js';
import { createRemoteApp } from './lifecycles.js';

const crashed = { remote: { crashed: 'This part of the page stopped working.', reload: 'Reload' } };

function Greeting({ name, basename }: RemoteProps) {
  const [greeting] = useState(() => i18next.t('test:hello', { name }));
  return <p data-testid="greeting">{`${greeting} at ${basename}`}</p>;
}

/** A first view with a controlled field and a button, as a login form is. */
function Form({ name }: RemoteProps) {
  const [account, setAccount] = useState('');
  const [sent, setSent] = useState('');
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <input name="account" value={account} onChange={(event) => setAccount(event.target.value)} />
      <button type="button" onClick={() => setSent(account)}>{`Send ${name}`}</button>
      <output>{sent}</output>
    </form>
  );
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

function appWith(rootComponent: typeof Greeting, prefetch?: () => void, firstView = '') {
  document.body.innerHTML = `<div id="single-spa-application:test">${firstView}</div>`;
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

  it('hydrates the first view the page carries: its elements stay, its disabled controls work, its data islands go, typed text counts', async () => {
    const html = inertControls(renderToString(<Form name="test" basename="/" />));
    expect(html).toMatch(/<button disabled="" data-inert-until-mount=""/);
    const app = appWith(Form, undefined, `${html}${dataIsland('test-data', 'en', [1])}`);
    const field = region().querySelector('input')!;
    const button = region().querySelector('button')!;
    field.value = 'early-typist';
    await app.bootstrap({ name: 'test', basename: '/' });
    await app.mount({ name: 'test', basename: '/' });
    expect(region().dataset.firstView).toBe('hydrated');
    expect(region().querySelector('input')).toBe(field);
    expect(button.disabled).toBe(false);
    expect(region().querySelector('script')).toBeNull();
    await vi.waitFor(() => {
      button.click();
      expect(region().querySelector('output')?.textContent).toBe('early-typist');
    });
  });

  it('leaves a control the view itself disables disabled', () => {
    expect(inertControls('<button disabled="" type="submit">Send</button><select name="x"></select>')).toBe(
      '<button disabled="" type="submit">Send</button><select disabled="" data-inert-until-mount="" name="x"></select>',
    );
  });

  it('renders afresh, with a warning, a first view it renders differently (another version of the remote)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = appWith(Greeting, undefined, '<p data-testid="greeting">An older greeting</p>');
    await app.bootstrap({ name: 'test', basename: '/' });
    await app.mount({ name: 'test', basename: '/' });
    expect(region().textContent).toBe('Hello test at /');
    expect(region().dataset.firstView).toBe('replaced');
    expect(warn).toHaveBeenCalled();
  });
});
