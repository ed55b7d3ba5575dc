import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file opens its own database; PGlite's first start in a process takes a few seconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Skipped tests would hide missing coverage: fail the run instead of skipping silently.
    allowOnly: false,
  },
});
