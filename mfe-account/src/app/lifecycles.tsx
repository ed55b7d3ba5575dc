import { createRemoteApp, routerRoot } from 'shared-contracts/react';
import { socialAnswerIn } from '../components/social-login.js';
import { AccountRoutes } from './account-root.js';
import { loadAccountMessages } from './messages.js';

export const { bootstrap, mount, unmount, contractVersion } = createRemoteApp({
  namespace: 'account',
  loadMessages: loadAccountMessages,
  rootComponent: routerRoot(AccountRoutes),
  contractVersion: __BUILT_CONTRACT_VERSION__,
  // Back from a quick login's provider, /login shows "signing you in", not the form its first view has.
  firstViewFits: (search) => socialAnswerIn(search) === null,
});
