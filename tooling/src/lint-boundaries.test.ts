import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: repoRoot });

/** Lints a snippet as if it lived at `file` and returns the messages of one rule. */
async function ruleErrors(rule: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === rule).map((message) => message.message);
}

const importErrors = (file: string, code: string) => ruleErrors('no-restricted-imports', file, code);
const packagePathErrors = (file: string, code: string) => ruleErrors('packages/no-relative-import-into-another-package', file, code);
const layerErrors = (file: string, code: string) => ruleErrors('layers/one-direction', file, code);

/** A file's code that only imports `sources`, one line each. */
const importLines = (sources: readonly string[]) => sources.map((source) => `import '${source}';\n`).join('');

// The first lint loads the whole ESLint configuration and its plugins: seconds on a busy 2-core machine.
describe('the import rules of ARCHITECTURE.md are enforced by lint', { timeout: 30_000 }, () => {
  it('refuses a remote importing another remote, by package or by relative path', async () => {
    expect(await importErrors('mfe-catalog/src/app/x.ts', "import 'mfe-support/src/app/lifecycles';\n")).toHaveLength(1);
    expect(await importErrors('mfe-catalog/src/app/x.ts', "import '../../../mfe-account/src/app/lifecycles.js';\n")).toHaveLength(1);
  });

  it('refuses a remote importing the shell, and the shell importing a remote', async () => {
    expect(await importErrors('mfe-support/src/app/x.ts', "import '../../../shell/src/app/frame.js';\n")).toHaveLength(1);
    expect(await importErrors('shell/src/app/x.ts', "import 'mfe-catalog';\n")).toHaveLength(1);
  });

  it('refuses shared-contracts importing an app and the API importing a browser app', async () => {
    expect(await importErrors('shared-contracts/src/x.ts', "import '../../shell/src/main.js';\n")).toHaveLength(1);
    expect(await importErrors('api/src/x.ts', "import '../../mfe-catalog/src/app/lifecycles.js';\n")).toHaveLength(1);
  });

  it.each([
    ['mfe-catalog/src/app/x.ts', 'tooling/processes'],
    ['mfe-catalog/src/app/x.ts', 'bench/monolith'],
    ['shell/src/app/x.ts', 'tooling/processes'],
    ['shared-contracts/src/x.ts', 'drills/kill'],
    ['api/src/x.ts', 'tooling/topology'],
    ['api/src/x.ts', 'drills/kill'],
    ['api/test/x.ts', 'mfe-support'],
    ['mfe-catalog/rspack.config.ts', 'mfe-support/app'],
    ['shell/vitest.config.ts', 'drills/kill'],
  ])('refuses %s importing %s', async (file, source) => {
    expect(await importErrors(file, `import '${source}';\n`)).toHaveLength(1);
  });

  it.each([
    ['mfe-catalog/rspack.config.ts', ['tooling/rspack']],
    ['mfe-catalog/src/app/x.ts', ['shared-contracts', 'shared-contracts/react']],
    ['api/src/x.ts', ['shared-contracts']],
    ['api/test/x.ts', ['tooling/topology', 'shared-contracts']],
  ])('lets %s import what its job needs', async (file, sources) => {
    expect(await importErrors(file, importLines(sources))).toEqual([]);
  });

  it.each([
    ['a feature importing src/app', 'features/front-page/x.ts', '../../app/catalog-root.js'],
    ['a feature importing another feature', 'features/front-page/x.ts', '../game-details/game-details-page.js'],
    ['a component importing a feature', 'components/x.tsx', '../features/front-page/game-grid.js'],
    ['src/lib importing a component', 'lib/x.ts', '../components/artwork.js'],
  ])('refuses %s in a layered app', async (_case, file, source) => {
    expect(await layerErrors(`mfe-catalog/src/${file}`, `import '${source}';\n`)).toHaveLength(1);
  });

  it.each([
    ['features/front-page/x.ts', ['../../lib/games-resource.js', '../../components/load-states.js', './game-grid.js', 'shared-contracts']],
    ['app/x.tsx', ['../features/front-page/front-page.js', '../lib/games-resource.js']],
  ])('lets imports run down a layered app (src/lib <- src/components <- src/features <- src/app): %s', async (file, sources) => {
    expect(await layerErrors(`mfe-catalog/src/${file}`, importLines(sources))).toEqual([]);
  });

  it('refuses an import circle in a layered app, even inside one feature', async () => {
    // front-page.tsx imports banner-carousel.tsx, so the carousel importing the front page closes a circle.
    expect(
      await layerErrors('mfe-catalog/src/features/front-page/banner-carousel.tsx', "import { FrontPage } from './front-page.js';\n"),
    ).toEqual([
      'This file is on an import circle: features/front-page/banner-carousel.tsx -> features/front-page/front-page.tsx -> features/front-page/banner-carousel.tsx.',
    ]);
  });

  it.each([
    {
      app: 'mfe-account',
      feature: 'features/login',
      refused: ['../../app/account-root.js', '../user-center/profile-form.js'],
      libImportingComponent: '../components/form.js',
      allowed: ['../../lib/use-action.js', '../../components/social-login.js', './login-page.js'],
    },
    {
      app: 'mfe-support',
      feature: 'features/history',
      refused: ['../../app/support-root.js', '../conversation/ticket-parts.js'],
      libImportingComponent: '../components/call-states.js',
      allowed: ['../../lib/use-call.js', '../../components/call-states.js', './history-step.js'],
    },
  ])(
    'holds $app to the same direction now that its src/app is composition only',
    async ({ app, feature, refused, libImportingComponent, allowed }) => {
      // A feature importing the app layer, then another feature.
      for (const source of refused)
        expect(await layerErrors(`${app}/src/${feature}/x.ts`, `import '${source}';\n`), source).toHaveLength(1);
      expect(await layerErrors(`${app}/src/lib/x.ts`, `import '${libImportingComponent}';\n`)).toHaveLength(1);
      expect(await layerErrors(`${app}/src/${feature}/x.ts`, importLines(allowed))).toEqual([]);
    },
  );

  it('holds the shell to the same direction, its brand images below every layer and its entries above them', async () => {
    expect(await layerErrors('shell/src/features/top-nav/x.ts', "import '../../app/frame.js';\n")).toHaveLength(1);
    expect(await layerErrors('shell/src/components/x.tsx', "import '../server/first-view.js';\n")).toHaveLength(1);
    expect(
      await layerErrors('shell/src/components/x.tsx', "import '../brand-assets/atlas/icons.svg';\nimport './brand-icon.module.css';\n"),
    ).toEqual([]);
  });

  it('refuses a relative path into another package, in tests, drills, bench and e2e too, and allows its name', async () => {
    expect(await packagePathErrors('api/test/x.test.ts', "import { runFuzz } from '../../drills/src/api/fuzz.js';\n")).toHaveLength(1);
    expect(await packagePathErrors('drills/src/api/x.ts', "export { buildApp } from '../../../api/src/app.js';\n")).toHaveLength(1);
    expect(await packagePathErrors('e2e/tests/x.spec.ts', "import '../../tooling/src/topology/topology.js';\n")).toHaveLength(1);
    expect(
      await packagePathErrors('bench/monolith/src/x.ts', "await import('../../../mfe-catalog/src/app/lifecycles.js');\n"),
    ).toHaveLength(1);
    expect(
      await packagePathErrors(
        'drills/src/api/x.ts',
        "import { buildApp } from 'api/testing';\nimport { envelopeOf } from './api-under-test.js';\nimport '../drill.js';\n",
      ),
    ).toEqual([]);
  });

  it('lets a package use its own folders, even one named like another package', async () => {
    expect(await importErrors('shared-contracts/src/bootstrap/x.ts', "import '../api/client.js';\n")).toEqual([]);
  });
});
