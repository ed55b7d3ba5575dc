// @vitest-environment happy-dom
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n, type RemoteProps } from 'shared-contracts';
import { dataIsland, inertControls } from '../server/first-view.js';
import { useCsForm } from './hooks.js';
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

/**
 * A login form as the account remote has it: two controlled fields, in a page that reads the support draft, which
 * renders the page again as soon as it has hydrated (a hydrating render sees the draft the server rendered).
 */
function LoginForm(_props: RemoteProps) {
  useCsForm();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState('');
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <input name="account" value={account} onChange={(event) => setAccount(event.target.value)} />
      <input name="password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} />
      <button type="button" onClick={() => setSent(`${account} ${password}`)}>
        Log in
      </button>
      <output>{sent}</output>
    </form>
  );
}

/** Puts text into a field as the browser does for a player's typing: past React's record of the value, then `input`. */
function typeInto(field: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A key the player presses in a field: keydown, then (once its dispatch is over) the character, as a browser types. */
async function pressKey(field: HTMLInputElement, character: string): Promise<void> {
  field.dispatchEvent(new KeyboardEvent('keydown', { key: character, bubbles: true }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  typeInto(field, field.value + character);
}

/** Resolves once the region's root exists and has not rendered yet: the moment the take-over starts. */
async function rootCreatedIn(element: HTMLElement): Promise<void> {
  const isRoot = () => Object.keys(element).some((key) => key.startsWith('__reactContainer$'));
  for (let microtask = 0; !isRoot(); microtask += 1) {
    if (microtask > 100) throw new Error('No root was created in the region');
    await Promise.resolve();
  }
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

  it('keeps what was typed before the mount when the player types on, or clicks into the next field, while the root hydrates', async () => {
    for (const interrupt of ['keydown', 'mousedown'] as const) {
      const app = appWith(LoginForm, undefined, inertControls(renderToString(<LoginForm name="test" basename="/" />)));
      const [account, password] = region().querySelectorAll('input');
      typeInto(account!, 'early-typist');
      await app.bootstrap({ name: 'test', basename: '/' });
      const mounting = app.mount({ name: 'test', basename: '/' });
      // A key or a click in a root that is still hydrating makes React hydrate it at once, inside the event's
      // dispatch, and run its effects there: the page's second render comes before the dispatch is over.
      await rootCreatedIn(region());
      if (interrupt === 'keydown') {
        await pressKey(account!, 's');
      } else {
        password!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
        password!.focus();
      }
      await mounting;
      await pressKey(password!, 'p');
      expect(region().dataset.firstView, interrupt).toBe('hydrated');
      const typed = interrupt === 'keydown' ? 'early-typists' : 'early-typist';
      expect(account!.value, interrupt).toBe(typed);
      region().querySelector('button')!.click();
      await vi.waitFor(() => expect(region().querySelector('output')?.textContent, interrupt).toBe(`${typed} p`));
      await app.unmount({ name: 'test', basename: '/' });
    }
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
