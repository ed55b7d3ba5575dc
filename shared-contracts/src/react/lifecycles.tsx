import { createElement, type ComponentType } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import React from 'react';
import singleSpaReact from 'single-spa-react';
import { addNamespace, i18next, type NamespaceLoader } from '../i18n/i18n.js';

/** What the shell (or the standalone harness) hands every remote at mount. */
export interface RemoteProps {
  name: string;
  /** The path the remote's router nests its routes under ('/' or '/SupportCenter'). */
  basename: string;
  domElement?: HTMLElement;
}

type LifecycleProps = Parameters<ReturnType<typeof singleSpaReact<RemoteProps>>['mount']>[0];

export interface RemoteApp {
  bootstrap: (props: RemoteProps) => Promise<unknown>;
  mount: (props: RemoteProps) => Promise<unknown>;
  unmount: (props: RemoteProps) => Promise<unknown>;
  /** The contract version this remote was built against (DESIGN §4). */
  contractVersion: string;
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
      await addNamespace(options.namespace, options.loadMessages);
      return lifecycles.bootstrap(full(props));
    },
    mount: (props) => lifecycles.mount(full(props)),
    unmount: (props) => lifecycles.unmount(full(props)),
    contractVersion: options.contractVersion,
  };
}
