import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const workspace = parse(readFileSync(path.join(repoRoot, 'pnpm-workspace.yaml'), 'utf8')) as {
  packages: string[];
  catalog: Record<string, string>;
};

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

interface Manifest extends Partial<Record<(typeof DEPENDENCY_FIELDS)[number], Record<string, string>>> {
  scripts?: Record<string, string>;
}

const manifestOf = (dir: string) => JSON.parse(readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')) as Manifest;
const packages = workspace.packages.map((dir) => ({ dir, manifest: manifestOf(dir) }));
const everyManifest = [{ dir: '(root)', manifest: manifestOf('.') }, ...packages];

/** Each library from the registry (not `workspace:`) with every place a manifest names it and the version asked. */
function externalDependencies(): Map<string, { dir: string; field: string; version: string }[]> {
  const uses = new Map<string, { dir: string; field: string; version: string }[]>();
  for (const { dir, manifest } of everyManifest) {
    for (const field of DEPENDENCY_FIELDS) {
      for (const [name, version] of Object.entries(manifest[field] ?? {})) {
        if (version.startsWith('workspace:')) continue;
        uses.set(name, [...(uses.get(name) ?? []), { dir, field, version }]);
      }
    }
  }
  return uses;
}

describe('workspace hygiene', () => {
  it('takes every library more than one package uses from the catalog, in every package', () => {
    const outsideCatalog = [...externalDependencies()]
      .filter(([, uses]) => new Set(uses.map((use) => use.dir)).size > 1)
      .flatMap(([name, uses]) =>
        uses.filter((use) => use.version !== 'catalog:').map((use) => `${use.dir} ${use.field} ${name}@${use.version}`),
      );
    expect(outsideCatalog).toEqual([]);
  });

  it('names in the catalog only libraries some package takes from it', () => {
    const taken = new Set(
      [...externalDependencies()].filter(([, uses]) => uses.some((use) => use.version === 'catalog:')).map(([name]) => name),
    );
    expect(Object.keys(workspace.catalog).filter((name) => !taken.has(name))).toEqual([]);
  });

  it('gives every package the same checks to run: typecheck, lint and test', () => {
    const missing = packages.flatMap(({ dir, manifest }) =>
      ['typecheck', 'lint', 'test'].filter((script) => !manifest.scripts?.[script]).map((script) => `${dir}: ${script}`),
    );
    expect(missing).toEqual([]);
  });
});
