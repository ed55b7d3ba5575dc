import { createRemoteApp } from 'shared-contracts/react';
import { AccountRoot } from './account-root.js';

const app = createRemoteApp({
  namespace: 'account',
  loadMessages: (language) => import(/* webpackChunkName: "account-i18n-[request]" */ `../../locales/${language}/account.json`),
  rootComponent: AccountRoot,
  contractVersion: __BUILT_CONTRACT_VERSION__,
});

export const { bootstrap, mount, unmount, contractVersion } = app;
export default app;
