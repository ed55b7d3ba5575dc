import { expect, test, type Frame } from '@playwright/test';
import { SIMPLE_GAMES_ISLAND_ID, type GameSimple } from 'shared-contracts';
import { faqs, gameDownloads, gamesSimple } from '../support/api.js';
import { t } from '../support/locales.js';
import { PORTS, site } from '../support/ports.js';

test.describe('support steps one and two (DESIGN §7)', () => {
  test('step one: choosing a game shows its downloads, or says there are none, and leads to its help topics', async ({ page }) => {
    const games = await gamesSimple('en');
    const withDownloads: GameSimple[] = [];
    const withoutDownloads: GameSimple[] = [];
    for (const game of games) ((await gameDownloads(game.id)).length > 0 ? withDownloads : withoutDownloads).push(game);
    const [first] = withDownloads;
    const [bare] = withoutDownloads;
    expect(first && bare, 'the seed has games with and without downloads').toBeTruthy();

    await page.goto(`${site()}/SupportCenter/game?spec_lang=en`);
    const step = page.getByTestId('support-step-game');
    await step.getByRole('button', { name: bare?.gameName }).click();
    await expect(step.getByTestId('game-downloads')).toContainText(t('support', 'en', 'game.noDownloads'));
    await step.getByRole('button', { name: first?.gameName }).click();
    await expect(step.getByTestId('game-downloads').getByRole('link')).toHaveCount((await gameDownloads(first?.id ?? 0)).length);
    await step.getByTestId('to-question').click();
    // The step's address names the game: a link to it, or a reload, shows the same game's help topics.
    await expect(page).toHaveURL(new RegExp(`/SupportCenter/question\\?game=${first?.id}$`));
    await expect(page.getByTestId('support-step-question')).toContainText(first?.gameName ?? 'missing');
  });

  test("step one's button to the help topics stays where it is while the chosen game's downloads load", async ({ page }) => {
    const withDownloads = [];
    for (const game of await gamesSimple('en')) if ((await gameDownloads(game.id)).length > 0) withDownloads.push(game);
    const [first, second] = withDownloads;
    expect(first && second, 'the seed has two games with downloads').toBeTruthy();
    await page.goto(`${site()}/SupportCenter/game?spec_lang=en`);
    const step = page.getByTestId('support-step-game');
    await step.getByRole('button', { name: first?.gameName }).click();
    await expect(step.getByTestId('game-downloads').getByRole('link').first()).toBeVisible();

    // The next game's downloads are held back until the button's place has been read.
    let answerDownloads!: () => void;
    const held = new Promise<void>((resolve) => {
      answerDownloads = resolve;
    });
    let asked!: () => void;
    const downloadsAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    await page.route('**/game/downloads?*', async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await step.getByRole('button', { name: second?.gameName }).click();
    await downloadsAsked;
    const next = step.getByTestId('to-question');
    await expect(next).toContainText(second?.gameName ?? 'missing');
    const before = await next.boundingBox();
    answerDownloads();
    await expect(step.getByTestId('game-downloads').getByRole('link')).toHaveCount((await gameDownloads(second?.id ?? 0)).length);
    expect(await next.boundingBox()).toEqual(before);
  });

  test('an address under the support centre that names no step leads to step one, once', async ({ page }) => {
    for (const unknown of ['/SupportCenter/desk', '/SupportCenter/desk/inbox', '/SupportCenter']) {
      const addresses: string[] = [];
      const onNavigation = (frame: Frame) => {
        if (frame === page.mainFrame()) addresses.push(new URL(frame.url()).pathname);
      };
      page.on('framenavigated', onNavigation);
      const response = await page.goto(`${site()}${unknown}?spec_lang=en`);
      // The centre's own address and a step it does not have are sent to step one by the page server, with the
      // query: the page comes with step one's first view (without scripts too), not an empty region.
      const redirect = response?.request().redirectedFrom();
      expect((await redirect?.response())?.status(), `${unknown} is redirected`).toBe(302);
      expect(response?.url()).toBe(`${site()}/SupportCenter/game?spec_lang=en`);
      await expect(page.getByTestId('support-step-game')).toBeVisible();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/SupportCenter/game');
      page.off('framenavigated', onNavigation);
      expect(
        addresses.filter((path) => path.startsWith('/SupportCenter/game/')),
        `${unknown} went on past step one`,
      ).toEqual([]);
    }
  });

  test('the repay button shows on the question step for a game with a repay link, and not for one without', async ({ page }) => {
    const games = await gamesSimple('en');
    const repayable = games.find((game) => game.link.replenishment);
    const plain = games.find((game) => !game.link.replenishment);
    await page.goto(`${site()}/SupportCenter/game?spec_lang=en`);
    await page.getByRole('button', { name: repayable?.gameName }).click();
    await expect(page.getByTestId('repay-button')).toHaveCount(0);
    await page.getByTestId('to-question').click();
    await expect(page.getByTestId('repay-button')).toHaveAttribute('href', repayable?.link.replenishment ?? 'missing');
    await page.goto(`${site()}/SupportCenter/game?spec_lang=en`);
    await page.getByRole('button', { name: plain?.gameName }).click();
    await page.getByTestId('to-question').click();
    await expect(page.getByTestId('help-topics')).toBeVisible();
    await expect(page.getByTestId('repay-button')).toHaveCount(0);
  });

  test('step two: help topics filter by search after the debounce, say "No data." when nothing matches, and a category opens the form', async ({
    page,
  }) => {
    const [game] = await gamesSimple('en');
    const topics = await faqs(game?.id ?? 0, 'en');
    const target = topics.at(-1);
    await page.goto(`${site()}/SupportCenter/game?spec_lang=en`);
    await page.getByRole('button', { name: game?.gameName }).click();
    await page.getByTestId('to-question').click();
    const list = page.getByTestId('help-topic-list');
    await expect(list.getByRole('listitem')).toHaveCount(topics.length);

    const search = page.getByLabel(t('support', 'en', 'question.search'));
    await search.fill(target?.title ?? 'missing');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await list.getByText(target?.title ?? 'missing').click();
    await expect(list).toContainText((target?.answer ?? 'missing').split(/\n\s*\n/)[0] ?? '');

    await search.fill('zzzz-no-topic-says-this');
    await expect(page.getByTestId('help-topics')).toContainText(t('common', 'en', 'state.noData'));

    const categories = page.getByTestId('question-categories').getByRole('button');
    await categories.first().click();
    await expect(page).toHaveURL(/\/SupportCenter\/inquiry/);
  });

  test('step two: a topic type shows only its topics, and All shows them all again', async ({ page }) => {
    const [game] = await gamesSimple('en');
    const topics = await faqs(game?.id ?? 0, 'en');
    await page.goto(`${site()}/SupportCenter/game?spec_lang=en`);
    await page.getByRole('button', { name: game?.gameName }).click();
    await page.getByTestId('to-question').click();
    const list = page.getByTestId('help-topic-list');
    await expect(list.getByRole('listitem')).toHaveCount(topics.length);
    const types = page.getByRole('group', { name: t('support', 'en', 'question.types') }).getByRole('button');
    const all = types.first();
    await expect(all).toHaveAttribute('aria-pressed', 'true');
    const typeCount = await types.count();
    expect(typeCount).toBeGreaterThan(2);
    // Each type's own topics, as the API gives them for that type.
    const typeButton = types.nth(1);
    await typeButton.click();
    await expect(typeButton).toHaveAttribute('aria-pressed', 'true');
    await expect(all).toHaveAttribute('aria-pressed', 'false');
    const shown = await list.getByRole('listitem').locator('summary').allTextContents();
    const typeIds = [...new Set(topics.map((topic) => topic.typeId))];
    const expected = typeIds.map((typeId) => topics.filter((topic) => topic.typeId === typeId).map((topic) => topic.title));
    expect(expected).toContainEqual(shown);
    expect(shown.length).toBeLessThan(topics.length);
    await all.click();
    await expect(list.getByRole('listitem')).toHaveCount(topics.length);
  });

  test("a game client's help step whose own game list fails goes on with the page's list", async ({ page }) => {
    // The client's own list (its game first) fails; the page's HTML carries every visitor's, which names the game.
    await page.route(
      (url) => url.pathname.endsWith('/games/simple'),
      (route) => route.fulfill({ status: 500, body: 'down' }),
    );
    const [first, ...others] = await gamesSimple('en');
    const game = others.at(-1);
    await page.goto(`${site()}/SupportCenter/question?game=${game?.id}&clientId=${game?.id}&spec_lang=en`);
    const step = page.getByTestId('support-step-question');
    await expect(step.getByRole('heading', { level: 2 })).toContainText(game?.gameName ?? 'missing');
    await expect(step.getByTestId('help-topic-list').getByRole('listitem')).toHaveCount((await faqs(game?.id ?? 0)).length);
    await expect(step.getByRole('button', { name: t('common', 'en', 'remote.retry') })).toHaveCount(0);
    await expect(page.getByTestId('top-up-button')).toHaveAttribute('href', first?.link.payment ?? 'missing');
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('side-menu').getByTestId('menu-games')).toContainText(game?.gameName ?? 'missing');
  });

  test("a help step whose page came without the game list, and whose list fails, offers a retry, not 'choose a game first'; the side menu's list comes back with it", async ({
    page,
  }) => {
    // A page rendered while the API failed carries no list (the island goes before any script reads it): the browser
    // asks for it, and that fails too.
    await page.addInitScript((island) => {
      new MutationObserver(() => document.getElementById(island)?.remove()).observe(document, { childList: true, subtree: true });
    }, SIMPLE_GAMES_ISLAND_ID);
    const failing = (url: URL) => url.pathname.endsWith('/games/simple');
    await page.route(failing, (route) => route.fulfill({ status: 500, body: 'down' }));
    const [game] = await gamesSimple('en');
    await page.goto(`${site()}/SupportCenter/question?game=${game?.id}&spec_lang=en`);
    const step = page.getByTestId('support-step-question');
    await expect(step.getByRole('button', { name: t('common', 'en', 'remote.retry') })).toBeVisible();
    await expect(step).toContainText(t('common', 'en', 'errors.network'));
    await expect(step).not.toContainText(t('support', 'en', 'question.chooseGameFirst'));
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('side-menu')).toContainText(t('shell', 'en', 'menu.gamesFailed'));
    await page.keyboard.press('Escape');

    await page.unroute(failing);
    await step.getByRole('button', { name: t('common', 'en', 'remote.retry') }).click();
    await expect(step.getByRole('heading', { level: 2 })).toContainText(game?.gameName ?? 'missing');
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('side-menu').getByTestId('menu-games')).toContainText(game?.gameName ?? 'missing');
  });

  test('step two without a chosen game asks for one first', async ({ page }) => {
    await page.goto(`${site()}/SupportCenter/question?spec_lang=en`);
    await expect(page.getByTestId('support-step-question')).toContainText(t('support', 'en', 'question.chooseGameFirst'));
  });

  test('a step whose code fails to arrive offers a retry under the steps, which loads it without reloading the page', async ({ page }) => {
    await page.goto(`${site()}/SupportCenter/game?spec_lang=en`);
    // The support remote has taken its first view over (its scripts start once the page has loaded): the steps'
    // links now route in the page instead of loading the next step's HTML.
    await expect(page.locator('[id="single-spa-application:support"]')).toHaveAttribute('data-first-view', /^(hydrated|replaced)$/);
    await expect(page.getByTestId('support-step-game')).toBeVisible();
    // The inquiry form loads on first opening: its files from the support origin fail this once.
    const supportFiles = `http://localhost:${PORTS.support}/**/*.{js,css}`;
    let refused = 0;
    await page.route(supportFiles, (route) => {
      refused += 1;
      return route.abort('internetdisconnected');
    });
    const steps = page.getByRole('navigation', { name: t('support', 'en', 'steps.label') });
    await steps.getByRole('link', { name: t('support', 'en', 'steps.inquiry') }).click();

    const failed = page.getByRole('alert').filter({ hasText: t('common', 'en', 'remote.unavailable') });
    await expect(failed).toBeVisible();
    expect(refused).toBeGreaterThan(0);
    await expect(steps).toBeVisible();
    await expect(page.getByTestId('inquiry-form')).toHaveCount(0);

    await page.unroute(supportFiles);
    // A reload would start a new document without this mark.
    await page.evaluate(() => document.documentElement.setAttribute('data-before-retry', ''));
    await failed.getByRole('button', { name: t('common', 'en', 'remote.retry') }).click();
    await expect(
      page.getByTestId('inquiry-form').or(page.getByRole('button', { name: t('support', 'en', 'unresolved.new') })),
    ).toBeVisible();
    await expect(failed).toHaveCount(0);
    await expect(page.locator('html[data-before-retry]'), 'the retry loads the step in the page, not by reloading it').toHaveCount(1);
  });
});
