import { loadShare } from '@module-federation/enhanced/runtime';

/**
 * Shared libraries the shell provides but never runs itself, which every remote does: every page but the not-found
 * one shows a remote, and every remote routes with react-router. The shell's page preloads them with its own
 * chunks (shell/rspack.config.ts), instead of one round trip after the remote's entry has run.
 */
export const SHARED_FOR_REMOTES = ['react-router'] as const;

/**
 * Puts the shell's copy of each in the share scope before any remote registers its own. Of two copies of one version
 * not loaded yet, the federation runtime keeps the one whose app name sorts last, so the support remote would bring
 * its own copy and the preloaded one would have been downloaded for nothing.
 */
export function loadSharedForRemotes(): void {
  for (const name of SHARED_FOR_REMOTES) {
    loadShare(name).catch((error: unknown) => {
      // A remote then loads its own copy, as it would without this.
      console.warn(`the shell's ${name} could not be loaded; remotes will use their own`, error);
    });
  }
}
