import { createRemoteApp, routerRoot } from 'shared-contracts/react';
import { CatalogRoutes } from './catalog-root.js';
import { gamesPromise } from '../lib/games-resource.js';
import { loadCatalogMessages } from './messages.js';

export const { bootstrap, mount, unmount, contractVersion } = createRemoteApp({
  namespace: 'catalog',
  loadMessages: loadCatalogMessages,
  rootComponent: routerRoot(CatalogRoutes),
  contractVersion: __BUILT_CONTRACT_VERSION__,
  // Both catalogue pages show the games; a failure is handled where the page reads the same promise.
  prefetch: () => void gamesPromise().catch(() => undefined),
});
