import { ROUTES, i18next, platformLink, type AppLifecycles } from 'shared-contracts';

/** The shell's own page for paths no app owns (single-spa-layout's default route). */
export function createNotFoundApp(): AppLifecycles {
  let page: HTMLElement | null = null;
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      const region = document.getElementById(`single-spa-application:${props.name}`);
      if (!region) return;
      page = document.createElement('section');
      page.className = 'not-found';
      page.dataset.testid = 'not-found';
      const heading = document.createElement('h2');
      heading.textContent = i18next.t('common:notFound.title');
      const body = document.createElement('p');
      body.textContent = i18next.t('common:notFound.body');
      const home = document.createElement('a');
      const link = platformLink(ROUTES.home);
      home.href = link.href;
      home.textContent = i18next.t('common:notFound.home');
      home.addEventListener('click', link.onClick);
      page.append(heading, body, home);
      region.append(page);
    },
    unmount: async () => {
      page?.remove();
      page = null;
    },
  };
}
