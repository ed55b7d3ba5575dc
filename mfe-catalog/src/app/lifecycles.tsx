import { createRemoteApp } from 'shared-contracts/react';
import { CatalogRoot } from './catalog-root.js';

const app = createRemoteApp({
  namespace: 'catalog',
  loadMessages: (language) => import(/* webpackChunkName: "catalog-i18n-[request]" */ `../../locales/${language}/catalog.json`),
  rootComponent: CatalogRoot,
  contractVersion: __BUILT_CONTRACT_VERSION__,
});

export const { bootstrap, mount, unmount, contractVersion } = app;
export default app;
