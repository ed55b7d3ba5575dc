import type { NamespaceLoader } from 'shared-contracts';

/** The account remote's messages in one language, a chunk each (the browser and the server bundle load them alike). */
export const loadAccountMessages: NamespaceLoader = (language) =>
  import(/* webpackChunkName: "account-i18n-[request]" */ `../../locales/${language}/account.json`);
