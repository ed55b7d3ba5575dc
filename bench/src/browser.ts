import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from 'tooling/chromium';
import { addSizes, sizesOf, ZERO_SIZES, type Sizes } from './compression.js';
import { originOf, type Origin } from './site.js';

/** The browser tests' Chromium and flags (Lighthouse's Chromium gets them too). */
export { CHROMIUM_FLAGS, CHROMIUM_PATH };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/** Runs `use` in a tab of a new browser context (an empty cache, no cookies), which is closed afterwards. */
export async function inFreshTab<Result>(browser: Browser, use: (tab: Page) => Promise<Result>): Promise<Result> {
  const context = await browser.newContext();
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

export type AssetKind = 'js' | 'css';

export interface Transfer {
  url: string;
  origin: Origin;
  kind: AssetKind;
  sizes: Sizes;
  /** Body bytes on the wire, as the browser received them (compressed or not). */
  transferred: number;
  encoding: string;
}

function kindOf(contentType: string, url: string): AssetKind | null {
  if (/javascript|ecmascript/.test(contentType) || /\.m?js(\?|$)/.test(url)) return 'js';
  if (contentType.includes('text/css') || /\.css(\?|$)/.test(url)) return 'css';
  return null;
}

/** Records every JavaScript and CSS response a page receives, from when it starts until the caller takes them. */
export class TransferRecorder {
  #pending: Promise<Transfer | null>[] = [];
  #inFlight = 0;
  #lastActivity = Date.now();

  constructor(page: Page) {
    page.on('request', () => this.#activity(1));
    page.on('requestfailed', () => this.#activity(-1));
    page.on('requestfinished', (request) => {
      this.#activity(-1);
      // A request that finishes after the last take() may be read as its tab closes: nobody waits for it then.
      const recorded = this.#record(request).catch((error: unknown) => {
        if (page.isClosed()) return null;
        throw error;
      });
      this.#pending.push(recorded);
    });
  }

  #activity(change: number): void {
    this.#inFlight += change;
    this.#lastActivity = Date.now();
  }

  /**
   * Resolves once no request has been in flight for `quietMs`: also after a client-side navigation, where
   * Playwright's 'networkidle' (a page load state) was reached long before.
   */
  async settled(quietMs = 500, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.#inFlight > 0 || Date.now() - this.#lastActivity < quietMs) {
      if (Date.now() > deadline) throw new Error(`the network did not settle within ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async #record(request: Request): Promise<Transfer | null> {
    const response = await request.response();
    const origin = originOf(request.url());
    // A redirect or a revalidation (304) has no body of its own: its bytes, if any, are another response's.
    if (!response || !origin || (response.status() >= 300 && response.status() < 400)) return null;
    const kind = kindOf(response.headers()['content-type'] ?? '', request.url());
    if (!kind) return null;
    const [body, sizes] = await Promise.all([response.body(), request.sizes()]);
    return {
      url: request.url(),
      origin,
      kind,
      sizes: sizesOf(body),
      transferred: sizes.responseBodySize,
      encoding: response.headers()['content-encoding'] ?? 'identity',
    };
  }

  /** Everything recorded so far; the recorder starts again empty. */
  async take(): Promise<Transfer[]> {
    const pending = this.#pending;
    this.#pending = [];
    return (await Promise.all(pending)).filter((transfer): transfer is Transfer => transfer !== null);
  }
}

export interface Totals {
  files: number;
  sizes: Sizes;
  transferred: number;
}

export function totalsOf(transfers: readonly Transfer[]): Totals {
  return {
    files: transfers.length,
    sizes: transfers.reduce((sum, transfer) => addSizes(sum, transfer.sizes), ZERO_SIZES),
    transferred: transfers.reduce((sum, transfer) => sum + transfer.transferred, 0),
  };
}

/** Waits in the page until an element matching a CSS selector is visible, checked once a frame (what the player sees). */
export async function waitVisible(page: Page, selector: string, timeoutMs = 30_000): Promise<void> {
  await page.locator(selector).first().waitFor({ state: 'visible', timeout: timeoutMs });
}
