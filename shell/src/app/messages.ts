import type { NamespaceLoader } from 'shared-contracts';

/** The shell's messages in one language, a chunk each (the browser and the server bundle load them alike). */
export const loadShellMessages: NamespaceLoader = (language) =>
  import(/* webpackChunkName: "shell-i18n-[request]" */ `../../locales/${language}/shell.json`);
