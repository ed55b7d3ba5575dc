import { defineConfig } from 'vitest/config';

// Unit tests of the browser packages and tooling. The API has its own config (it needs a database).
export default defineConfig({
  test: {
    include: [
      'shared-contracts/src/**/*.test.{ts,tsx}',
      'tooling/src/**/*.test.ts',
      'shell/src/**/*.test.{ts,tsx}',
      'mfe-*/src/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
  },
});
