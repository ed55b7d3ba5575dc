import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Every app's federation runtime resolves each shared module a chunk needs (version check, share scope, factory) in
 * a task of its own instead of all of a chunk's together: a chunk such as the shell's start-up or a remote's view
 * needs ten or more, which in one task made the longest task after the first paint (issue 13). A remote's container
 * is set up (its shared modules registered, its view's chunks asked for) in a task of its own too, not in the one
 * that ran its entry script and then its `load` event. The runtime runs this before shared modules exist, so it
 * imports nothing; it yields the way shared-contracts' `yieldToBrowser` does.
 */
export default function shareLoadYieldPlugin(): ModuleFederationRuntimePlugin {
  const nextTask = (): Promise<void> => {
    const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
    return typeof scheduler?.yield === 'function' ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
  };
  return {
    name: 'share-load-yield',
    beforeLoadShare: async (args) => {
      await nextTask();
      return args;
    },
    beforeInitContainer: async (args) => {
      await nextTask();
      return args;
    },
  };
}
