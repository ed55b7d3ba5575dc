import type { Page } from 'playwright-core';
import { inFreshTab, TransferRecorder, waitVisible } from '../browser.js';
import { PAGES, type BenchPage, type Measurement } from '../measurement.js';
import { kb } from '../report.js';
import { siteUrl } from '../site.js';
import { TARGETS } from '../targets.js';
import { COMPRESSION_NOTE, summarise, TRANSFER_COLUMNS, transferRows, type TransferSummary } from '../transfer-table.js';

/** single-spa's own navigation, as shared-contracts' navigateTo calls it. */
export async function navigateInPage(tab: Page, path: string): Promise<void> {
  await tab.evaluate((url) => (window as unknown as { singleSpaNavigate: (url: string) => void }).singleSpaNavigate(url), path);
}

export interface NavigationBytes {
  from: string;
  to: string;
  remote: string;
  summary: TransferSummary;
}

const [HOME] = PAGES;
/** A page of each other remote: a page of the home page's own remote (a game's details) would add no remote. */
const OTHERS: BenchPage[] = PAGES.filter((page) => page.remote !== HOME.remote);

/** What the first client-side navigation from `/` into each other remote adds, each from a fresh first load. */
export const navigationBytes: Measurement<NavigationBytes[]> = {
  key: 'navigationBytes',
  needs: 'site',
  run: async ({ browser }) => {
    const results: NavigationBytes[] = [];
    for (const target of OTHERS) {
      await inFreshTab(browser, async (tab) => {
        const recorder = new TransferRecorder(tab);
        await tab.goto(siteUrl(HOME.path));
        await waitVisible(tab, HOME.firstContent);
        await recorder.settled();
        await recorder.take();
        await navigateInPage(tab, target.path);
        await waitVisible(tab, target.firstContent);
        await recorder.settled();
        results.push({ from: HOME.path, to: target.path, remote: target.remote, summary: summarise(await recorder.take()) });
      });
    }
    return results;
  },
  tables: (results) =>
    results.map(({ from, to, remote, summary }) => ({
      title: `First navigation ${from} -> ${to} (the ${remote} remote): JavaScript and CSS added`,
      columns: TRANSFER_COLUMNS,
      rows: transferRows(summary),
      notes: [
        `target: each further remote at most ${TARGETS.furtherRemoteGzipKb} KB gzip on first navigation (measured ${kb(summary.js.sizes.gzip)} KB JS, ${kb(summary.all.sizes.gzip)} KB JS+CSS at gzip 6).`,
        COMPRESSION_NOTE,
      ],
    })),
};
