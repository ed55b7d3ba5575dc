import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { BRANDS, BRAND_IDS, hasLanguageGlobe, resolveBrand, type BrandId } from 'shared-contracts';
import { ENDPOINTS } from 'shared-contracts/schemas';
import { site } from '../support/ports.js';
import { gamesSimple } from '../support/api.js';
import { t } from '../support/locales.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A brand's artwork file as the repository keeps it (shell/src/brand-assets). */
function brandAsset(id: BrandId, file: 'favicon.svg' | 'icons.svg'): string {
  return readFileSync(path.join(repoRoot, 'shell', 'src', 'brand-assets', id, file), 'utf8');
}

const HOSTS = [...BRAND_IDS.map((id) => `${id}.localhost`), 'jp.aurum.localhost'];

test.describe('the front page on every brand host (DESIGN §6)', () => {
  for (const host of HOSTS) {
    test(`${host}: logo, title, theme colour and footer`, async ({ page }) => {
      const brand = resolveBrand(host);
      await page.goto(`${site(host)}/`);
      await expect(page.getByTestId('banner-carousel')).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`${brand.name}$`));
      await expect(page.getByRole('banner').getByRole('img', { name: brand.name })).toBeVisible();
      // The brand's colours come with the page's HTML (its theme style) and the start-up applies them again: read
      // what applies, whichever it is at this moment.
      const colours = await page.evaluate(() => ({
        primary: getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
        meta: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
        icon: document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '',
      }));
      expect(colours.primary).toBe(brand.colors.primary);
      expect(colours.meta).toBe(brand.colors.primary);
      // The brand's own favicon ("each brand has its own favicon" checks that no two brands share one). Fetched by the
      // page: *.localhost resolves in Chromium, not in Node.
      expect(new URL(colours.icon).pathname).toMatch(/\.svg$/);
      const icon = await page.evaluate(async (href) => {
        const response = await fetch(href);
        return { type: response.headers.get('content-type'), text: await response.text() };
      }, colours.icon);
      expect(icon.type).toContain('image/svg+xml');
      expect(icon.text, `${host} shows ${brand.id}'s favicon.svg`).toBe(brandAsset(brand.id, 'favicon.svg'));

      const footer = page.getByTestId('footer');
      await expect(footer).toHaveAttribute('data-footer', brand.footerKind);
      await expect(footer).toContainText(brand.company);
      const language = await page.evaluate(() => document.documentElement.lang);
      const legal = footer.getByRole('link');
      switch (brand.footerKind) {
        case 'japanese':
          await expect(legal).toHaveText([
            t('shell', language as 'ja', 'footer.privacy'),
            t('shell', language as 'ja', 'footer.userAgreement'),
            t('shell', language as 'ja', 'footer.commerceLaw'),
          ]);
          await footer.getByTestId('footer-contact').click();
          await expect(page.getByTestId('contact-dialog')).toContainText(brand.contactEmail);
          await expect(page.getByTestId('contact-dialog')).toContainText('10:00');
          break;
        case 'taiwan':
          await expect(legal).toHaveCount(2);
          await expect(footer.getByRole('img', { name: brand.name })).toBeVisible();
          break;
        case 'japanese-settlement':
          await expect(footer.getByTestId('footer-fund-settlement')).toBeVisible();
          await expect(footer.getByTestId('footer-commerce-law')).toBeVisible();
          break;
        case 'standard':
          await expect(legal).toHaveCount(0);
          break;
      }
    });
  }

  test('each brand has its own favicon', () => {
    // Each front page above shows its brand's file: no two brands may have the same one.
    expect(new Set(BRAND_IDS.map((id) => brandAsset(id, 'favicon.svg'))).size).toBe(BRAND_IDS.length);
  });

  test('the contact popup of a Japanese footer gives the hours on the clock of the page language, as the support notice does', async ({
    page,
  }) => {
    const clock = { ja: { open: '10:00', close: '19:00' }, en: { open: '10:00 AM', close: '7:00 PM' } } as const;
    for (const language of ['ja', 'en'] as const) {
      await page.goto(`${site('hikari.localhost')}/?spec_lang=${language}`);
      await page.getByTestId('footer').getByTestId('footer-contact').click();
      // The string's spaces match any (en puts a narrow no-break space before AM and PM).
      await expect(page.getByTestId('contact-dialog')).toContainText(
        t('shell', language, 'footer.contactHours', { ...clock[language], offset: '+9' }),
      );
      // The address after the language's own label and punctuation: "メールアドレス：support@…", no space after "："; a link.
      const email = page.getByTestId('contact-dialog').getByRole('link');
      const address = (await email.textContent()) ?? '';
      await expect(email).toHaveAttribute('href', `mailto:${address}`);
      expect(
        await page
          .getByTestId('contact-dialog')
          .locator('p')
          .first()
          .evaluate((line) => line.textContent),
      ).toBe(t('shell', language, 'footer.contactEmail', { email: address }).replace(/<\/?mail>/g, ''));
    }
  });

  test('the area reload rule: a brand that does not serve the URL area reloads with its own (SPEC §4)', async ({ page }) => {
    await page.goto(`${site('hikari.localhost')}/?self_area=kr`);
    await expect(page).toHaveURL(/self_area=jp/);
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await page.goto(`${site('atlas.localhost')}/?self_area=eru`);
    await expect(page.getByTestId('language-globe')).toBeVisible();
    expect(page.url()).toContain('self_area=eru');
  });

  test('a failed game-info check is logged, reported with 1106 and shown with a reload, never passed over (SPEC §8)', async ({ page }) => {
    // The page carries the check's answer when its server could ask; here it could not, so the browser asks.
    await page.route(`${site('nova.localhost')}/?**`, async (route) => {
      // Node resolves no *.localhost name (Chromium does): the page is asked of the loopback, for its host.
      const url = new URL(route.request().url());
      const response = await route.fetch({
        url: url.href.replace(url.hostname, '127.0.0.1'),
        headers: { ...route.request().headers(), host: url.host },
      });
      const html = (await response.text()).replace(/<script type="application\/json" id="platform-precheck"[^>]*>[^<]*<\/script>/, '');
      await route.fulfill({ response, body: html });
    });
    const logged: string[] = [];
    page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));
    const reports: unknown[] = [];
    await page.route('**/api/client-errors', async (route) => {
      reports.push(route.request().postDataJSON());
      await route.continue();
    });
    await page.route('**/api/games/precheck**', (route) => route.abort('connectionreset'));
    await page.goto(`${site('nova.localhost')}/?spec_lang=en`);
    const notice = page.getByTestId('startup-failed');
    await expect(notice).toContainText(t('common', 'en', 'errors.network'));
    expect(logged.some((text) => text.includes('games/precheck failed'))).toBe(true);
    await expect.poll(() => reports).toContainEqual(expect.objectContaining({ code: 1106, url: ENDPOINTS.gamesPrecheck.path }));
    // The frame still works: the menu opens.
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await page.keyboard.press('Escape');

    // An answer that says the check failed is no better than none.
    await page.unroute('**/api/games/precheck**');
    await page.route('**/api/games/precheck**', (route) =>
      route.fulfill({ json: { code: 1, msg: 'success', data: { result: false, area: 'kr' } } }),
    );
    await page.reload();
    await expect(page.getByTestId('startup-failed')).toBeVisible();

    await page.unroute('**/api/games/precheck**');
    await page
      .getByTestId('startup-failed')
      .getByRole('button', { name: t('common', 'en', 'remote.reload') })
      .click();
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await expect(page.getByTestId('startup-failed')).toHaveCount(0);
  });

  test("the Top up button shows the first game's payment link and is hidden for verda", async ({ page }) => {
    const [first] = await gamesSimple();
    await page.goto(`${site('nova.localhost')}/`);
    await expect(page.getByTestId('top-up-button')).toHaveAttribute('href', first?.link.payment ?? 'missing');
    await page.goto(`${site('verda.localhost')}/`);
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await expect(page.getByTestId('top-up-button')).toHaveCount(0);
  });
});

/** The frame's icons of SPEC §1 "icon set" (the repay icon shows only on two support steps, see top-bar.spec.ts). */
const ICONS = ['menu', 'close', 'globe', 'top-up', 'support', 'user'] as const;

function symbolOf(sprite: string, name: string): string | undefined {
  return new RegExp(`<symbol id="${name}"[^>]*>[\\s\\S]*?</symbol>`).exec(sprite)?.[0];
}

/** The area a brand shows its globe in, where it serves one; else its default area. */
function areaShowing(id: BrandId) {
  const { areas } = BRANDS[id];
  return areas.find(hasLanguageGlobe) ?? areas[0]!;
}

/** The side menu's icons: its entries are rendered as it first opens, so a page has them once the menu has opened. */
const SIDE_MENU_ICONS: readonly string[] = ['close', 'support', 'user'];

/**
 * Checks that each of the frame's icons the page has (guest: Top up only in the top bar, User as the side menu's login
 * entry) draws a symbol of the page's own sprite, and that this sprite holds the brand's icons.svg, symbol by symbol
 * (their ids prefixed "icon-"). Reads the document only, so it works with scripts disabled too.
 */
async function expectBrandIcons(page: Page, id: BrandId, { menuOpened }: { menuOpened: boolean }): Promise<void> {
  const shown = ICONS.filter((name) =>
    name === 'globe' ? hasLanguageGlobe(areaShowing(id)) : name !== 'top-up' || BRANDS[id].topUp,
  ).filter((name) => menuOpened || !SIDE_MENU_ICONS.includes(name));
  for (const name of ICONS) {
    const uses = page.locator(`#frame-top svg[data-icon="${name}"][aria-hidden="true"] use`);
    if (!shown.includes(name)) {
      await expect(uses, `${id} has no ${name}`).toHaveCount(0);
      continue;
    }
    for (const use of await uses.all()) await expect(use, `${id}'s ${name} icon`).toHaveAttribute('href', `#icon-${name}`);
  }
  await expect(page.locator('svg#brand-icons')).toHaveCount(1);
  const symbols = await page.evaluate(
    (file) => {
      const serialize = (symbol: Element | null) => (symbol ? new XMLSerializer().serializeToString(symbol) : 'missing');
      const own = new DOMParser().parseFromString(file, 'image/svg+xml');
      return [...own.querySelectorAll('symbol')].map((symbol) => {
        const inPage = serialize(document.querySelector(`#brand-icons > symbol[id="icon-${symbol.id}"]`));
        symbol.id = `icon-${symbol.id}`;
        return { name: symbol.id, inPage, file: serialize(symbol) };
      });
    },
    brandAsset(id, 'icons.svg'),
  );
  expect(symbols.length).toBeGreaterThan(0);
  for (const { name, inPage, file } of symbols) expect(inPage, `${id}'s ${name} is its icons.svg's`).toBe(file);
}

/** A page's requests for a brand's icons.svg. */
function spriteRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/icons\.[0-9a-f]{10}\.svg$/.test(new URL(request.url()).pathname)) asked.push(request.url());
  });
  return asked;
}

test.describe("each brand's own icon set (SPEC §1)", () => {
  test('the seven sprites draw every icon, each brand its own way', () => {
    for (const name of [...ICONS, 'repay']) {
      const symbols = BRAND_IDS.map((id) => symbolOf(brandAsset(id, 'icons.svg'), name));
      expect(symbols.every(Boolean), `every brand has ${name}`).toBe(true);
      expect(new Set(symbols).size, `${name} differs between brands`).toBe(BRAND_IDS.length);
    }
  });

  for (const id of BRAND_IDS) {
    test(`${id}: the top bar and side menu show the brand's icons, in the HTML and once the page runs`, async ({ browser }) => {
      const url = `${site(`${id}.localhost`)}/?self_area=${areaShowing(id)}&spec_lang=en`;
      const html = await browser.newPage({ javaScriptEnabled: false });
      await html.goto(url);
      await expectBrandIcons(html, id, { menuOpened: false });
      await html.close();

      // The page's HTML brings the icons: nothing asks for the sprite's file, an SVG document of its own to build.
      const page = await browser.newPage();
      const asked = spriteRequests(page);
      await page.goto(url);
      await expect(page.getByTestId('menu-button')).toBeEnabled();
      await expectBrandIcons(page, id, { menuOpened: false });
      // Drawn, in its fixed box: the sprite loaded and the symbol was found.
      const menuIcon = page.getByTestId('menu-button').locator('svg[data-icon="menu"]');
      await expect.poll(() => menuIcon.locator('use').evaluate((use: SVGUseElement) => use.getBBox().width)).toBeGreaterThan(0);
      expect(await menuIcon.boundingBox()).toMatchObject({ width: 24, height: 24 });
      await page.getByTestId('menu-button').click();
      await expectBrandIcons(page, id, { menuOpened: true });
      await expect(page.getByTestId('menu-close').locator('svg[data-icon="close"]')).toBeVisible();
      await expect(page.getByTestId('menu-support-center').locator('svg[data-icon="support"]')).toBeVisible();
      await expect(page.getByTestId('menu-login').locator('svg[data-icon="user"]')).toBeVisible();
      // The icons are decoration: the controls keep their names.
      await expect(page.getByRole('button', { name: t('shell', 'en', 'menu.close') })).toBeVisible();
      expect(asked).toEqual([]);
      await page.close();
    });
  }

  test("a page whose HTML came without the brand's icons fetches the brand's sprite once and draws them", async ({ page }) => {
    // The sprite leaves the HTML as it is parsed, before any script reads it: the page the browser renders alone.
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        const sprite = document.getElementById('brand-icons');
        if (!sprite) return;
        sprite.remove();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const asked = spriteRequests(page);
    await page.goto(`${site('sakura.localhost')}/login?spec_lang=en`);
    await expect(page.getByTestId('menu-button')).toBeEnabled();
    const menuIcon = page.getByTestId('menu-button').locator('svg[data-icon="menu"]');
    await expect.poll(() => menuIcon.locator('use').evaluate((use: SVGUseElement) => use.getBBox().width)).toBeGreaterThan(0);
    await expectBrandIcons(page, 'sakura', { menuOpened: false });
    expect(asked).toHaveLength(1);
  });
});
