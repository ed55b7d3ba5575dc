import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from 'tooling/chromium';

export default defineConfig({
  testDir: './tests',
  // The site's servers (mail sink, OAuth server, API, the apps' origins), started together and stopped at the end.
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // The bench's Chromium and flags too (tooling/chromium).
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    // No trace recorded for every test to be thrown away when it passes: recording took a tenth of the tests' CPU
    // (brands.spec.ts 64 s of CPU with it, 55 s without; frame.spec.ts 53 and 48 s). A failure keeps its screenshot
    // and Playwright's page snapshot in test-results/; `pnpm --filter e2e run test -- --trace retain-on-failure x.spec.ts`
    // records the trace of a failing spec again.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'browser', testIgnore: /\.clock\.spec\.ts$/ },
    // Moving the API's clock a day forward expires uploads, codes and throttles: only after every other test.
    { name: 'moved clock', testMatch: /\.clock\.spec\.ts$/, dependencies: ['browser'] },
  ],
});
