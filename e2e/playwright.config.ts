import { defineConfig } from '@playwright/test';

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
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'browser', testIgnore: /\.clock\.spec\.ts$/ },
    // Moving the API's clock a day forward expires uploads, codes and throttles: only after every other test.
    { name: 'moved clock', testMatch: /\.clock\.spec\.ts$/, dependencies: ['browser'] },
  ],
});
