import { createRemoteApp, routerRoot } from 'shared-contracts/react';
import { AccountRoutes } from './account-root.js';
import { loadAccountMessages } from './messages.js';

export const { bootstrap, mount, unmount, contractVersion } = createRemoteApp({
  namespace: 'account',
  loadMessages: loadAccountMessages,
  rootComponent: routerRoot(AccountRoutes),
  contractVersion: __BUILT_CONTRACT_VERSION__,
});
