import { defineProject } from 'vitest/config';

// The unit tests beside the code: `pnpm --filter tooling test` runs them alone, the root vitest.config.ts with the others'.
export default defineProject({ test: { name: 'tooling', include: ['src/**/*.test.ts'], environment: 'node' } });
