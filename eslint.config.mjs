import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
/** The workspace's packages as pnpm-workspace.yaml lists them: a package added there is under these rules at once. */
const PACKAGES = readFileSync(path.join(repoRoot, 'pnpm-workspace.yaml'), 'utf8')
  .split(/^\w+:/m)[1]
  .split('\n')
  .map((line) => /^\s+-\s+(\S+)\s*$/.exec(line)?.[1])
  .filter(Boolean);
const APPS = ['shell', 'mfe-catalog', 'mfe-support', 'mfe-account'];
for (const name of [...APPS, 'shared-contracts', 'api', 'tooling']) {
  if (!PACKAGES.includes(name)) throw new Error(`eslint.config.mjs names ${name}, which pnpm-workspace.yaml does not list`);
}
// A bare import of the package, or a relative path that climbs out of its own package into it.
const packageImport = (name) => `^(${name}(/|$)|(\\.\\./){2,}(.*/)?${name}/)`;

/**
 * ARCHITECTURE.md "What may import what", enforced as allow-lists over the workspace's packages: a browser app's
 * source and the API's source import shared-contracts and their own files only (not another app, the API, nor the
 * Node-side tooling, bench, drills or e2e), and shared-contracts imports nothing of ours. An app's build and test
 * config (rspack.config.ts, vitest.config.ts, outside src/) imports tooling; the API's tests import tooling.
 */
function forbidPackages(names, why) {
  return names.map((name) => ({ regex: packageImport(name), message: `${why} (ARCHITECTURE.md "What may import what").` }));
}

/** Every workspace package but these. */
const packagesExcept = (...allowed) => PACKAGES.filter((name) => !allowed.includes(name));

const boundaries = [
  ...['mfe-catalog', 'mfe-support', 'mfe-account'].map((remote) => ({
    files: [`${remote}/src/**/*.{ts,tsx}`],
    patterns: forbidPackages(
      packagesExcept('shared-contracts', remote),
      'A remote imports shared-contracts and its own files, never another remote, the shell, the API or the Node-side tools',
    ),
  })),
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    patterns: forbidPackages(
      packagesExcept('shared-contracts', 'shell'),
      'The shell imports shared-contracts and its own files; it meets remotes only through federation at runtime',
    ),
  },
  ...APPS.map((app) => ({
    files: [`${app}/*.{ts,mts}`],
    patterns: forbidPackages(
      packagesExcept('tooling', 'shared-contracts', app),
      "An app's build and test config imports tooling and shared-contracts only",
    ),
  })),
  {
    files: ['shared-contracts/**/*.{ts,tsx}'],
    patterns: forbidPackages(packagesExcept('shared-contracts'), 'shared-contracts imports nothing of ours'),
  },
  {
    files: ['api/src/**/*.ts'],
    patterns: forbidPackages(packagesExcept('shared-contracts', 'api'), 'The API imports shared-contracts, never a browser app or a tool'),
  },
  {
    files: ['api/test/**/*.ts'],
    patterns: forbidPackages([...APPS, 'e2e', 'bench', 'drills'], 'The API tests import the API, shared-contracts and tooling'),
  },
];

/**
 * Packages meet only by name, through the `exports` of the package imported and a dependency the importer declares,
 * so pnpm's workspace graph is the real one: a relative path out of the file's own package is refused.
 */
const packagesByName = {
  rules: {
    'no-relative-import-into-another-package': {
      meta: {
        type: 'problem',
        messages: {
          intoAnother:
            "'{{source}}' reaches into {{target}} by a relative path: import it by package name (declare it in package.json; the package exports what others may use).",
        },
      },
      create(context) {
        const own = path.relative(repoRoot, context.filename).split(path.sep)[0];
        if (!PACKAGES.includes(own)) return {};
        const ownDir = path.join(repoRoot, own) + path.sep;
        const check = ({ source }) => {
          if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
          const target = path.resolve(path.dirname(context.filename), source.value);
          if (target.startsWith(ownDir)) return;
          const targetName = path.relative(repoRoot, target).split(path.sep)[0] || 'the repository root';
          context.report({ node: source, messageId: 'intoAnother', data: { source: source.value, target: targetName } });
        };
        return { ImportDeclaration: check, ExportAllDeclaration: check, ExportNamedDeclaration: check, ImportExpression: check };
      },
    },
  },
};

/**
 * Inside a browser app's src/ imports run one way, down, and never in a circle: src/lib (hooks, data) <- src/components
 * <- src/features (each feature its own folder, none importing another) <- src/app (composition only), with the server
 * render and the standalone entry on top; static files outside the layers (the shell's src/brand-assets) import no
 * code and rank below them all. Every browser app is held to it.
 */
const LAYERS = ['lib', 'components', 'features', 'app'];
const STATIC_FILE = /\.(?:svg|png|jpe?g|gif|webp|avif|ico|woff2?|css)$/;
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * A file's layer (code outside the named layers, the entries, ranks on top; static files outside them at the bottom)
 * and, in src/features, its feature.
 */
function placeIn(srcDir, file) {
  const [top, second] = path.relative(srcDir, file).split(path.sep);
  const rank = LAYERS.indexOf(top);
  if (rank === -1 && STATIC_FILE.test(file)) return { layer: 'the static files', rank: -1, feature: null };
  return {
    layer: rank === -1 ? 'the entries' : `src/${top}`,
    rank: rank === -1 ? LAYERS.length : rank,
    feature: top === 'features' ? second : null,
  };
}

/** The source files of src/ that a file's text imports by relative path (type-only imports included). */
function sourcesImported(srcDir, file, text) {
  return [...text.matchAll(RELATIVE_IMPORT)].flatMap(([, specifier]) => {
    const base = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '');
    const found = [`${base}.ts`, `${base}.tsx`].find((candidate) => candidate.startsWith(srcDir) && existsSync(candidate));
    return found ? [found] : [];
  });
}

/** The first chain of imports that leads from the file back to itself, or null. */
function circleThrough(srcDir, file, text) {
  const seen = new Set();
  const walk = (current, currentText, trail) => {
    for (const next of sourcesImported(srcDir, current, currentText)) {
      if (next === file) return [...trail, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const circle = walk(next, readFileSync(next, 'utf8'), [...trail, next]);
      if (circle) return circle;
    }
    return null;
  };
  return walk(file, text, [file]);
}

const appLayers = {
  rules: {
    'one-direction': {
      meta: {
        type: 'problem',
        messages: {
          upward:
            "'{{source}}' is in {{target}}, above {{layer}}: imports run one way, src/lib <- src/components <- src/features <- src/app.",
          otherFeature:
            "'{{source}}' is another feature's: features do not import each other; src/app composes them, and what both need goes in src/lib or src/components.",
          circle: 'This file is on an import circle: {{circle}}.',
        },
      },
      create(context) {
        const [app] = path.relative(repoRoot, context.filename).split(path.sep);
        const srcDir = path.join(repoRoot, app, 'src') + path.sep;
        if (!context.filename.startsWith(srcDir)) return {};
        const here = placeIn(srcDir, context.filename);
        const check = ({ source }) => {
          if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
          const target = path.resolve(path.dirname(context.filename), source.value);
          if (!target.startsWith(srcDir)) return;
          const there = placeIn(srcDir, target);
          if (there.rank > here.rank) {
            context.report({ node: source, messageId: 'upward', data: { source: source.value, target: there.layer, layer: here.layer } });
          } else if (there.feature && here.feature && there.feature !== here.feature) {
            context.report({ node: source, messageId: 'otherFeature', data: { source: source.value } });
          }
        };
        return {
          ImportDeclaration: check,
          ExportAllDeclaration: check,
          ExportNamedDeclaration: check,
          ImportExpression: check,
          'Program:exit'(program) {
            const circle = circleThrough(srcDir, context.filename, context.sourceCode.text);
            if (circle)
              context.report({
                node: program,
                messageId: 'circle',
                data: { circle: circle.map((file) => path.relative(srcDir, file)).join(' -> ') },
              });
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/test-results/**', '**/playwright-report/**', '.data/**', 'api/assets-src/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn', 'info'] }],
    },
  },
  {
    plugins: { packages: packagesByName },
    rules: { 'packages/no-relative-import-into-another-package': 'error' },
  },
  {
    files: ['**/*.tsx', 'shell/src/**/*.ts', 'mfe-*/src/**/*.ts', 'shared-contracts/src/react/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...boundaries.map(({ files, patterns }) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
  {
    files: APPS.map((app) => `${app}/src/**/*.{ts,tsx}`),
    plugins: { layers: appLayers },
    rules: { 'layers/one-direction': 'error' },
  },
);
