import { expect, test } from '@playwright/test';
import { PORTS, site } from '../support/ports.js';
import { serveApp } from '../support/servers.js';

/**
 * A fragment server answers only once it is warm (tooling/src/first-view.ts, untilWarm): the first page after it
 * starts carries its fragment, where a cold one took longer than the edge's 300 ms and the page rendered in the
 * browser. The other first-view tests ask until a page comes composed; this one asks once.
 */
test.describe('a catalogue fragment server that has just started', () => {
  const catalogPort = PORTS.shell + 32;
  const shellPort = PORTS.shell + 33;

  test('composes the first page it is asked for', async ({ page }) => {
    // Starts two servers of its own: allow for a busy machine.
    test.setTimeout(90_000);
    const origins = {
      CATALOG_URL: `http://localhost:${catalogPort}`,
      SUPPORT_URL: `http://localhost:${PORTS.support}`,
      ACCOUNT_URL: `http://localhost:${PORTS.account}`,
    };
    const catalog = await serveApp('catalog', 'mfe-catalog', catalogPort, origins);
    try {
      const shell = await serveApp('shell', 'shell', shellPort, origins);
      try {
        // Nova's front page in Korean. The warm-up rendered the same brand and language for another host, which
        // the fragment cache keeps apart: this fragment is rendered for this request, by warm code, from the
        // answers the warm-up's calls left for the brand. A cold server took longer than the edge's 300 ms here.
        const response = await page.goto(`${site('nova.localhost', shellPort)}/`);
        const html = (await response?.text()) ?? '';
        expect(html).toMatch(/id="single-spa-application:catalog"><(?!\/div>)/);
        expect(html).toContain('data-testid="banner-carousel"');
      } finally {
        await shell.stop();
      }
    } finally {
      await catalog.stop();
    }
  });
});
