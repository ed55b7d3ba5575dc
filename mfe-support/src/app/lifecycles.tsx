import { createRemoteApp, routerRoot } from 'shared-contracts/react';
import { loadSupportMessages } from './messages.js';
import { SupportRoutes } from './support-root.js';

const app = createRemoteApp({
  namespace: 'support',
  loadMessages: loadSupportMessages,
  rootComponent: routerRoot(SupportRoutes),
  contractVersion: __BUILT_CONTRACT_VERSION__,
});

export const { bootstrap, mount, unmount, contractVersion } = app;
export default app;
