import { defineConfig } from 'vitest/config';

// Unit tests of the browser packages, tooling and bench, each package a project with its own vitest.config.ts (so
// `pnpm --filter <package> test` runs one alone). The API and the drills have their own (they need a database).
export default defineConfig({
  test: {
    projects: ['shared-contracts', 'tooling', 'shell', 'mfe-catalog', 'mfe-support', 'mfe-account', 'bench'],
  },
});
