import type { NamespaceLoader } from 'shared-contracts';

/** The support remote's messages in one language, a chunk each (the browser and the server bundle load them alike). */
export const loadSupportMessages: NamespaceLoader = (language) =>
  import(/* webpackChunkName: "support-i18n-[request]" */ `../../locales/${language}/support.json`);
