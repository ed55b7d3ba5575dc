import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SHARED_SUBSETS, subsetModules } from './shared-libraries.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BROWSER_PACKAGES = ['shell', 'mfe-catalog', 'mfe-support', 'mfe-account', 'shared-contracts'];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    // src/server is each app's first-view renderer for Node, bundled whole without federation.
    if (entry.isDirectory()) return entry.name === 'server' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every name the browser packages import from `library` with `import { a, b as c } from 'library'`. */
function importedNames(library: string): Map<string, string> {
  const names = new Map<string, string>();
  const statement = new RegExp(`import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*'${library}'`, 'g');
  for (const file of BROWSER_PACKAGES.flatMap((name) => sourceFiles(path.join(repoRoot, name, 'src')))) {
    for (const match of readFileSync(file, 'utf8').matchAll(statement)) {
      for (const specifier of match[1]!.split(',')) {
        const name = specifier
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!;
        if (name && !specifier.trim().startsWith('type ')) names.set(name, path.relative(repoRoot, file));
      }
    }
  }
  return names;
}

describe('shared libraries provided as a subset of their exports (tooling/src/shared-libraries.ts)', () => {
  for (const [library, exports] of Object.entries(SHARED_SUBSETS)) {
    it(`${library}: every export an app imports is in the subset every app provides`, () => {
      const imported = importedNames(library);
      expect(imported.size).toBeGreaterThan(0);
      const missing = [...imported].filter(([name]) => !exports.includes(name)).map(([name, file]) => `${name} (${file})`);
      expect(missing).toEqual([]);
    });
  }

  it("re-exports react-router's production build in a production build, whose exports name only its development one", () => {
    const modules = Object.values(subsetModules(path.join(repoRoot, 'shell')));
    const router = modules.find((source) => source.includes('react-router'));
    expect(router).toMatch(/react-router\/dist\/production\/index\.mjs/);
    const i18n = modules.find((source) => source.includes('react-i18next'));
    expect(i18n).toMatch(/react-i18next\/dist\/es\/index\.js/);
    const development = Object.values(subsetModules(path.join(repoRoot, 'shell'), false)).find((source) => source.includes('react-router'));
    expect(development).toMatch(/react-router\/dist\/development\/index\.mjs/);
  });
});
