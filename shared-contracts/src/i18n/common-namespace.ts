import type { NamespaceLoader } from './i18n.js';

/** Messages every app shares (SPEC §8 texts, the remote fallback, the standalone harness). */
export const COMMON_NAMESPACE = 'common';
export const loadCommonMessages: NamespaceLoader = (language) =>
  import(/* webpackChunkName: "common-i18n-[request]" */ `../../locales/${language}/common.json`);
