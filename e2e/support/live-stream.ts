import type { Page } from '@playwright/test';
import { LIVE_EVENTS_PATH } from 'shared-contracts';

/** Whether an address is the live channel's stream. */
export const isLiveStream = (url: string): boolean => new URL(url).pathname.endsWith(LIVE_EVENTS_PATH);

/**
 * The network drops the page's live stream, every time it opens (a proxy that does not pass streams): the page learns
 * nothing from it, so what a test watches is found by the page's own calls and polls. A logout elsewhere, say, would
 * otherwise reach the page through its stream at once.
 */
export async function dropLiveStream(page: Page): Promise<void> {
  await page.route(
    (url) => isLiveStream(url.href),
    (route) => route.abort(),
  );
}

/** Resolves once the page's live stream is open (its answer's headers have come). */
export const liveStreamOpen = (page: Page) => page.waitForResponse((response) => isLiveStream(response.url()) && response.ok());
