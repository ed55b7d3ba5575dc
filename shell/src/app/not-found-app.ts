import { ROUTES, escapeHtml, i18next, platformLink, type AppLifecycles } from 'shared-contracts';

/** The single-spa application that shows it: the layout's default route. */
export const NOT_FOUND_APP = 'not-found';

/**
 * The page for paths no app owns, as the page server writes it into the HTML (README "First view in the HTML"): a
 * dead link shows "Page not found" before any script, and the app below takes it over.
 */
export function notFoundHtml(): string {
  return (
    `<section class="not-found" data-testid="not-found"><h2>${escapeHtml(i18next.t('common:notFound.title'))}</h2>` +
    `<p>${escapeHtml(i18next.t('common:notFound.body'))}</p>` +
    `<a href="${escapeHtml(ROUTES.home)}">${escapeHtml(i18next.t('common:notFound.home'))}</a></section>`
  );
}

/** The same page built in the browser, for a path reached without a page load. */
function buildNotFound(): HTMLElement {
  const page = document.createElement('section');
  page.className = 'not-found';
  page.dataset.testid = 'not-found';
  const heading = document.createElement('h2');
  heading.textContent = i18next.t('common:notFound.title');
  const body = document.createElement('p');
  body.textContent = i18next.t('common:notFound.body');
  const home = document.createElement('a');
  home.href = ROUTES.home;
  home.textContent = i18next.t('common:notFound.home');
  page.append(heading, body, home);
  return page;
}

/** The shell's own page for paths no app owns (single-spa-layout's default route). */
export function createNotFoundApp(): AppLifecycles {
  let page: HTMLElement | null = null;
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      const region = document.getElementById(`single-spa-application:${props.name}`);
      if (!region) return;
      // The page's HTML has it when the address was loaded as a page: that one is taken over, in the same language.
      const carried = region.querySelector<HTMLElement>(':scope > .not-found');
      page = carried ?? buildNotFound();
      page.querySelector('a')?.addEventListener('click', platformLink(ROUTES.home).onClick);
      if (!carried) region.append(page);
    },
    unmount: async () => {
      page?.remove();
      page = null;
    },
  };
}
