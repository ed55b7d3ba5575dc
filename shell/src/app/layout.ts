import { constructApplications, constructLayoutEngine, constructRoutes } from 'single-spa-layout';
import { registerApplication, start, type LifeCycles } from 'single-spa';
import { createNotFoundApp } from './not-found-app.js';
import { loadRemoteApp } from './remote-registry.js';

const NOT_FOUND_APP = 'not-found';

/** Maps the routes of SPEC §2 to apps with the layout template in index.html (DESIGN §3 step 6). */
export function startLayout(): void {
  const template = document.querySelector<HTMLTemplateElement>('#single-spa-layout');
  if (!template) throw new Error('index.html lacks the single-spa-layout template');
  const routes = constructRoutes(template);
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
