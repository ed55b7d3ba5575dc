import { defineProject } from 'vitest/config';

// The unit tests beside the code: `pnpm --filter tooling test` runs them alone, the root vitest.config.ts with the others'.
// isolate: false: the files share their worker's modules instead of each importing its own (a test that changes the
// process's environment or timers puts them back after itself): the root run took 55-64 s isolated, 43 s without (back to back).
export default defineProject({ test: { name: 'tooling', include: ['src/**/*.test.ts'], environment: 'node', isolate: false } });
