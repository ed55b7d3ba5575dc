import { registerGlobalPlugins, registerPlugins, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type ResolveShareArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['resolveShare']>>[0];
type ResolvedShare = ReturnType<ResolveShareArgs['resolver']>;
type Shared = NonNullable<NonNullable<ResolvedShare>['shared']>;

/**
 * The federation runtime keeps a shared library's failed load: the rejected load stays in the share scope, and
 * every later load of that library gets it instead of fetching again. A screen loaded on demand whose libraries did
 * not arrive (a dropped connection on a phone) could then only come back with a page reload. This plugin lets a
 * failed load go, so the next attempt (the screen's retry, see lazyScreen) fetches the library again.
 */
function sharedLoadRetryPlugin(): ModuleFederationRuntimePlugin {
  const watched = new WeakSet<Shared>();
  const watch = (shared: Shared) => {
    if (watched.has(shared)) return;
    watched.add(shared);
    const get = shared.get;
    // The runtime stores the load it starts with `get` as `loading` on this same entry; a failure clears it. A
    // getter that answers at once (an eager library) is left as it is.
    shared.get = (() => {
      const gotten = get();
      if (!(gotten instanceof Promise)) return gotten;
      return gotten.catch((error: unknown) => {
        delete shared.loading;
        throw error;
      });
    }) as typeof get;
  };
  return {
    name: 'shared-load-retry',
    resolveShare(args) {
      const { resolver } = args;
      args.resolver = () => {
        const resolved = resolver();
        if (resolved?.shared) watch(resolved.shared);
        return resolved;
      };
      return args;
    },
  };
}

/** Gives the plugin to the shell's federation instance and to every remote's, which are created later. */
export function installSharedLoadRetry(): void {
  const plugin = sharedLoadRetryPlugin();
  registerPlugins([plugin]);
  registerGlobalPlugins([plugin]);
}
