import { expect, test, type Locator } from '@playwright/test';
import { gamesSimple } from '../support/api.js';
import { t } from '../support/locales.js';
import { contrast, painted } from '../support/pixels.js';
import { site } from '../support/ports.js';

/**
 * Forced colours (Windows high contrast): the browser replaces the site's colours with the system's and drops painted
 * backgrounds, so what a fill alone showed (a dot, a button's shape, the chosen item) must be drawn another way.
 * Checked as painted: the computed styles keep the site's own colours.
 */
test.use({ forcedColors: 'active' });

/** The middle of an element against the point just inside its left edge, halfway down. */
async function middleAgainstEdge(element: Locator): Promise<{ middle: number; edge: number }> {
  const shot = await painted(element);
  return { middle: shot.at(shot.width / 2, shot.height / 2), edge: shot.at(1, shot.height / 2) };
}

test('the carousel dots stay drawn, the one on show apart from the others', async ({ page }) => {
  await page.goto(`${site()}/?spec_lang=en`);
  await expect(page.getByTestId('menu-button')).toBeEnabled();
  // The dots are the controls without a text of their own (the arrows have a glyph, Pause its word).
  const dots = page.getByTestId('banner-carousel').locator('button[aria-controls]:empty');
  // The first view's controls are disabled until the catalog takes over (drawn in GrayText meanwhile).
  await expect(dots.first()).toBeEnabled();
  const current = await middleAgainstEdge(dots.and(page.locator('[aria-current="true"]')));
  const other = await middleAgainstEdge(dots.and(page.locator(':not([aria-current])')).first());
  expect(contrast(other.middle, other.edge), 'a dot against its background').toBeGreaterThan(3);
  expect(contrast(current.middle, current.edge), 'the dot on show against its background').toBeGreaterThan(3);
  expect(contrast(current.middle, other.middle), 'the dot on show against the others').toBeGreaterThan(1.5);
});

test("a filled button keeps its edge: the login form's Log in", async ({ page }) => {
  await page.goto(`${site()}/login?spec_lang=en`);
  const submit = page.getByTestId('login-form').getByRole('button', { name: t('account', 'en', 'login.submit'), exact: true });
  // The first view's Log in is disabled, and drawn in GrayText, until the account remote takes over.
  await expect(submit).toBeEnabled();
  const { middle, edge } = await middleAgainstEdge(submit);
  expect(contrast(middle, edge), 'the button edge against its inside').toBeGreaterThan(3);
});

test('the chosen game, help-topic type and the current step stand apart from the others', async ({ page }) => {
  const [game] = await gamesSimple('en');
  await page.goto(`${site()}/SupportCenter/game?spec_lang=en`);
  await expect(page.getByTestId('menu-button')).toBeEnabled();
  const games = page.getByTestId('support-step-game').getByRole('button');
  await games.first().click();
  await expect(games.first()).toHaveAttribute('aria-pressed', 'true');
  const chosen = await painted(games.first());
  const notChosen = await painted(games.nth(1));
  // Filled with Highlight, beside the name (the picture is at the start).
  const fill = (shot: typeof chosen) => shot.at(shot.width - 8, shot.height / 2);
  expect(contrast(fill(chosen), fill(notChosen)), 'the chosen game').toBeGreaterThan(3);

  await page.goto(`${site()}/SupportCenter/question?game=${game?.id}&spec_lang=en`);
  await expect(page.getByTestId('menu-button')).toBeEnabled();
  const steps = page.getByRole('navigation', { name: t('support', 'en', 'steps.label') }).getByRole('link');
  const current = await middleAgainstEdge(steps.and(page.locator('[aria-current="page"]')));
  const step = await middleAgainstEdge(steps.and(page.locator(':not([aria-current])')).first());
  expect(contrast(current.middle, step.middle), 'the current step').toBeGreaterThan(1.5);
  // The help topics' type filter: "All" is chosen at first.
  const types = page.getByTestId('help-topics').getByRole('button');
  await expect(types.first()).toBeEnabled();
  const pressed = await painted(types.and(page.locator('[aria-pressed="true"]')).first());
  const other = await painted(types.and(page.locator('[aria-pressed="false"]')).first());
  const inner = (shot: typeof pressed) => shot.at(shot.width - 6, shot.height / 2);
  expect(contrast(inner(pressed), inner(other)), 'the chosen help-topic type').toBeGreaterThan(3);
});
