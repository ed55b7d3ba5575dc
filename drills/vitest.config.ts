import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The drills' fast variants: each runs its drill against the API in this process, on the test database the API's
// own tests use (PGlite, or the PostgreSQL of DATABASE_URL under test:postgres).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: [fileURLToPath(import.meta.resolve('api/testing/global-setup'))],
    // As the API's own tests (api/vitest.config.ts): one worker's modules for every file, each file its own app.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    allowOnly: false,
  },
});
