import { expect, test, type Page } from '@playwright/test';
import { DEMO, logIn } from '../support/accounts.js';
import { inquiryField, startNewIfAsked } from '../support/inquiry-form.js';
import { t } from '../support/locales.js';
import { PORTS, site } from '../support/ports.js';
import { tokenOf } from '../support/tickets-api.js';

/**
 * The in-game entry (issue 14 item 3, README "In-game entry"): a game client opens the site with the player's token
 * and context in the address (SPEC §3 csForm names). Demo data: player1 plays Star Harbor (game 1) on its Orion
 * server (s1), in Asia, as Captain Mira (r100101).
 */
const STAR_HARBOR = { gameId: '1', serverId: 'S1', gameAreaId: 'asia', roleId: 'r100101', roleName: 'Captain Mira' };

function entryAddress(path: string, params: Record<string, string>): string {
  return `${site()}${path}?${new URLSearchParams({ spec_lang: 'en', ...params }).toString()}`;
}

/** Every API call the page makes, as path and query, from the moment it is called. */
function recordApiCalls(page: Page): URL[] {
  const calls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url);
  });
  return calls;
}

const callsTo = (calls: URL[], path: string) => calls.filter((url) => url.pathname.endsWith(path));

const ENTRY_PARAMS = ['oauth_token', 'clientId', 'gameId', 'serverId', 'gameAreaId', 'roleId', 'roleName', 'isFromGameFaq'];

/** The page is at `path`, and the address bar carries none of the entry's parameters. */
async function expectAt(page: Page, path: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
  const left = [...new URL(page.url()).searchParams.keys()].filter((name) => ENTRY_PARAMS.includes(name));
  expect(left, page.url()).toEqual([]);
}

const draft = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('cs_form') ?? 'null') as Record<string, unknown> | null);

test.describe('in-game entry (SPEC §3, §4, §7)', () => {
  test("a game's address logs the player in, leaves the address bar, fills the form past the answered steps, sends clientId and shows the game's layout", async ({
    page,
  }) => {
    const token = await tokenOf(DEMO.player1);
    const calls = recordApiCalls(page);
    await page.goto(entryAddress('/SupportCenter', { oauth_token: token, clientId: '1', ...STAR_HARBOR, isFromGameFaq: '1' }));

    // From the game's FAQ with its game known: steps one (game) and two (help topics) are skipped.
    await startNewIfAsked(page);
    await expectAt(page, '/SupportCenter/inquiry');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('self_username'))).toBe(DEMO.player1.account);
    // The token was checked with /website/login/auth, in a header, never in an address.
    const checks = callsTo(calls, '/website/login/auth');
    expect(checks).toHaveLength(1);
    expect(calls.every((url) => !url.href.includes(token))).toBe(true);

    await expect(page.getByTestId('inquiry-game')).toHaveText('Star Harbor');
    await expect(page.getByRole('radio', { name: t('support', 'en', 'form.serviceGame') })).toBeChecked();
    await expect(inquiryField(page, 'form.server')).toHaveValue('s1');
    await expect(inquiryField(page, 'form.region')).toHaveValue('asia');
    await expect(inquiryField(page, 'form.role')).toHaveValue('r100101');

    // The game's web view: no menu, no Top up, no logo link home; the player's inquiries are one tap away.
    await expect(page.locator('html')).toHaveAttribute('data-game-view', '');
    await expect(page.getByTestId('menu-button')).toHaveCount(0);
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    await expect(page.getByTestId('top-up-button')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: t('shell', 'en', 'nav.home', { brand: 'Nova Games' }) })).toHaveCount(
      0,
    );

    // clientId goes on every call that takes it.
    await expect.poll(() => callsTo(calls, '/inquiries/feedback').length).toBeGreaterThan(0);
    await page.getByTestId('game-view-inquiries').click();
    await expect(page).toHaveURL(/\/SupportCenter\/history/);
    await expect.poll(() => callsTo(calls, '/inquiries/list').length).toBeGreaterThan(0);
    // A later page of the same web view keeps the client (and the layout) without the address carrying it.
    await page.goto(`${site()}/?spec_lang=en`);
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await expect(page.getByTestId('menu-button')).toHaveCount(0);
    // The banner shows from the HTML before any script starts; the catalogue then asks for its games, its client's first.
    await expect.poll(() => callsTo(calls, '/games/all').length).toBeGreaterThan(0);
    await page.goto(`${site()}/login?spec_lang=en`);
    await expect(page.getByTestId('account-logged-in')).toBeVisible();
    await expect.poll(() => callsTo(calls, '/website/login/login_config').length).toBeGreaterThan(0);
    for (const path of [
      '/games/simple',
      '/games/all',
      '/inquiries/unresolved',
      '/inquiries/feedback',
      '/inquiries/list',
      '/website/login/login_config',
    ]) {
      const sent = callsTo(calls, path);
      expect(sent.length, path).toBeGreaterThan(0);
      for (const url of sent) expect(url.searchParams.get('clientId'), url.href).toBe('1');
    }
  });

  test('the page a game opens carries nothing of the player: no token, character or client in the shared HTML', async ({ page }) => {
    const token = await tokenOf(DEMO.player1);
    const query = new URLSearchParams({ oauth_token: token, clientId: '1', ...STAR_HARBOR, roleName: 'Captain-Mira-in-html' });
    const response = await page.request.get(`http://localhost:${PORTS.shell}/SupportCenter/game?${query.toString()}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const secret of [token, 'Captain-Mira-in-html', 'r100101']) expect(html, secret).not.toContain(secret);
  });

  test('a server id from the address becomes s12; one the game does not have gets the prompt to choose; without the FAQ flag the help topics stay', async ({
    page,
  }) => {
    const token = await tokenOf(DEMO.player1);
    await page.goto(entryAddress('/SupportCenter/game', { oauth_token: token, gameId: '1', serverId: 'S12', gameAreaId: 'asia' }));
    // The game is answered, the help topics are not (the player did not come from the game's FAQ).
    await expectAt(page, '/SupportCenter/question');
    await expect(page.getByTestId('help-topics')).toBeVisible();
    expect(await draft(page)).toMatchObject({ gameId: 1, serverId: 's12', gameAreaId: 'asia' });
    // An ordinary layout: the flag was not given.
    await expect(page.getByTestId('menu-button')).toBeVisible();

    await page
      .getByRole('navigation', { name: t('support', 'en', 'steps.label') })
      .getByRole('link', { name: t('support', 'en', 'steps.inquiry') })
      .click();
    await startNewIfAsked(page);
    const server = inquiryField(page, 'form.server');
    await expect(page.getByTestId('error-serverId')).toHaveText(t('support', 'en', 'errors.serverNotFound'));
    await expect(server).toHaveValue('');
    await expect(server).toHaveAttribute('aria-invalid', 'true');
    // Choosing a server answers the prompt.
    await server.selectOption({ label: 'Orion' });
    await expect(page.getByTestId('error-serverId')).toHaveCount(0);
  });

  test('a game the site does not have gets the prompt to choose a game, never a crash', async ({ page }) => {
    const token = await tokenOf(DEMO.player1);
    await page.goto(entryAddress('/SupportCenter', { oauth_token: token, gameId: '9999', serverId: 's1', isFromGameFaq: 'true' }));
    await expectAt(page, '/SupportCenter/game');
    await expect(page.getByTestId('entry-unknown-game')).toHaveText(t('support', 'en', 'errors.gameNotFound'));
    await expect(page.getByTestId('support-step-game')).toBeVisible();
    await page.getByTestId('support-step-game').getByRole('button', { name: 'Star Harbor' }).click();
    await expect(page.getByTestId('entry-unknown-game')).toHaveCount(0);
  });

  test("login_config's guestAllowed decides the guest offer: not to a game's player, yes to another client", async ({ browser, page }) => {
    const config = page.waitForResponse((response) => response.url().includes('/website/login/login_config'));
    await page.goto(entryAddress('/login', { clientId: '1' }));
    expect(((await (await config).json()) as { data: { guestAllowed: boolean } }).data.guestAllowed).toBe(false);
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.getByTestId('continue-as-guest')).toHaveCount(0);
    // A client id naming none of our games (a partner's portal): the API allows guests, and the page offers it.
    const other = await browser.newPage();
    await other.goto(entryAddress('/login', { clientId: 'partner-portal' }));
    await expect(other.getByTestId('continue-as-guest')).toBeVisible();
    await other.close();
  });

  test("a game's link whose token cannot be checked for want of a network logs the player in once it can: back online, or at the tab's next start", async ({
    browser,
    page,
  }) => {
    const token = await tokenOf(DEMO.player1);
    const check = (url: URL) => url.pathname.endsWith('/website/login/auth');
    for (const [tab, backOnline] of [
      [page, async (tab: Page) => tab.evaluate(() => window.dispatchEvent(new Event('online')))],
      [await browser.newPage(), async (tab: Page) => tab.reload()],
    ] as const) {
      const refused = tab.waitForRequest((request) => check(new URL(request.url())));
      await tab.route(check, (route) => route.abort('internetdisconnected'));
      await tab.goto(entryAddress('/login', { oauth_token: token }));
      await refused;
      await expect(tab.getByTestId('login-form')).toBeVisible();
      expect(tab.url()).not.toContain(token);
      await tab.unroute(check);
      await backOnline(tab);
      await expect(tab.getByTestId('account-logged-in')).toContainText(DEMO.player1.account);
    }
  });

  test("another account's link asks before the session changes hands, and keeps the link's game when it does", async ({ page }) => {
    await logIn(page, DEMO.player1);
    const otherToken = await tokenOf(DEMO.player2);
    const address = entryAddress('/SupportCenter', { oauth_token: otherToken, gameId: '1', serverId: 's1' });
    await page.goto(address);
    const dialog = page.getByTestId('account-switch');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(t('shell', 'en', 'accountSwitch.title', { name: DEMO.player2.account }));
    expect(page.url()).not.toContain(otherToken);
    // The safe choice has the focus: staying is one key press.
    await expect(page.getByTestId('account-switch-stay')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem('self_username'))).toBe(DEMO.player1.account);

    await page.goto(address);
    await page.getByTestId('account-switch-confirm').click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('self_username'))).toBe(DEMO.player2.account);
    expect(await draft(page)).toMatchObject({ gameId: 1, serverId: 's1', owner: DEMO.player2.account });
  });
});
