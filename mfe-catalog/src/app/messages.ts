import type { NamespaceLoader } from 'shared-contracts';

/** The catalogue's messages in one language, a chunk each (the browser and the server bundle load them alike). */
export const loadCatalogMessages: NamespaceLoader = (language) =>
  import(/* webpackChunkName: "catalog-i18n-[request]" */ `../../locales/${language}/catalog.json`);
