import { defineProject } from 'vitest/config';

// The unit tests beside the code: `pnpm --filter shared-contracts test` runs them alone, the root vitest.config.ts with the others'.
export default defineProject({ test: { name: 'shared-contracts', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' } });
