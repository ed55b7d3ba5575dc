import { createRemoteApp, routerRoot } from 'shared-contracts/react';
import { loadSupportMessages } from './messages.js';
import { SupportRoutes } from './support-root.js';

export const { bootstrap, mount, unmount, contractVersion } = createRemoteApp({
  namespace: 'support',
  loadMessages: loadSupportMessages,
  rootComponent: routerRoot(SupportRoutes),
  contractVersion: __BUILT_CONTRACT_VERSION__,
});
