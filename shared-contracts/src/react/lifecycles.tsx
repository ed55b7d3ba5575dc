import { createElement, type ComponentType } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import React from 'react';
import { setI18n } from 'react-i18next';
import singleSpaReact from 'single-spa-react';
import { addNamespace, i18next, type NamespaceLoader, type RemoteApp, type RemoteProps } from 'shared-contracts';

export type { RemoteApp, RemoteProps };

type LifecycleProps = Parameters<ReturnType<typeof singleSpaReact<RemoteProps>>['mount']>[0];

/** Points react-i18next's hooks at the one platform i18next instance (it is shared, so once is enough). */
export function bindReactI18n(): void {
  setI18n(i18next);
}

function CrashNotice() {
  return createElement(
    'div',
    { role: 'alert', className: 'platform-remote-crash' },
    createElement('p', null, i18next.t('common:remote.crashed')),
    createElement('button', { type: 'button', onClick: () => window.location.reload() }, i18next.t('common:remote.reload')),
  );
}

/**
 * single-spa lifecycles for a remote's `./app` module: loads the remote's namespace before the first mount and
 * renders its root with React 19's client API. A render error shows a translated notice in the remote's region.
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
}): RemoteApp {
  const lifecycles = singleSpaReact<RemoteProps>({
    React,
    ReactDOMClient,
    rootComponent: options.rootComponent as ComponentType<LifecycleProps>,
    errorBoundary: () => createElement(CrashNotice),
  });
  // single-spa adds its own props (singleSpa, mountParcel); the standalone harness has none to add.
  const full = (props: RemoteProps) => props as LifecycleProps;
  return {
    bootstrap: async (props) => {
      bindReactI18n();
      options.prefetch?.();
      await addNamespace(options.namespace, options.loadMessages);
      return lifecycles.bootstrap(full(props));
    },
    mount: (props) => lifecycles.mount(full(props)),
    unmount: (props) => lifecycles.unmount(full(props)),
    contractVersion: options.contractVersion,
  };
}
