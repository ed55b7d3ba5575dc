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

// The first lint loads the whole ESLint configuration and its plugins: seconds on a busy 2-core machine.
describe('DESIGN §2 import rules are enforced by lint', { timeout: 30_000 }, () => {
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

  it('refuses one feature importing another, and allows the app layer and shared-contracts', async () => {
    expect(await importErrors('mfe-catalog/src/features/front-page/x.ts', "import '../game-details/game-details-page.js';\n")).toHaveLength(1);
    expect(
      await importErrors(
        'mfe-catalog/src/features/front-page/x.ts',
        "import '../../app/games-resource.js';\nimport './game-grid.js';\nimport 'shared-contracts';\n",
      ),
    ).toEqual([]);
  });

  it('refuses a relative path into another package, in tests, drills, bench and e2e too, and allows its name', async () => {
    expect(await packagePathErrors('api/test/x.test.ts', "import { runFuzz } from '../../drills/src/api/fuzz.js';\n")).toHaveLength(1);
    expect(await packagePathErrors('drills/src/api/x.ts', "export { buildApp } from '../../../api/src/app.js';\n")).toHaveLength(1);
    expect(await packagePathErrors('e2e/tests/x.spec.ts', "import '../../tooling/src/topology/topology.js';\n")).toHaveLength(1);
    expect(await packagePathErrors('bench/monolith/src/x.ts', "await import('../../../mfe-catalog/src/app/lifecycles.js');\n")).toHaveLength(1);
    expect(
      await packagePathErrors('drills/src/api/x.ts', "import { buildApp } from 'api/testing';\nimport { envelopeOf } from './api-under-test.js';\nimport '../drill.js';\n"),
    ).toEqual([]);
  });

  it('lets a package use its own folders, even one named like another package', async () => {
    expect(await importErrors('shared-contracts/src/bootstrap/x.ts', "import '../api/client.js';\n")).toEqual([]);
  });
});
