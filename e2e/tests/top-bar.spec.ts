import { expect, test, type Page } from '@playwright/test';
import { AREA_LANGUAGES, BRANDS, LANGUAGES, type Language } from 'shared-contracts';
import { DEMO, logIn } from '../support/accounts.js';
import { gamesSimple } from '../support/api.js';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';

/**
 * The top bar on phones: atlas serves eru (fr, en) and sea (id) and shows every action there (repay, globe, Top up,
 * menu), so it has the most to fit; the labels run longest in fr and id.
 */
const PHONE = { width: 360, height: 740 };
const AREA_OF: Partial<Record<Language, string>> = { fr: 'eru', en: 'eru', id: 'sea' };
/** The area of atlas where a language is offered: eru's list, else sea's. */
const AREA_OF_ATLAS = (language: Language) => (AREA_LANGUAGES.eru.includes(language) ? 'eru' : 'sea');

function topBar(page: Page) {
  return page.locator('#frame-top header');
}

/** Nothing in the top bar scrolls or reaches past the window's edges. */
async function expectTopBarFits(page: Page): Promise<void> {
  const layout = await topBar(page).evaluate((bar) => ({
    bar: { scroll: bar.scrollWidth, client: bar.clientWidth },
    page: { scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth },
    outside: [...bar.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.left < 0 || box.right > window.innerWidth);
      })
      .map((element) => element.outerHTML.slice(0, 120)),
  }));
  expect(layout.bar.scroll, 'the top bar does not scroll sideways').toBeLessThanOrEqual(layout.bar.client);
  expect(layout.page.scroll, 'the page does not scroll sideways').toBeLessThanOrEqual(layout.page.client);
  expect(layout.outside, 'nothing in the top bar is past the window').toEqual([]);
}

test.describe('the top bar on a phone', () => {
  test.use({ viewport: PHONE });

  for (const language of ['fr', 'id', 'en'] as const) {
    test(`${language}: at 360 and 320 px, and at 206 px (a phone zoomed to 200 %), the top bar fits, each action in reach under its name`, async ({
      page,
    }) => {
      const repayable = (await gamesSimple(language)).find((game) => game.link.replenishment);
      await page.goto(`${site('atlas.localhost')}/SupportCenter/game?self_area=${AREA_OF[language]}&spec_lang=${language}`);
      await page.getByTestId('support-step-game').getByRole('button', { name: repayable?.gameName }).click();
      await page.getByTestId('to-question').click();
      await expect(page.getByTestId('repay-button')).toBeVisible();

      const bar = topBar(page);
      for (const width of [360, 320, 206]) {
        await page.setViewportSize({ width, height: PHONE.height });
        await expectTopBarFits(page);
        for (const action of [
          bar.getByRole('link', { name: t('shell', language, 'nav.repay') }),
          bar.getByRole('link', { name: t('shell', language, 'nav.topUp') }),
          bar.getByRole('button', { name: t('shell', language, 'nav.languageLabel') }),
          bar.getByRole('button', { name: t('shell', language, 'nav.menu') }),
        ]) {
          await expect(action).toBeInViewport({ ratio: 1 });
          // At least 40 px wide and high, a finger's target.
          const box = (await action.boundingBox())!;
          expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(40);
        }
      }
      await bar.getByRole('button', { name: t('shell', language, 'nav.menu') }).click();
      await expect(page.getByTestId('side-menu')).toBeVisible();
    });
  }

  test('the HTML lays the top bar out as the running page does, so nothing moves when the shell takes over', async ({ browser }) => {
    for (const language of ['fr', 'id'] as const) {
      const url = `${site('atlas.localhost')}/?self_area=${AREA_OF[language]}&spec_lang=${language}`;
      const boxes = async (page: Page) =>
        Promise.all(['menu-button', 'top-up-button', 'language-globe', 'page-title'].map((id) => page.getByTestId(id).boundingBox()));
      const html = await browser.newPage({ javaScriptEnabled: false, viewport: PHONE });
      await html.goto(url);
      const before = await boxes(html);
      await html.close();
      const page = await browser.newPage({ viewport: PHONE });
      await page.goto(url);
      await expect(page.getByTestId('menu-button')).toBeEnabled();
      await expectTopBarFits(page);
      expect(await boxes(page), `${language}: the top bar as the HTML had it`).toEqual(before);
      await page.close();
    }
  });

  // Logged in, with Top up: the bar has the most to fit. Korean and Japanese have no globe; the others are atlas's.
  for (const language of LANGUAGES) {
    const [brand, area] =
      language === 'ko'
        ? (['nova', 'kr'] as const)
        : language === 'ja'
          ? (['hikari', 'jp'] as const)
          : (['atlas', AREA_OF_ATLAS(language)] as const);
    test(`${language}: at 360 and 320 px every page's name is whole in the top bar (on a row of its own where the globe is)`, async ({
      page,
    }) => {
      await logIn(page, DEMO.player1, { host: `${brand}.localhost` });
      // The longest names: the support centre, the agents' desk, "Page not found", the user center or account security.
      const pages = [
        ['/SupportCenter/game', 'support.game'],
        ['/SupportCenter/agent', 'supportAgent'],
        ['/no/such/page', 'notFound'],
        ['/UserCenter', BRANDS[brand].userCenter ? 'userCenter' : 'accountSecurity'],
      ] as const;
      for (const [path, key] of pages) {
        await page.setViewportSize(PHONE);
        await page.goto(`${site(`${brand}.localhost`)}${path}?self_area=${area}&spec_lang=${language}`);
        // The logged-in frame comes after start-up, whose check of another area than the last reloads the page (SPEC
        // §4): the page measured is the one that stays.
        await expect(page.getByTestId('top-up-button')).toBeVisible();
        const title = page.getByTestId('page-title');
        await expect(title).toHaveText(t('shell', language, `titles.${key}`));
        for (const width of [360, 320]) {
          await page.setViewportSize({ width, height: PHONE.height });
          const cut = await title.evaluate(
            (heading) => heading.scrollHeight > heading.clientHeight || heading.scrollWidth > heading.clientWidth,
          );
          expect(cut, `${language} ${path} at ${width} px`).toBe(false);
          await expectTopBarFits(page);
          // What the keyboard reaches, or an anchor, stops below the whole bar.
          const room = await page.evaluate(() => ({
            padding: parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
            bar: document.getElementById('frame-top')!.getBoundingClientRect().height,
          }));
          expect(room.padding, `${language} ${path} at ${width} px: scroll padding below the bar`).toBeGreaterThan(room.bar);
        }
      }
    });
  }

  test('with the repay button too, the page title has a row of its own, whole, and the HTML lays it out already', async ({ browser }) => {
    // The bar's parts, and where the page under it starts.
    const boxesOf = async (page: Page) => [
      ...(await Promise.all(['page-title', 'repay-button', 'menu-button'].map((id) => page.getByTestId(id).boundingBox()))),
      (await page.locator('#app-region').boundingBox())?.y,
    ];
    for (const [language, area] of [
      ['de', 'eru'],
      ['ru', 'eru'],
      ['fr', 'eru'],
      ['id', 'sea'],
    ] as const) {
      const repayable = (await gamesSimple(language)).find((game) => game.link.replenishment);
      const url = `${site('atlas.localhost')}/SupportCenter/question?game=${repayable?.id}&self_area=${area}&spec_lang=${language}`;
      const html = await browser.newPage({ javaScriptEnabled: false, viewport: PHONE });
      await html.goto(url);
      await expect(html.getByTestId('repay-button'), `${language}: the HTML has the button`).toBeVisible();
      const before = await boxesOf(html);
      await html.close();

      const page = await browser.newPage({ viewport: PHONE });
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      });
      await page.goto(url);
      await expect(page.getByTestId('menu-button')).toBeEnabled();
      await expect(page.locator('#frame-top')).toHaveAttribute('data-first-view', 'hydrated');
      const title = page.getByTestId('page-title');
      await expect(title).toHaveText(t('shell', language, 'titles.support.question'));
      const cut = await title.evaluate(
        (heading) => heading.scrollHeight > heading.clientHeight || heading.scrollWidth > heading.clientWidth,
      );
      expect(cut, `${language}: the title is whole`).toBe(false);
      await expectTopBarFits(page);
      expect(await boxesOf(page), `${language}: the top bar as the HTML had it`).toEqual(before);
      // What the keyboard reaches, or an anchor, stops below both rows of the bar.
      const room = await page.evaluate(() => ({
        padding: parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
        bar: document.getElementById('frame-top')!.getBoundingClientRect().height,
      }));
      expect(room.padding, `${language}: scroll padding below the bar`).toBeGreaterThan(room.bar);
      expect(warnings, `${language}: no warning or error`).toEqual([]);
      await page.close();
    }
  });

  test('at 206 px (a phone zoomed to 200 %) no page scrolls sideways, in French on atlas', async ({ page }) => {
    await page.setViewportSize({ width: 206, height: PHONE.height });
    const scrollsSideways = () => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    for (const path of ['/', '/GamesDetails/3', '/login', '/SupportCenter/game']) {
      await page.goto(`${site('atlas.localhost')}${path}?self_area=eru&spec_lang=fr`);
      await expect(page.getByTestId('menu-button')).toBeEnabled();
      expect(await scrollsSideways(), path).toBe(false);
    }
    await page.getByTestId('support-step-game').getByRole('button').first().click();
    await page.getByTestId('to-question').click();
    await expect(page.getByTestId('support-step-question')).toBeVisible();
    expect(await scrollsSideways(), 'the help topics').toBe(false);
  });
});
