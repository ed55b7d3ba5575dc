import { expect, test, type Page } from '@playwright/test';
import { site } from '../support/ports.js';

/** Every largest-contentful-paint candidate and every script the page asked for, from the browser's own timings. */
async function paintsAndScripts(page: Page) {
  return page.evaluate(async () => {
    const candidates = await new Promise<PerformanceEntryList>((resolve) =>
      new PerformanceObserver((list, observer) => {
        observer.disconnect();
        resolve(list.getEntries());
      }).observe({ type: 'largest-contentful-paint', buffered: true }),
    );
    const paints = (candidates as (PerformanceEntry & { url: string; element: Element | null })[]).map((entry) => ({
      paintedAt: entry.startTime,
      url: entry.url,
      tag: entry.element?.tagName,
    }));
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ url: entry.name, askedAt: entry.startTime }));
    return { paints, scripts };
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
      const { paints, scripts } = await paintsAndScripts(page);
      const [starters, others] = [scripts.filter(({ url }) => STARTER.test(url)), scripts.filter(({ url }) => !STARTER.test(url))];
      expect(starters).toHaveLength(1);
      // The shared chunks, the entry, the remote's entry and its exposed module at least.
      expect(others.length).toBeGreaterThan(5);
      // The first view's largest paint is the last one before the page asked for any script but the starter: the
      // page's own start-up may paint a larger element later (a view it renders afresh), which is not the first view's.
      const firstScriptAt = Math.min(...others.map(({ askedAt }) => askedAt));
      const firstView = paints.filter(({ paintedAt }) => paintedAt < firstScriptAt).at(-1);
      expect(firstView, `the first view painted before ${others.find(({ askedAt }) => askedAt === firstScriptAt)?.url}`).toBeDefined();
      if (largest) expect(firstView!.tag).toBe(largest);
      if (route === '/') expect(firstView!.url).toContain('/banner');
    });
  }

  test("the start-up's chunks, the remote's among them, ask V8 to compile them as they stream in", async ({ page }) => {
    const chunks = new Map<string, Promise<string>>();
    page.on('response', (response) => {
      const url = response.url();
      if (new URL(url).pathname.endsWith('.js') && !STARTER.test(url)) chunks.set(url, response.text());
    });
    await page.goto(`${site()}/`);
    await expect(page.locator('[id="single-spa-application:catalog"]')).toHaveAttribute('data-first-view', 'hydrated');
    const urls = [...chunks.keys()];
    expect(urls.map((url) => new URL(url).port)).toContain(new URL(site()).port);
    expect(urls.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
    for (const [url, body] of chunks) expect((await body).startsWith('//# allFunctionsCalledOnLoad\n'), url).toBe(true);
  });
});
