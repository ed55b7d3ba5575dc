import { performance } from 'node:perf_hooks';
import type { Measurement } from '../measurement.js';
import { runLogged } from '../processes.js';
import { round } from '../report.js';

export interface BuildTime {
  seconds: number;
  command: string;
}

/** The production build of the shell and the three remotes, as `npm start` and the tests build them. */
export const buildTime: Measurement<BuildTime> = {
  key: 'buildTime',
  needs: 'own',
  run: async () => {
    const started = performance.now();
    await runLogged('build', 'pnpm', ['run', 'build']);
    return { seconds: round((performance.now() - started) / 1000), command: 'pnpm run build' };
  },
  tables: ({ seconds, command }) => [
    {
      title: 'Production build of all apps',
      columns: ['command', 'seconds'],
      rows: [[command, seconds]],
      notes: [
        'shell, catalog, support and account (pnpm -r, in parallel where it can); the reference prototype built host + remote in 7.5 s.',
      ],
    },
  ],
};
