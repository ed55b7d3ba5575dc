import { createRemoteApp, routerRoot } from 'shared-contracts/react';
import { AccountRoutes } from './account-root.js';
import { loadAccountMessages } from './messages.js';

const app = createRemoteApp({
  namespace: 'account',
  loadMessages: loadAccountMessages,
  rootComponent: routerRoot(AccountRoutes),
  contractVersion: __BUILT_CONTRACT_VERSION__,
});

export const { bootstrap, mount, unmount, contractVersion } = app;
export default app;
