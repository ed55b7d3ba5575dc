import { defineProject } from 'vitest/config';

// The unit tests beside the code: `pnpm --filter mfe-catalog test` runs them alone, the root vitest.config.ts with the others'.
export default defineProject({ test: { name: 'mfe-catalog', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' } });
