import { defineProject } from 'vitest/config';

// The unit tests beside the code: `pnpm --filter shell test` runs them alone, the root vitest.config.ts with the others'.
export default defineProject({ test: { name: 'shell', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' } });
