import { constructApplications, constructLayoutEngine, constructRoutes, matchRoute } from 'single-spa-layout';
import { registerApplication, start, type LifeCycles } from 'single-spa';
import { NOT_FOUND_APP, createNotFoundApp } from './not-found-app.js';
import { loadRemoteApp } from './remote-registry.js';

type LayoutRoutes = ReturnType<typeof constructRoutes>;
let layoutRoutes: LayoutRoutes | undefined;

type ActiveWhen = (location: Location) => boolean;
interface LayoutNode {
  type?: string;
  path?: string;
  default?: boolean;
  activeWhen?: ActiveWhen;
  routes?: LayoutNode[];
}

/**
 * Makes every route of the layout match whatever hash the address has. single-spa matches a path against the address
 * with its hash, and for `/` (a path ending in a slash) it allows none: `/#all-games`, the side menu's "All games",
 * showed the not-found page. A default route stands for "no sibling matches", so it is rebuilt from the siblings'
 * new matches (single-spa-layout keeps the old ones in a closure). Runs before the applications and the layout
 * engine read the routes.
 */
function ignoreHashInRoutes(nodes: LayoutNode[], parentActive: ActiveWhen = () => true): void {
  const siblings = nodes.filter((node) => node.type === 'route' && node.path !== undefined && node.activeWhen);
  for (const route of siblings) {
    const matchesPath = route.activeWhen!;
    route.activeWhen = (location) =>
      matchesPath({
        origin: location.origin,
        protocol: location.protocol,
        host: location.host,
        href: location.href.split('#')[0]!,
        search: location.search,
      } as Location);
  }
  for (const node of nodes) {
    if (node.type === 'route' && node.default)
      node.activeWhen = (location) => parentActive(location) && !siblings.some((route) => route.activeWhen!(location));
    if (node.routes) ignoreHashInRoutes(node.routes, node.type === 'route' && node.activeWhen ? node.activeWhen : parentActive);
  }
}

/** The routes of SPEC §2 from the layout template in index.html, read once for the early look-up and the layout. */
function routesOfTemplate(): LayoutRoutes {
  if (layoutRoutes) return layoutRoutes;
  const template = document.querySelector<HTMLTemplateElement>('#single-spa-layout');
  if (!template) throw new Error('index.html lacks the single-spa-layout template');
  layoutRoutes = constructRoutes(template);
  ignoreHashInRoutes(layoutRoutes.routes as LayoutNode[]);
  return layoutRoutes;
}

/** The apps the layout shows at a path, found before the layout starts: the remotes the first page needs. */
export function appsAt(pathname: string): string[] {
  const namesIn = (children: readonly unknown[]): string[] =>
    children.flatMap((child) => {
      const node = child as { type?: string; name?: string; routes?: unknown[] };
      if (node.type === 'application' && node.name) return [node.name];
      return node.routes ? namesIn(node.routes) : [];
    });
  return namesIn(matchRoute(routesOfTemplate(), pathname).routes);
}

/** Maps the routes of SPEC §2 to apps with the layout template in index.html (DESIGN §3 step 6). */
export function startLayout(): void {
  const routes = routesOfTemplate();
  const applications = constructApplications({
    routes,
    // single-spa passes its own props (name, singleSpa, mountParcel); the remote guard adds the basename.
    loadApp: ({ name }) =>
      (name === NOT_FOUND_APP ? Promise.resolve(createNotFoundApp()) : loadRemoteApp(name)) as unknown as Promise<LifeCycles>,
  });
  const layoutEngine = constructLayoutEngine({ routes, applications });
  applications.forEach((application) => registerApplication(application));
  layoutEngine.activate();
  start({ urlRerouteOnly: true });
}
