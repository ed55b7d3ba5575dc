import { constructApplications, constructLayoutEngine, constructRoutes, matchRoute } from 'single-spa-layout';
import { registerApplication, start, type LifeCycles } from 'single-spa';
import { createNotFoundApp } from './not-found-app.js';
import { loadRemoteApp } from './remote-registry.js';

const NOT_FOUND_APP = 'not-found';

type LayoutRoutes = ReturnType<typeof constructRoutes>;
let layoutRoutes: LayoutRoutes | undefined;

/** The routes of SPEC §2 from the layout template in index.html, read once for the early look-up and the layout. */
function routesOfTemplate(): LayoutRoutes {
  if (layoutRoutes) return layoutRoutes;
  const template = document.querySelector<HTMLTemplateElement>('#single-spa-layout');
  if (!template) throw new Error('index.html lacks the single-spa-layout template');
  layoutRoutes = constructRoutes(template);
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
