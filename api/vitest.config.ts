import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // The files share their worker's modules instead of importing the app, and compiling PGlite, each in a fresh
    // process (a third of the suite's time on two cores). Each file still opens its own database and app
    // (harnessForFile), and the API keeps no state between apps but caches of its own fixed texts.
    isolate: false,
    // Each file opens its own database; PGlite's first start in a process takes a few seconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Skipped tests would hide missing coverage: fail the run instead of skipping silently.
    allowOnly: false,
  },
});
