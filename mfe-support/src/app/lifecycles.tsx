import { createRemoteApp } from 'shared-contracts/react';
import { SupportRoot } from './support-root.js';

const app = createRemoteApp({
  namespace: 'support',
  loadMessages: (language) => import(/* webpackChunkName: "support-i18n-[request]" */ `../../locales/${language}/support.json`),
  rootComponent: SupportRoot,
  contractVersion: __BUILT_CONTRACT_VERSION__,
});

export const { bootstrap, mount, unmount, contractVersion } = app;
export default app;
