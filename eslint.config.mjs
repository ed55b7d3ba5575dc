import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const APPS = ['shell', 'mfe-catalog', 'mfe-support', 'mfe-account'];
// A bare import of the package, or a relative path that climbs out of its own package into it.
const packageImport = (name) => `^(${name}(/|$)|(\\.\\./){2,}(.*/)?${name}/)`;

/**
 * DESIGN §2 "What may import what", enforced: a remote never imports another remote or the shell, the shell
 * never imports a remote's source, shared-contracts imports nothing of ours, the API imports no browser app.
 */
function forbidPackages(names, why) {
  return names.flatMap((name) => [
    { regex: packageImport(name), message: `${why} (DESIGN §2).` },
  ]);
}

const boundaries = [
  ...['mfe-catalog', 'mfe-support', 'mfe-account'].map((remote) => ({
    files: [`${remote}/**/*.{ts,tsx}`],
    patterns: forbidPackages(
      [...APPS.filter((app) => app !== remote), 'api', 'e2e'],
      'A remote imports shared-contracts and its own files, never another remote, the shell or the API',
    ),
  })),
  {
    files: ['shell/**/*.{ts,tsx}'],
    patterns: forbidPackages(
      ['mfe-catalog', 'mfe-support', 'mfe-account', 'api', 'e2e'],
      'The shell meets remotes only through federation at runtime',
    ),
  },
  {
    files: ['shared-contracts/**/*.{ts,tsx}'],
    patterns: forbidPackages([...APPS, 'api', 'e2e', 'tooling'], 'shared-contracts imports nothing of ours'),
  },
  {
    files: ['api/**/*.ts'],
    patterns: forbidPackages([...APPS, 'e2e'], 'The API imports shared-contracts, never a browser app'),
  },
];

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
const PACKAGES = [...APPS, 'shared-contracts', 'api', 'e2e', 'bench', 'drills', 'tooling'];

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

// Features inside one app do not import each other; routes in src/app compose them (DESIGN §2).
const featureIsolation = {
  regex: '^\\.\\./[^./][^/]*/',
  message: 'Features do not import each other; compose them in src/app (DESIGN §2).',
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
  ...APPS.map((app) => ({
    files: [`${app}/src/features/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...boundaries.find((boundary) => boundary.files[0].startsWith(`${app}/`)).patterns, featureIsolation] },
      ],
    },
  })),
);
