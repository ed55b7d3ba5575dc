import { expect, test, type Page } from '@playwright/test';
import { site } from '../support/ports.js';

/** The last largest-contentful-paint candidate and every script the page asked for, from the browser's own timings. */
async function paintAndScripts(page: Page) {
  return page.evaluate(async () => {
    const candidates = await new Promise<PerformanceEntryList>((resolve) =>
      new PerformanceObserver((list, observer) => {
        observer.disconnect();
        resolve(list.getEntries());
      }).observe({ type: 'largest-contentful-paint', buffered: true }),
    );
    const largest = candidates.at(-1) as PerformanceEntry & { url: string; element: Element | null };
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ url: entry.name, askedAt: entry.startTime }));
    return { largest: { paintedAt: largest.startTime, url: largest.url, tag: largest.element?.tagName }, scripts };
  });
}

const STARTER = /\/start\.[0-9a-f]+\.js$/;

test.describe("a page's scripts wait for its first view (issue 13)", () => {
  for (const [route, largest] of [
    ['/', 'IMG'],
    ['/login', undefined],
    ['/SupportCenter/game', undefined],
    ['/GamesDetails/3', undefined],
  ] as const) {
    test(`${route}: only the small starter is asked for before the first view's largest paint; the page then starts`, async ({ page }) => {
      await page.goto(`${site()}${route}`);
      // Started: the shell mounted its frame.
      await expect(page.getByTestId('menu-button')).toBeEnabled();
      const { largest: paint, scripts } = await paintAndScripts(page);
      if (largest) expect(paint.tag).toBe(largest);
      if (route === '/') expect(paint.url).toContain('/banner');
      const [starters, others] = [scripts.filter(({ url }) => STARTER.test(url)), scripts.filter(({ url }) => !STARTER.test(url))];
      expect(starters).toHaveLength(1);
      // The shared chunks, the entry, the remote's entry and its exposed module at least.
      expect(others.length).toBeGreaterThan(5);
      for (const script of others)
        expect(script.askedAt, `${script.url} asked for after the largest paint`).toBeGreaterThan(paint.paintedAt);
    });
  }
});
