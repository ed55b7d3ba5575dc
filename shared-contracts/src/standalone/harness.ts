// By the package's name, not relative paths: the harness is its own entry point, and a relative import would give
// it copies of the session store and i18next apart from the shared ones the remote uses.
import {
  AREA_LANGUAGES,
  ApiError,
  BRAND_IDS,
  LANGUAGES,
  LANGUAGE_NAMES,
  bootstrapPlatform,
  completeLogin,
  i18next,
  isLanguage,
  languageChangeHref,
  on,
  platformApi,
  platformStore,
  signOut,
  startPlatformLiveEvents,
  tokenAtom,
  userNameAtom,
  type PlatformEventName,
  type RemoteApp,
} from 'shared-contracts';

const LOGGED_EVENTS: PlatformEventName[] = [
  'session:changed',
  'session:expired',
  'inquiry:updated',
  'toast:show',
  'locale:change-requested',
  'remote:failed',
];

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function labelled(label: string, control: HTMLElement): HTMLLabelElement {
  const wrapper = element('label', { class: 'harness-field' });
  wrapper.append(element('span', {}, label), control);
  return wrapper;
}

/**
 * The session picker: log in with any account of the API (the demo ones on the embedded database) or log out,
 * so QA can try a remote as a guest and as a player without the account remote.
 */
function sessionPicker(t: (key: string) => string): HTMLElement {
  const form = element('form', { class: 'harness-session', 'data-testid': 'harness-session' });
  const status = element('span', { 'aria-live': 'polite' });
  const account = element('input', { name: 'account', autocomplete: 'username', 'aria-label': t('account'), placeholder: t('account') });
  const password = element('input', {
    name: 'password',
    type: 'password',
    autocomplete: 'current-password',
    'aria-label': t('password'),
    placeholder: t('password'),
  });
  const submit = element('button', { type: 'submit' }, t('login'));
  const logoutButton = element('button', { type: 'button' }, t('logout'));
  const render = () => {
    const name = platformStore.get(userNameAtom);
    const loggedIn = platformStore.get(tokenAtom) !== null;
    status.textContent = loggedIn ? i18next.t('common:harness.loggedInAs', { name: name ?? '' }) : '';
    for (const control of [account, password, submit]) control.hidden = loggedIn;
    logoutButton.hidden = !loggedIn;
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit.disabled = true;
    platformApi()
      .call('loginPassword', { body: { account: account.value.trim(), password: password.value } })
      .then((result) => {
        password.value = '';
        completeLogin(result, false);
      })
      .catch((error: unknown) => {
        // As the site words it; a refusal's own key after it, for QA to tell them apart (invalidCredentials...).
        status.textContent =
          error instanceof ApiError && error.kind === 'network'
            ? i18next.t('common:errors.network')
            : `${i18next.t('common:errors.submitFailed')} (${error instanceof Error ? error.message : String(error)})`;
      })
      .finally(() => {
        submit.disabled = false;
      });
  });
  logoutButton.addEventListener('click', () => void signOut());
  on('session:changed', render);
  render();
  form.append(status, account, password, submit, logoutButton);
  return form;
}

/**
 * Standalone mode (DESIGN §3): mounts a remote's own `./app` alone, against the real API, inside a small
 * harness for QA with brand, language and session pickers and a log of bus events. Written without React so
 * it adds nothing to the remote's own bundle graph.
 */
export async function startStandalone(options: {
  name: string;
  app: RemoteApp;
  basename: string;
  /** Where QA lands when opening the remote's origin at `/` (the account remote has nothing at `/`). */
  startPath?: string;
}): Promise<void> {
  let result: Awaited<ReturnType<typeof bootstrapPlatform>>;
  try {
    result = await bootstrapPlatform();
  } catch {
    // The game-info check failed (SPEC §8, logged and reported): QA sees it rather than a remote on a guessed area.
    const notice = element('div', { role: 'alert', 'data-testid': 'startup-failed', class: 'remote-notice' });
    const reload = element('button', { type: 'button', class: 'button-primary' }, i18next.t('common:remote.reload'));
    reload.addEventListener('click', () => window.location.reload());
    notice.append(element('p', {}, i18next.t('common:errors.network')), reload);
    document.body.append(notice);
    return;
  }
  if (result.status === 'reloading') return;
  const { brand, area, language } = result.context;
  const t = (key: string) => i18next.t(`common:harness.${key}`);

  const title = `${t('title')}: ${options.name}`;
  document.title = title;
  const bar = element('header', { class: 'harness-bar', 'data-testid': 'standalone-harness' });
  bar.append(element('strong', {}, title));

  const brandSelect = element('select', { 'aria-label': t('brand') });
  for (const id of BRAND_IDS) {
    const option = element('option', { value: id }, id);
    option.selected = id === brand.id;
    brandSelect.append(option);
  }
  brandSelect.addEventListener('change', () => {
    const url = new URL(window.location.href);
    url.hostname = `${brandSelect.value}.localhost`;
    window.location.assign(url.toString());
  });
  bar.append(labelled(t('brand'), brandSelect));

  const languageSelect = element('select', { 'aria-label': t('language') });
  const offered = new Set([...AREA_LANGUAGES[area], ...LANGUAGES]);
  for (const code of offered) {
    const option = element('option', { value: code }, LANGUAGE_NAMES[code]);
    option.selected = code === language;
    languageSelect.append(option);
  }
  languageSelect.addEventListener('change', () => {
    if (isLanguage(languageSelect.value)) window.location.assign(languageChangeHref(window.location.href, languageSelect.value));
  });
  bar.append(labelled(t('language'), languageSelect));

  bar.append(sessionPicker(t));

  const log = element('ol', { class: 'harness-log', 'aria-label': t('events'), 'aria-live': 'polite' });
  for (const name of LOGGED_EVENTS) {
    on(name, (detail) => {
      const entry = element('li', {}, `${new Date().toISOString().slice(11, 19)} ${name} ${JSON.stringify(detail)}`);
      log.prepend(entry);
    });
  }
  const details = element('details', { class: 'harness-events' });
  details.append(element('summary', {}, t('events')), log);
  bar.append(details);

  // A remote nested under a path (support under /SupportCenter) opens at that path when started at /.
  if (options.basename !== '/' && !window.location.pathname.startsWith(options.basename)) {
    window.history.replaceState(null, '', options.basename + window.location.search);
  } else if (options.startPath && window.location.pathname === '/') {
    window.history.replaceState(null, '', options.startPath + window.location.search);
  }
  const root = element('main', { id: 'standalone-root' });
  document.body.append(bar, root);
  const props = { name: options.name, basename: options.basename, domElement: root };
  await options.app.bootstrap(props);
  await options.app.mount(props);
  // The live channel the shell starts on the site: a conversation and the desk follow changes alone too.
  startPlatformLiveEvents();
}
