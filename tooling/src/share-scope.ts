/** One shared library as the page's federation share scope holds it: the copies loaded, and the apps that use it. */
export interface SharedLibraryCopies {
  copies: string[];
  users: string[];
}

/**
 * Run inside the page (`page.evaluate(sharedLibraryCopies)`), after the apps have run: each shared library's loaded
 * copies ("version from app") and the apps using it, from Module Federation's share scope. Self-contained, as
 * evaluate sends its source to the browser. A library loaded "once" has one copy.
 */
export function sharedLibraryCopies(): Record<string, SharedLibraryCopies> {
  type Shared = { loaded?: boolean; from: string; useIn?: string[] };
  type Scopes = Record<string, { default?: Record<string, Record<string, Shared>> }>;
  const scopes = (window as unknown as { __FEDERATION__: { __SHARE__: Scopes } }).__FEDERATION__.__SHARE__;
  const libraries: Record<string, SharedLibraryCopies> = {};
  for (const scope of Object.values(scopes)) {
    for (const [name, versions] of Object.entries(scope.default ?? {})) {
      const entry = (libraries[name] ??= { copies: [], users: [] });
      for (const [version, info] of Object.entries(versions)) {
        const copy = `${version} from ${info.from}`;
        if (info.loaded && !entry.copies.includes(copy)) entry.copies.push(copy);
        for (const user of info.useIn ?? []) if (!entry.users.includes(user)) entry.users.push(user);
      }
    }
  }
  return libraries;
}
