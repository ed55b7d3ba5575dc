import { expect, test, type Locator, type Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import { TIMINGS } from 'shared-contracts';
import { gamesAll, gamesSimple } from '../support/api.js';
import { t } from '../support/locales.js';
import { luminance } from '../support/pixels.js';
import { site } from '../support/ports.js';

/**
 * The contrast of white text with what shows behind it where `text` stands, its letters made transparent: against
 * the brightest pixels of that area (the 98th percentile, so that a few pixels of compression noise do not count).
 */
async function whiteTextContrast(page: Page, text: Locator): Promise<number> {
  await text.evaluate((element: HTMLElement) => element.style.setProperty('color', 'transparent', 'important'));
  const shot = jpeg.decode(await text.screenshot({ type: 'jpeg', quality: 100 }), { useTArray: true });
  await text.evaluate((element: HTMLElement) => element.style.removeProperty('color'));
  const levels: number[] = [];
  for (let index = 0; index < shot.data.length; index += 4) {
    levels.push(luminance(shot.data[index] ?? 0, shot.data[index + 1] ?? 0, shot.data[index + 2] ?? 0));
  }
  levels.sort((a, b) => a - b);
  const background = levels[Math.floor(levels.length * 0.98)] ?? 1;
  return (1 + 0.05) / (background + 0.05);
}

const carouselIndex = (page: Page) => page.getByTestId('banner-carousel').getAttribute('data-active-index').then(Number);

test.describe('front page carousel (SPEC §2)', () => {
  // The page's clock is Playwright's (page.clock): once the carousel has advanced by itself (its timer runs), the
  // seconds it waits while hovered and after are run through at once instead of waited out.
  test('advances about every 3 seconds and holds while hovered', async ({ page }) => {
    await page.clock.install();
    await page.goto(`${site()}/`);
    const carousel = page.getByTestId('banner-carousel');
    await expect(carousel).toHaveAttribute('data-active-index', '0');
    // The HTML's carousel stands still: its timer starts once the catalogue has taken it over (a busy machine's
    // clock could otherwise run out before that).
    await expect(page.locator('[id="single-spa-application:catalog"]')).toHaveAttribute('data-first-view', 'hydrated');
    await page.clock.runFor(TIMINGS.carouselIntervalMs);
    await expect(carousel).toHaveAttribute('data-active-index', '1', { timeout: TIMINGS.carouselIntervalMs + 2_000 });
    await carousel.hover();
    const held = await carouselIndex(page);
    await page.clock.runFor(TIMINGS.carouselIntervalMs + 1_000);
    expect(await carouselIndex(page)).toBe(held);
    await page.mouse.move(0, 0);
    await page.clock.runFor(TIMINGS.carouselIntervalMs + 1_000);
    await expect(carousel).not.toHaveAttribute('data-active-index', String(held), { timeout: TIMINGS.carouselIntervalMs + 2_000 });
  });

  test('on a phone the two arrows share a row with the dots between them', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${site()}/?spec_lang=en`);
    const carousel = page.getByTestId('banner-carousel');
    const previous = await carousel.getByRole('button', { name: t('catalog', 'en', 'carousel.previous') }).boundingBox();
    const next = await carousel.getByRole('button', { name: t('catalog', 'en', 'carousel.next') }).boundingBox();
    expect(next?.y).toBe(previous?.y);
  });

  test('stays still for players who prefer reduced motion', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${site()}/`);
    const carousel = page.getByTestId('banner-carousel');
    // The HTML's carousel has the pause button; the running one drops it once it has read the preference, so the
    // clock moves only after the code that would rotate it has taken over.
    await expect(carousel.getByRole('button', { name: t('catalog', 'ko', 'carousel.pause') })).toHaveCount(0);
    await page.clock.runFor(TIMINGS.carouselIntervalMs + 1_000);
    expect(await carouselIndex(page)).toBe(0);
    await context.close();
  });

  test('keeps going after a tap on a touch screen, and plays when Play is pressed with the focus on it', async ({ browser }) => {
    const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${site()}/?spec_lang=en`);
    const carousel = page.getByTestId('banner-carousel');
    await expect(page.locator('[id="single-spa-application:catalog"]')).toHaveAttribute('data-first-view', 'hydrated');
    // A tap on the artwork (not a link): a touch has no hover to hold the carousel for.
    await carousel.locator('[data-position="current"]').tap({ position: { x: 8, y: 8 } });
    const tapped = await carouselIndex(page);
    await page.clock.runFor(TIMINGS.carouselIntervalMs + 1_000);
    await expect(carousel).not.toHaveAttribute('data-active-index', String(tapped), { timeout: TIMINGS.carouselIntervalMs + 2_000 });

    // Focus on Pause holds it (WAI-ARIA's carousel pattern); Pause, then Play, plays with the focus still there.
    const control = carousel.getByRole('button', { name: t('catalog', 'en', 'carousel.pause') });
    await control.focus();
    await page.keyboard.press('Enter');
    await expect(carousel.getByRole('button', { name: t('catalog', 'en', 'carousel.play') })).toBeFocused();
    const held = await carouselIndex(page);
    await page.clock.runFor(TIMINGS.carouselIntervalMs + 1_000);
    expect(await carouselIndex(page)).toBe(held);
    await page.keyboard.press('Enter');
    await expect(control).toBeFocused();
    await page.clock.runFor(TIMINGS.carouselIntervalMs + 1_000);
    await expect(carousel).not.toHaveAttribute('data-active-index', String(held), { timeout: TIMINGS.carouselIntervalMs + 2_000 });
    await context.close();
  });

  test("a finger's swipe changes the banner, the other way round in Arabic, and a vertical one scrolls the page", async ({ browser }) => {
    const games = await gamesAll('en');
    // Reduced motion: the carousel turns only when the swipes turn it.
    const context = await browser.newContext({
      hasTouch: true,
      isMobile: true,
      reducedMotion: 'reduce',
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const touch = await context.newCDPSession(page);
    /** One finger from `from` to `to` (page coordinates), in steps as a real one moves. */
    const swipe = async (from: { x: number; y: number }, to: { x: number; y: number }) => {
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
      for (let step = 1; step <= 6; step += 1) {
        const at = { x: from.x + ((to.x - from.x) * step) / 6, y: from.y + ((to.y - from.y) * step) / 6 };
        await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at] });
      }
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const across = async (language: string, direction: 'left' | 'right') => {
      const box = await page.getByTestId('banner-carousel').locator('[data-position="current"]').boundingBox();
      if (!box) throw new Error(`no banner on show in ${language}`);
      const y = box.y + box.height / 3;
      const [start, end] =
        direction === 'left' ? [box.x + box.width * 0.8, box.x + box.width * 0.2] : [box.x + box.width * 0.2, box.x + box.width * 0.8];
      await swipe({ x: start, y }, { x: end, y });
    };
    const carousel = page.getByTestId('banner-carousel');

    await page.goto(`${site()}/?spec_lang=en`);
    await expect(page.locator('[id="single-spa-application:catalog"]')).toHaveAttribute('data-first-view', 'hydrated');
    await across('en', 'left');
    await expect(carousel).toHaveAttribute('data-active-index', '1');
    await expect(carousel.locator('[data-position="current"]')).toContainText(games[1]?.title ?? 'missing');
    await across('en', 'left');
    await expect(carousel).toHaveAttribute('data-active-index', '2');
    await across('en', 'right');
    await expect(carousel).toHaveAttribute('data-active-index', '1');

    // Up the page over the banner: the page scrolls, the banner stays.
    const box = await carousel.locator('[data-position="current"]').boundingBox();
    const middle = { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 };
    await swipe(middle, { x: middle.x + 10, y: middle.y - 150 });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(carousel).toHaveAttribute('data-active-index', '1');

    // Right to left: the next banner comes from the left, so a swipe to the right brings it.
    await page.goto(`${site()}/?spec_lang=ar`);
    await expect(page.locator('[id="single-spa-application:catalog"]')).toHaveAttribute('data-first-view', 'hydrated');
    await across('ar', 'right');
    await expect(carousel).toHaveAttribute('data-active-index', '1');
    await across('ar', 'left');
    await expect(carousel).toHaveAttribute('data-active-index', '0');
    await context.close();
  });

  test('in Arabic, the Latin runs of a game\'s details read as typed: the "+" of "iOS 14+" stays after its 14', async ({ page }) => {
    // The seed's Arabic requirements: "المنصات: Android 8.0+، iOS 14+. ..." The "+" and the full stop after a number
    // went to the Arabic around them, and the line showed ".+Android 8.0+، iOS 14".
    const game = (await gamesAll('ar')).find((candidate) => candidate.sections.some((section) => section.body.includes('iOS 14+.')));
    await page.goto(`${site('atlas.localhost')}/GamesDetails/${game?.id}?self_area=eru&spec_lang=ar`);
    const requirements = page.locator('#requirements p');
    await expect(requirements).toContainText('iOS 14+');
    const placed = await requirements.evaluate((paragraph) => {
      const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf('iOS 14+') ?? -1;
        if (at < 0) continue;
        const box = (offset: number) => {
          const range = document.createRange();
          range.setStart(node, offset);
          range.setEnd(node, offset + 1);
          return range.getBoundingClientRect();
        };
        const [four, plus] = [box(at + 5), box(at + 6)];
        return { touching: Math.abs(plus.left - four.right) < 1, sameLine: Math.abs(plus.top - four.top) < 2 };
      }
      return null;
    });
    expect(placed, 'the "+" is drawn just right of the 14, on its line').toEqual({ touching: true, sameLine: true });
  });

  test('is operable by keyboard and each banner leads to its game', async ({ page }) => {
    const games = await gamesAll('ko');
    await page.goto(`${site()}/`);
    const carousel = page.getByTestId('banner-carousel');
    // Focus inside the carousel pauses it, so only the keys decide which banner shows.
    await carousel.getByRole('button', { name: t('catalog', 'ko', 'carousel.next') }).focus();
    const start = await carouselIndex(page);
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    const index = (start + 2) % games.length;
    await expect(carousel).toHaveAttribute('data-active-index', String(index));
    const current = carousel.locator('[data-position="current"]');
    await expect(current).toContainText(games[index]?.title ?? 'missing');
    const title = games[index]?.title ?? 'missing';
    const position = { index: index + 1, total: games.length, title };
    await expect(current).toHaveAttribute('aria-label', t('catalog', 'ko', 'carousel.slideLabel', position));
    // After the banner's link, the first control is the one that stops the motion; its name says what it does next.
    await current.getByRole('link').focus();
    await page.keyboard.press('Tab');
    const pause = carousel.getByRole('button', { name: t('catalog', 'ko', 'carousel.pause') });
    await expect(pause).toBeFocused();
    await expect(pause).not.toHaveAttribute('aria-pressed');
    await current.getByRole('link').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/GamesDetails/${games[index]?.id}$`));
    await expect(page.getByRole('heading', { level: 2, name: games[index]?.title ?? 'missing' })).toBeVisible();
  });

  test('asks for the banner on show first and then only its neighbours, not every banner at once', async ({ browser }) => {
    const games = await gamesAll('ko');
    expect(games.length).toBeGreaterThan(3);
    // Reduced motion holds the carousel on its first banner, so only loading decides which images are asked for.
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => {
      // Any copy of a banner: the original, its AVIF or its phone copy (shared-contracts/src/artwork-copies.ts).
      if (request.resourceType() === 'image' && /\/banner(-phone)?\.(avif|webp)$/.test(request.url()))
        requested.push(new URL(request.url()).pathname);
    });
    // The page's clock runs normally; the test moves it on instead of waiting.
    await page.clock.install();
    await page.goto(`${site()}/`);
    // Which game a requested banner is (the page asks through the site's /api/ prefix).
    const folderOf = (url: string) => new URL(url, site()).pathname.replace(/[^/]+$/, '');
    const gameOf = (requestPath: string) => games.findIndex((game) => requestPath.includes(folderOf(game.imageConfig.banner)));
    await expect.poll(() => requested.length).toBe(3);
    expect(gameOf(requested[0]!)).toBe(0);
    expect(requested.slice(1).map(gameOf).sort()).toEqual([1, games.length - 1].sort());
    // Nothing else follows while the carousel stays on its first banner, however long: several rotations' time pass,
    // and then the player shows the next banner, which asks for its new neighbour. Anything those timers asked for
    // was asked before that banner: the requests after the three are that one alone.
    await page.clock.runFor(TIMINGS.carouselIntervalMs * 3);
    const carousel = page.getByTestId('banner-carousel');
    await expect(carousel).toHaveAttribute('data-active-index', '0');
    await carousel.getByRole('button', { name: t('catalog', 'ko', 'carousel.next') }).click();
    await expect(carousel).toHaveAttribute('data-active-index', '1');
    await expect.poll(() => requested.length).toBeGreaterThan(3);
    expect(requested.slice(3).map(gameOf)).toEqual([2]);
    await context.close();
  });

  test("every banner's title and tagline stand out from its artwork, on a phone and a desktop (WCAG 1.4.3)", async ({ browser }) => {
    const games = await gamesAll('en');
    for (const viewport of [
      { width: 412, height: 823 },
      { width: 1280, height: 800 },
    ]) {
      // Reduced motion: the carousel stands still on the banner chosen, with no fade between banners.
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto(`${site()}/?spec_lang=en`);
      const carousel = page.getByTestId('banner-carousel');
      await expect(carousel.getByRole('button', { name: t('catalog', 'en', 'carousel.pause') })).toHaveCount(0);
      for (const [index, game] of games.entries()) {
        await carousel.getByRole('button', { name: t('catalog', 'en', 'carousel.goTo', { index: index + 1, title: game.title }) }).click();
        const slide = carousel.locator('[data-position="current"]');
        await expect(slide).toContainText(game.title);
        await expect
          .poll(() => slide.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
          .toBe(true);
        const where = `${game.title} at ${viewport.width} px`;
        expect(await whiteTextContrast(page, slide.getByRole('heading')), `${where}: title`).toBeGreaterThanOrEqual(3);
        expect(await whiteTextContrast(page, slide.getByText(game.subTitle)), `${where}: tagline`).toBeGreaterThanOrEqual(4.5);
      }
      await context.close();
    }
  });

  test('uses the cards layout for the purple brands and wide for blue', async ({ page }) => {
    await page.goto(`${site('sakura.localhost')}/`);
    await expect(page.getByTestId('banner-carousel')).toHaveAttribute('data-layout', 'cards');
    await page.goto(`${site('nova.localhost')}/`);
    await expect(page.getByTestId('banner-carousel')).toHaveAttribute('data-layout', 'wide');
  });

  test('shows every game in the All games grid with cover and title', async ({ page }) => {
    const games = await gamesAll('ko');
    await page.goto(`${site()}/`);
    const grid = page.locator('#all-games');
    await expect(grid.getByRole('link')).toHaveCount(games.length);
    for (const game of games) await expect(grid.getByRole('link', { name: game.title })).toBeVisible();
    const cover = grid.locator('img').first();
    await expect(cover).toHaveJSProperty('complete', true);
    expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // The covers come as WebP, which decodes in a third to a half of AVIF's time, while the page starts up; the
    // banner on show keeps its smaller AVIF.
    expect(await cover.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\.webp$/);
    const banner = page.getByTestId('banner-carousel').locator('img').first();
    await expect(banner).toHaveJSProperty('complete', true);
    expect(await banner.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\.avif$/);
  });
});

test.describe('All games (SPEC §2)', () => {
  test("the side menu's entry, on a phone, shows the grid's heading below the top bar", async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(`${site()}/SupportCenter/game`);
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-all-games').click();
    const heading = page.locator('#all-games h2');
    await expect(heading).toBeInViewport();
    const bar = await page.locator('.frame-top').boundingBox();
    if (!bar) throw new Error('the top bar (.frame-top) is not laid out');
    await expect.poll(async () => (await heading.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(bar.y + bar.height);
  });
});

test.describe('moving between pages', () => {
  test("a game chosen far down the front page opens at its page's top, and Back returns to where the player was", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${site()}/`);
    await expect(page.getByTestId('menu-button')).toBeEnabled();
    const card = page.locator('#all-games li a').last();
    await card.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);
    await card.click();
    await expect(page).toHaveURL(/\/GamesDetails\/\d+$/);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page.locator('#all-games')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  });
});

test.describe('game details (SPEC §2)', () => {
  test('a deep link scrolls to the named section', async ({ page }) => {
    const [game] = await gamesAll('ko');
    const section = game?.sections.at(-1);
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto(`${site()}/GamesDetails/${game?.id}#${section?.id}`);
    await expect(page.getByRole('heading', { level: 3, name: section?.title ?? 'missing' })).toBeInViewport();
  });

  test("Top up pays for the game on show, and the support button opens that game's help topics", async ({ page }) => {
    const games = await gamesSimple('en');
    // A game other than the first, whose payment link is the site's Top up elsewhere.
    const game = games.find((entry, index) => index > 0 && entry.link.payment);
    await page.goto(`${site()}/GamesDetails/${game?.id}?spec_lang=en`);
    const actions = page.getByRole('article');
    await expect(actions.getByRole('link', { name: t('catalog', 'en', 'home.topUp') })).toHaveAttribute(
      'href',
      game?.link.payment ?? 'missing',
    );
    await actions.getByRole('link', { name: t('catalog', 'en', 'details.support') }).click();
    await expect(page).toHaveURL(new RegExp(`/SupportCenter/question\\?game=${game?.id}$`));
    await expect(page.getByTestId('support-step-question')).toContainText(game?.gameName ?? 'missing');
  });

  test('an unknown or malformed id gets a clear not-found state', async ({ page }) => {
    await page.goto(`${site()}/GamesDetails/99999`);
    await expect(page.getByTestId('game-not-found')).toBeVisible();
    await page.goto(`${site()}/GamesDetails/not-a-number`);
    await expect(page.getByTestId('game-not-found')).toBeVisible();
    await page.getByTestId('game-not-found').getByRole('link').click();
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
  });
});

test.describe('front page quick links (SPEC §2)', () => {
  test("Top up opens the first game's payment page in a new tab, Support center leads to step one; verda has no Top up", async ({
    page,
  }) => {
    const [first] = await gamesSimple('en');
    await page.goto(`${site()}/?spec_lang=en`);
    const links = page.getByRole('navigation', { name: t('catalog', 'en', 'home.quickLinks') });
    const topUp = links.getByRole('link', { name: t('catalog', 'en', 'home.topUp') });
    await expect(topUp).toHaveAttribute('href', first?.link.payment ?? 'missing');
    await expect(topUp).toHaveAttribute('target', '_blank');
    await links.getByRole('link', { name: t('catalog', 'en', 'home.supportCenter') }).click();
    await expect(page).toHaveURL(/\/SupportCenter\/game\?|\/SupportCenter\/game$/);
    await expect(page.getByTestId('support-step-game')).toBeVisible();

    await page.goto(`${site('verda.localhost')}/?spec_lang=en`);
    await expect(page.getByRole('navigation', { name: t('catalog', 'en', 'home.quickLinks') }).getByRole('link')).toHaveText([
      t('catalog', 'en', 'home.supportCenter'),
    ]);
  });
});
