import { startTransition, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { setI18n } from 'react-i18next';
import {
  addNamespace,
  firstViewIn,
  i18next,
  releaseFirstView,
  type NamespaceLoader,
  type RemoteApp,
  type RemoteProps,
} from 'shared-contracts';
import { ErrorBoundary } from './error-boundary.js';

export type { RemoteApp, RemoteProps };

/** Points react-i18next's hooks at the one platform i18next instance (it is shared, so once is enough). */
export function bindReactI18n(): void {
  setI18n(i18next);
}

function CrashNotice() {
  return (
    <div role="alert" className="platform-remote-crash">
      <p>{i18next.t('common:remote.crashed')}</p>
      <button type="button" className="button-primary" onClick={() => window.location.reload()}>
        {i18next.t('common:remote.reload')}
      </button>
    </div>
  );
}

/** Settles a mount once React has committed the remote's first render, as single-spa expects. */
function Mounted({ onMounted, children }: { onMounted: () => void; children: ReactNode }) {
  // In the commit's own task: no keystroke can land between the first view's removal and this.
  useLayoutEffect(() => onMounted(), [onMounted]);
  return children;
}

/** Where single-spa-layout put the remote's region, unless the caller (the standalone harness) hands one over. */
function regionOf(props: RemoteProps): HTMLElement {
  const region = props.domElement ?? document.getElementById(`single-spa-application:${props.name}`);
  if (!region) throw new Error(`No region to mount the ${props.name} remote in`);
  return region;
}

/**
 * A first view that this code renders differently is replaced instead, which React reports as a recoverable error:
 * expected during a rollout (a fragment from another version of the remote).
 */
function reportReplacedFirstView(error: unknown): void {
  console.warn('The first view was rendered afresh instead of hydrated:', error instanceof Error ? error.message : error);
}

type TextField = HTMLInputElement | HTMLTextAreaElement;
const TEXT_FIELDS = 'input[name]:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]):not([type="file"]), textarea[name]';

/** What the player typed into a first view's text fields before the app's root replaced them, by field name. */
interface TypedState {
  values: Map<string, string>;
  focusedName: string | null;
}

/**
 * Follows a first view's text fields from the start of the mount until the root's first commit replaces them: the
 * values typed so far, then every input up to the last moment, and the field that has focus.
 */
function followTypedText(region: HTMLElement): { stop: () => TypedState } {
  const state: TypedState = { values: new Map(), focusedName: null };
  for (const field of region.querySelectorAll<TextField>(TEXT_FIELDS))
    if (field.value !== field.defaultValue) state.values.set(field.name, field.value);
  if (document.activeElement instanceof HTMLElement && region.contains(document.activeElement))
    state.focusedName = document.activeElement.getAttribute('name');
  const onInput = (event: Event) => {
    const field = event.target;
    if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.matches(TEXT_FIELDS))
      state.values.set(field.name, field.value);
  };
  const onFocus = (event: Event) => {
    if (event.target instanceof HTMLElement) state.focusedName = event.target.getAttribute('name');
  };
  region.addEventListener('input', onInput, true);
  region.addEventListener('focusin', onFocus, true);
  return {
    stop: () => {
      region.removeEventListener('input', onInput, true);
      region.removeEventListener('focusin', onFocus, true);
      return state;
    },
  };
}

/**
 * Gives the mounted app the text typed before it mounted, in the commit's layout phase: a replaced field is empty and
 * gets it back, a hydrated one still shows it but React took it for the field's value as it hydrated, so its state
 * still holds what the server rendered. Focus goes back into the field the player was in, so typing goes on there.
 * It must reach React's state before anything renders again: a key pressed or a click while the root hydrates makes
 * React hydrate at once in that event's task and run the effects there, and the render they start (the page's second
 * render, with what this tab knows) would put every controlled field back to its empty state before a later task or
 * microtask could hand the text over. An input event dispatched now runs the field's onChange; React cannot render
 * during its commit, so it puts the field back to its rendered value for a moment, and the render that ends the
 * commit, in this task, shows the text from the new state, together with whatever the effects changed.
 */
function restoreTypedText(region: HTMLElement, { values, focusedName }: TypedState): void {
  for (const field of region.querySelectorAll<TextField>(TEXT_FIELDS)) {
    const value = values.get(field.name);
    if (value !== undefined && (field.value === '' || field.value === value)) handToReact(field, value);
    if (focusedName !== null && field.name === focusedName) field.focus();
  }
}

/**
 * Runs a field's onChange with `value`. React counts an input event as a change only when the value differs from the
 * last one it knows of, which for a hydrated field is the typed text: that one is set to empty (through React's own
 * setter) first.
 */
function handToReact(field: TextField, value: string): void {
  field.value = '';
  setFieldValue(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Sets a field's value past React's tracking of it, so that the input event after it counts as a change. */
function setFieldValue(field: TextField, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}

/**
 * single-spa lifecycles for a remote's `./app` module: loads the remote's namespace before the first mount, then
 * hydrates the first view the page carries or renders its root, with React 19's client API. A render error shows a translated notice in the remote's region.
 * Written here rather than taken from single-spa-react, whose adapters for older React versions and for parcels
 * were a tenth of every remote's first download.
 */
export function createRemoteApp(options: {
  namespace: string;
  loadMessages: NamespaceLoader;
  rootComponent: ComponentType<RemoteProps>;
  contractVersion: string;
  /**
   * Starts loading what the remote's first view always needs, so that request goes out alongside the messages
   * instead of after them and the first render: on a slow line each step in that chain is a round trip.
   */
  prefetch?: () => void;
  /**
   * Whether the first view the HTML carries can be this address's: the edge renders a route for every guest alike,
   * without the query, so an address whose query changes the view (a login provider's answer on /login) gets it
   * replaced, not hydrated into a mismatch.
   */
  firstViewFits?: (search: string) => boolean;
}): RemoteApp {
  const RootComponent = options.rootComponent;
  const roots = new Map<string, Root>();
  return {
    bootstrap: async () => {
      bindReactI18n();
      options.prefetch?.();
      await addNamespace(options.namespace, options.loadMessages);
    },
    mount: async (props) => {
      const region = regionOf(props);
      return new Promise<void>((resolve) => {
        const typing = followTypedText(region);
        const firstView = firstViewIn(region);
        const mounted = () => {
          if (firstView) {
            // Still in the page: React hydrated it. Gone: the first view was not this code's render (a fragment from
            // another version of the remote), and React rendered the root afresh.
            const hydrated = region.contains(firstView);
            region.dataset.firstView = hydrated ? 'hydrated' : 'replaced';
            if (hydrated) releaseFirstView(region);
          }
          restoreTypedText(region, typing.stop());
          resolve();
        };
        const app = (
          <Mounted onMounted={mounted}>
            {/* A render error anywhere in a remote shows the translated notice in its region instead of unmounting it. */}
            <ErrorBoundary fallback={() => <CrashNotice />}>
              <RootComponent {...props} />
            </ErrorBoundary>
          </Mounted>
        );
        // The root takes over the first view the page's HTML carries (README "First view in the HTML"): it hydrates
        // it, keeping its elements (no second layout, the LCP image stays the one painted), and keeps what the player
        // typed into it. In a transition, React works in slices that yield to the browser: the page is already
        // painted, so this work must not hold up input.
        const hydrates = firstView !== undefined && (options.firstViewFits?.(location.search) ?? true);
        startTransition(() => {
          if (hydrates) {
            roots.set(props.name, hydrateRoot(region, app, { onRecoverableError: reportReplacedFirstView }));
            return;
          }
          const root = createRoot(region);
          roots.set(props.name, root);
          root.render(app);
        });
      });
    },
    unmount: async (props) => {
      roots.get(props.name)?.unmount();
      roots.delete(props.name);
    },
    contractVersion: options.contractVersion,
  };
}
