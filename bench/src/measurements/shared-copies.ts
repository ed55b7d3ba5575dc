import { sharedLibraryCopies } from 'tooling/share-scope';
import { inFreshTab, TransferRecorder, waitVisible } from '../browser.js';
import { PAGES, type Measurement } from '../measurement.js';
import { siteUrl } from '../site.js';
import { TARGETS } from '../targets.js';
import { navigateInPage } from './navigation-bytes.js';

export interface SharedLibrary {
  name: string;
  /** Distinct loaded copies, "version from provider". */
  copies: string[];
  /** Apps that use it. */
  users: string[];
}

/**
 * How many copies of each shared library the browser loaded once the shell and all three remotes have run:
 * read from Module Federation's share scope, as e2e/tests/composition.spec.ts does ("loaded once").
 */
export const sharedCopies: Measurement<SharedLibrary[]> = {
  key: 'sharedCopies',
  needs: 'site',
  run: ({ browser }) =>
    inFreshTab(browser, async (tab) => {
      const recorder = new TransferRecorder(tab);
      const [home, ...others] = PAGES;
      await tab.goto(siteUrl(home.path));
      await waitVisible(tab, home.firstContent);
      for (const page of others) {
        await navigateInPage(tab, page.path);
        await waitVisible(tab, page.firstContent);
      }
      await recorder.settled();
      const summary = await tab.evaluate(sharedLibraryCopies);
      return Object.entries(summary)
        .map(([name, { copies, users }]) => ({ name, copies, users: users.sort() }))
        .sort((a, b) => a.name.localeCompare(b.name));
    }),
  tables: (libraries) => [
    {
      title: `Shared libraries after ${PAGES.map((page) => page.path).join(', ')} in one visit (Module Federation share scope)`,
      columns: ['library', 'copies', 'target', 'loaded from', 'used by'],
      rows: libraries.map(({ name, copies, users }) => [
        name,
        copies.length,
        TARGETS.sharedCopies,
        copies.join(', ') || 'not loaded',
        users.join(' '),
      ]),
      notes: ['copies = distinct versions and providers the share scope marks loaded; 0 = shared but never needed on these pages.'],
    },
  ],
};
