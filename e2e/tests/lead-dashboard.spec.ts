import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, logIn } from '../support/accounts.js';
import { t } from '../support/locales.js';
import { site } from '../support/ports.js';
import { AGENT, agentReads, agentReplies, callApi, openTicket, tokenOf } from '../support/tickets-api.js';

/** The demo support lead: an agent with the lead's permission (api/src/seed/demo-accounts.ts). */
const LEAD = { account: 'lead1', password: 'lead1-pass' } as const;

const en = (key: string, values: Record<string, string | number> = {}) => t('support', 'en', key, values);

/** A message Chart.js throws with, in its code whatever the minifier did: a JavaScript file holding it is Chart.js. */
const CHART_JS_MARKER = "can't acquire context from the given item";

/** Collects the JavaScript a page receives from now on, to tell which code it loaded: `bodies()` once all arrived. */
function recordScripts(page: Page): { bodies: () => Promise<string[]> } {
  const arriving: Promise<string>[] = [];
  page.on('response', (response) => {
    if (/javascript/.test(response.headers()['content-type'] ?? '')) arriving.push(response.text().catch(() => ''));
  });
  return { bodies: () => Promise.all(arriving) };
}

test.describe("the support lead's dashboard (issue 15 item 4)", () => {
  // Each walks several pages and sessions (and the first sets up two rated conversations): more than the default 30 s
  // on a loaded 2-core machine.
  test.slow();

  test('a lead opens it from the desk, sees the day’s figures as charts and tables, and downloads them as CSV', async ({ page }) => {
    // Two conversations of today, answered, ended and rated (one well, one badly for being slow), so the day has every
    // figure whatever ran before.
    const player = await tokenOf(DEMO.player2);
    const agent = await tokenOf(AGENT);
    let day = '';
    for (const rating of [{ score: 5 }, { score: 2, reasons: ['slow' as const] }]) {
      const { inquiryId } = await openTicket(player, { title: `Dashboard figures ${rating.score}` });
      await agentReplies(agent, inquiryId, 'Sent again: check your mailbox.');
      await callApi('inquiryEnd', player, { body: { inquiryId } });
      await callApi('inquiryScore', player, { body: { inquiryId, ...rating } });
      day = (await agentReads(agent, inquiryId)).createdAt.slice(0, 10);
    }

    const scripts = recordScripts(page);
    await logIn(page, LEAD);
    await page.goto(`${site()}/SupportCenter/agent?spec_lang=en`);
    await page.getByTestId('lead-dashboard-link').click();
    await expect(page).toHaveURL(/\/SupportCenter\/agent\/dashboard/);
    const dashboard = page.getByTestId('lead-dashboard');
    await expect(dashboard.getByRole('heading', { level: 2 })).toHaveText(en('lead.title'));

    // The range form checks with the API's schema: a reversed range is refused before anything is asked.
    await dashboard.getByLabel(en('lead.from')).fill(day);
    await dashboard.getByLabel(en('lead.to')).fill('2000-01-01');
    await dashboard.getByTestId('lead-show').click();
    await expect(dashboard.getByRole('alert')).toHaveText(en('errors.rangeReversed'));
    await expect(dashboard.getByLabel(en('lead.to'))).toHaveAttribute('aria-invalid', 'true');

    await dashboard.getByLabel(en('lead.to')).fill(day);
    await dashboard.getByTestId('lead-show').click();
    await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}`));
    await expect(dashboard.getByTestId('lead-opened')).not.toHaveText('0');
    await expect(dashboard.getByTestId('lead-csat')).toContainText('%');

    // Every chart drawn, each an image named for what it shows, with its figures in a table beside it.
    const charts = dashboard.getByTestId('lead-chart');
    await expect(charts).toHaveCount(5);
    for (const chart of await charts.all()) await expect(chart).toHaveAttribute('data-state', 'ready');
    await expect(dashboard.getByRole('img', { name: en('lead.daysChart') })).toBeVisible();
    await expect(dashboard.getByRole('img', { name: en('lead.agentsChart') })).toBeVisible();
    const days = dashboard.getByTestId('lead-report-days');
    await days.getByText(en('lead.showTable')).click();
    await expect(days.getByRole('table', { name: en('lead.daysTitle') }).getByRole('row')).toHaveCount(2);
    // Chart.js came with the dashboard (the player's pages never load it: the next test).
    expect((await scripts.bodies()).some((body) => body.includes(CHART_JS_MARKER))).toBe(true);

    const downloading = page.waitForEvent('download');
    await days.getByRole('button', { name: en('lead.downloadCsv') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`support-days-${day}-to-${day}.csv`);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFFDay (UTC),Inquiries opened,Inquiries ended,')).toBe(true);
    expect(csv.split('\r\n')[1]).toMatch(new RegExp(`^${day},[1-9]\\d*,`));
    // The summary card's file holds what the card shows, a figure a row.
    const summaryDownloading = page.waitForEvent('download');
    await dashboard
      .getByTestId('lead-report-summary')
      .getByRole('button', { name: en('lead.downloadCsv') })
      .click();
    const summary = (await readFile(await (await summaryDownloading).path(), 'utf8')).split('\r\n');
    expect(summary[0]).toBe('\uFEFFMeasure,Value');
    expect(summary[1]).toBe(`Inquiries opened,${await dashboard.getByTestId('lead-opened').textContent()}`);
    expect(summary[2]).toBe(`Inquiries ended,${await dashboard.getByTestId('lead-ended').textContent()}`);
    // The file keeps one decimal; the card shows the share in the page language's percent, which may round it.
    const csat = Number(summary.find((row) => row.startsWith('Satisfied share (%),'))?.split(',')[1]);
    const shown = Number((await dashboard.getByTestId('lead-csat').textContent())?.replace('%', ''));
    expect(csat).toBeCloseTo(shown, 0);

    // On a phone the dashboard fits the screen's width: nothing to scroll sideways but the tables' own boxes.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(charts.first()).toBeVisible();
    // The charts redraw at the new width a frame or more after the resize: wait for that, not for a fixed time.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('a plain agent gets no link to it and is refused it, and a player’s support pages never load Chart.js', async ({
    page,
    browser,
  }) => {
    await logIn(page, AGENT);
    const permissions = page.waitForResponse((response) => response.url().includes('/agent/permissions'));
    await page.goto(`${site()}/SupportCenter/agent?spec_lang=en`);
    await expect(page.getByTestId('agent-desk')).toBeVisible();
    expect((await (await permissions).json()) as unknown).toMatchObject({ code: 1, data: { lead: false } });
    await expect(page.getByTestId('lead-dashboard-link')).toHaveCount(0);

    await page.goto(`${site()}/SupportCenter/agent/dashboard?spec_lang=en`);
    await expect(page.getByTestId('lead-refused')).toHaveText(en('errors.leadsOnly'));
    await expect(page.getByTestId('lead-chart')).toHaveCount(0);

    const playerContext = await browser.newContext();
    try {
      const playerPage = await playerContext.newPage();
      const scripts = recordScripts(playerPage);
      await logIn(playerPage, DEMO.player1);
      // The player's support pages, each shown with its code: choosing a game, the history, the inquiry form.
      await playerPage.goto(`${site()}/SupportCenter/game?spec_lang=en`);
      await expect(playerPage.getByTestId('support-step-game')).toBeVisible();
      await playerPage.goto(`${site()}/SupportCenter/history?spec_lang=en`);
      await expect(playerPage.getByTestId('history-list').or(playerPage.getByTestId('history-empty'))).toBeVisible();
      await playerPage.goto(`${site()}/SupportCenter/inquiry?spec_lang=en`);
      await expect(playerPage.getByTestId('support-step-inquiry').or(playerPage.getByTestId('support-step-game'))).toBeVisible();
      const bodies = await scripts.bodies();
      expect(bodies.length).toBeGreaterThan(0);
      expect(bodies.filter((body) => body.includes(CHART_JS_MARKER))).toEqual([]);
    } finally {
      await playerContext.close();
    }
  });
});
