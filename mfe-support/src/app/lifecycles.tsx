import { createRemoteApp } from 'shared-contracts/react';
import { loadSupportMessages } from './messages.js';
import { SupportRoot } from './support-root.js';

const app = createRemoteApp({
  namespace: 'support',
  loadMessages: loadSupportMessages,
  rootComponent: SupportRoot,
  contractVersion: __BUILT_CONTRACT_VERSION__,
});

export const { bootstrap, mount, unmount, contractVersion } = app;
export default app;
