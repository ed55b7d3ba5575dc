import type { Browser } from 'playwright-core';
import { inFreshTab, TransferRecorder, waitVisible } from '../browser.js';
import { PAGES, type Measurement } from '../measurement.js';
import { kb } from '../report.js';
import { siteUrl } from '../site.js';
import { REFERENCE, TARGETS } from '../targets.js';
import { COMPRESSION_NOTE, summarise, TRANSFER_COLUMNS, transferRows, type TransferSummary } from '../transfer-table.js';

export interface FirstLoad {
  path: string;
  summary: TransferSummary;
  /**
   * Uncaught errors of the page's code: with the first view in the HTML, a page whose start-up threw still shows
   * its first content, and would be measured as its HTML alone.
   */
  pageErrors: string[];
}

/**
 * JavaScript and CSS of a first load of each page with an empty cache, until the page's remote shows and the
 * network is idle; `urlOf` picks the site (the composed one, or the monolith of the comparison).
 */
export async function measureFirstLoads(browser: Browser, urlOf: (pathname: string) => string): Promise<FirstLoad[]> {
  const results: FirstLoad[] = [];
  for (const page of PAGES) {
    await inFreshTab(browser, async (tab) => {
      const pageErrors: string[] = [];
      tab.on('pageerror', (error) => pageErrors.push(error.message));
      const recorder = new TransferRecorder(tab);
      await tab.goto(urlOf(page.path));
      await waitVisible(tab, page.firstContent);
      await recorder.settled();
      results.push({ path: page.path, summary: summarise(await recorder.take()), pageErrors });
    });
  }
  return results;
}

export const firstLoad: Measurement<FirstLoad[]> = {
  key: 'firstLoad',
  needs: 'site',
  run: ({ browser }) => measureFirstLoads(browser, siteUrl),
  tables: (results) =>
    results.map(({ path, summary, pageErrors }) => ({
      title: `First load of ${path}: JavaScript and CSS by origin`,
      columns: TRANSFER_COLUMNS,
      rows: transferRows(summary),
      notes: [
        `target: first-load JavaScript at most ${TARGETS.firstLoadJsGzipKb} KB gzip in total (measured ${kb(summary.js.sizes.gzip)} KB at gzip 6, ${kb(summary.js.sizes.gzip9)} KB at gzip -9); ` +
          `reference: monolith ${REFERENCE.monolithGzipKb}, naive federation ${REFERENCE.naiveFederatedGzipKb}, with levers ${REFERENCE.leveredFederatedGzipKb} KB gzip -9.`,
        COMPRESSION_NOTE,
        ...pageErrors.map((message) => `the page's code threw: ${message}`),
      ],
    })),
};
