import { expect, test } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from 'tooling/chromium';
import { DEMO, logIn } from '../support/accounts.js';
import { liveStreamOpen } from '../support/live-stream.js';
import { site } from '../support/ports.js';

// Playwright turns Chromium's back/forward cache off; a player's browser has it on, and keeps the last pages alive
// in it, with whatever connections they still hold.
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, ignoreDefaultArgs: ['--disable-back-forward-cache'] } });

/** More pages than the six connections a browser opens to one HTTP/1.1 origin (and than the 8 streams an account may hold). */
const VISITS = 9;

test('a logged-in player goes from page to page without the pages left behind holding their live streams, and a page brought back from the cache streams again', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await logIn(page, DEMO.player2);
  for (let visit = 1; visit <= VISITS; visit += 1) {
    // Each page kept its stream open in the cache: the seventh waited for a free connection that never came.
    // The page's last start-up call: Chromium keeps no page left with a call still in flight.
    const feedbackAnswered = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/inquiries/feedback'));
    await page.goto(`${site()}/GamesDetails/${(visit % 8) + 1}?visit=${visit}`, { timeout: 10_000 });
    await expect(page.getByTestId('menu-button'), `visit ${visit}`).toBeEnabled();
    await feedbackAnswered;
    // Still set after Back only if the page came back from the cache rather than loading again.
    await page.evaluate(() => Object.assign(window, { keptInCache: true }));
  }

  const streamAgain = liveStreamOpen(page);
  // A page brought back from the cache fires no load event. Its script is read once its stream is open again: read
  // at the commit, it raced the restore ("Execution context was destroyed", 3 runs of 10), where the page had come
  // back from the cache all the same (22 of 22 read after it).
  await page.goBack({ waitUntil: 'commit' });
  await streamAgain;
  expect(await page.evaluate(() => 'keptInCache' in window)).toBe(true);
});
