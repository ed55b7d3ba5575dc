import { expect, test, type Page } from '@playwright/test';
import { DEMO, logIn } from '../support/accounts.js';
import { site } from '../support/ports.js';

/**
 * A walk of the site as a player clicks through it (issue 14): on three brands, from every page of SPEC §2, every
 * link of the top navigation, the side menu, the footer and the page itself that stays on the site is followed, and
 * none may land on "Page not found", a remote's notice or its crash notice. The last round shipped a side-menu
 * link that showed "Page not found" from every page; a walk like this one finds such a link at once.
 */

const BRAND_HOSTS = ['nova.localhost', 'sakura.localhost', 'verda.localhost'];
const PAGES = ['/', '/GamesDetails/1', '/SupportCenter/game', '/SupportCenter/question', '/SupportCenter/history', '/login', '/vkRedirect'];
/** What a page shows when something went wrong instead of its content. */
const BROKEN = '[data-testid="not-found"], [data-testid="remote-notice"], .platform-remote-crash, [data-testid="startup-failed"]';

/** Waits until the page's remote has taken over its first view and the frame works. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('menu-button')).toBeEnabled();
  await expect(page.locator('main [id^="single-spa-application:"]').first()).not.toBeEmpty();
}

/** Where a link was found: the side menu (opened before clicking) or the rest of the page. */
type Region = 'side menu' | 'page';
interface FoundLink {
  /** The link as its page writes it, to find it again. */
  href: string;
  /** Where it leads, for the report. */
  url: string;
  from: string;
  region: Region;
}

const REGION_SELECTORS: Record<Region, string> = {
  'side menu': '#side-menu a[href]',
  page: 'header a[href], footer a[href], main a[href]',
};

/** The site's own links a player can reach on the page: top navigation, side menu (opened), footer, content. */
async function linksOn(page: Page, origin: string, from: string): Promise<FoundLink[]> {
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  const found: FoundLink[] = [];
  for (const region of ['side menu', 'page'] as const) {
    const links = await page
      .locator(REGION_SELECTORS[region])
      .evaluateAll((elements) =>
        elements.map((element) => ({ href: element.getAttribute('href') ?? '', url: (element as HTMLAnchorElement).href })),
      );
    for (const link of links) if (link.url.startsWith(`${origin}/`)) found.push({ ...link, from, region });
  }
  await page.getByTestId('menu-close').click();
  return found;
}

/** Clicks `link` on the page now showing, as a player would, and checks the page it leads to. */
async function follow(page: Page, link: FoundLink): Promise<void> {
  if (link.region === 'side menu') await page.getByTestId('menu-button').click();
  await page
    .locator(
      REGION_SELECTORS[link.region]
        .split(', ')
        .map((selector) => selector.replace('a[href]', `a[href="${link.href}"]`))
        .join(', '),
    )
    .first()
    .click();
  // It reaches the page it names (a redirect may go deeper: /SupportCenter shows /SupportCenter/game), told by the
  // page's navigation itself: polling its address found it 20-30 ms late on average.
  const pathname = new URL(link.url).pathname;
  await page
    .waitForURL((url) => url.pathname.startsWith(pathname), { waitUntil: 'commit', timeout: 10_000 })
    .catch((error: unknown) => {
      throw new Error(`${link.url}, clicked on ${link.from} did not lead there: the page is at ${page.url()}`, { cause: error });
    });
  await settled(page);
  await expect(page.locator(BROKEN), `${link.url}, clicked on ${link.from}, is broken`).toHaveCount(0);
}

/**
 * Clicks every link once, from the first page it was found on, as a player would (the site navigates without
 * reloading). Each page loads once: after a link, the browser's Back button returns to it, and only where Back does
 * not lead there (a page that added history entries of its own) is it loaded again.
 */
async function walk(page: Page, host: string): Promise<void> {
  const origin = site(host);
  const links = new Map<string, FoundLink>();
  for (const path of PAGES) {
    await page.goto(`${origin}${path}`);
    await settled(page);
    await expect(page.locator(BROKEN), `${host}${path}`).toHaveCount(0);
    const here = page.url();
    const found: FoundLink[] = [];
    for (const link of await linksOn(page, origin, path)) {
      if (links.has(link.url)) continue;
      links.set(link.url, link);
      found.push(link);
    }
    for (const link of found) {
      await follow(page, link);
      if (page.url() === here) continue;
      await page.goBack();
      if (page.url() !== here) await page.goto(here);
      await settled(page);
    }
  }
  expect(links.size).toBeGreaterThan(PAGES.length);
}

test.describe('a walk through every link (issue 14)', () => {
  for (const host of BRAND_HOSTS) {
    test(`${host}: as a guest, no link lands on a broken page`, async ({ page }) => {
      test.setTimeout(120_000);
      await walk(page, host);
    });
  }

  test('nova.localhost: logged in, no link lands on a broken page', async ({ page }) => {
    test.setTimeout(120_000);
    await logIn(page, DEMO.player1);
    await walk(page, 'nova.localhost');
  });
});
