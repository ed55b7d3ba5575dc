import { defineProject } from 'vitest/config';

// The unit tests beside the code: `pnpm --filter mfe-account test` runs them alone, the root vitest.config.ts with the others'.
export default defineProject({ test: { name: 'mfe-account', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' } });
