import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Libraries every app shares as singletons: one identical map everywhere (DESIGN §3). */
export const SHARED_SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  'jotai',
  'i18next',
  'react-i18next',
  'shared-contracts',
  'shared-contracts/schemas',
] as const;

/**
 * Shared libraries provided as only the exports the apps import, instead of whole: shared whole, react-router is
 * 61 KB gzip, most of it data loading and server rendering no app uses. Every app provides the same subset, so
 * whichever app loads the library first serves all of them. An export missing here would be undefined in the app
 * that imports it: tooling/src/shared-subsets.test.ts keeps each list complete.
 */
export const SHARED_SUBSETS: Partial<Record<(typeof SHARED_SINGLETONS)[number], readonly string[]>> = {
  'react-router': [
    'BrowserRouter',
    'Link',
    'NavLink',
    'Navigate',
    'Outlet',
    'Route',
    'Routes',
    'useLocation',
    'useNavigate',
    'useParams',
    'useSearchParams',
  ],
  'react-i18next': ['Trans', 'setI18n', 'useTranslation'],
};

function packageManifest(appDir: string, name: string): { file: string; manifest: { version: string; exports?: Record<string, unknown> } } {
  const file = createRequire(path.join(appDir, 'package.json')).resolve(`${name}/package.json`);
  return { file, manifest: JSON.parse(readFileSync(file, 'utf8')) as { version: string; exports?: Record<string, unknown> } };
}

/** The package a shared key belongs to: `shared-contracts/schemas` is a subpath of `shared-contracts`. */
function packageOf(key: string): string {
  const segments = key.split('/');
  return segments.slice(0, key.startsWith('@') ? 2 : 1).join('/');
}

function packageVersion(appDir: string, key: string): string {
  return packageManifest(appDir, packageOf(key)).manifest.version;
}

/** The package's ES module entry (its exports' `import` condition), by absolute path. */
function esModuleEntry(appDir: string, name: string): string {
  const { file, manifest } = packageManifest(appDir, name);
  const entry = (manifest.exports?.['.'] as { import?: string | { default: string } } | undefined)?.import;
  const relative = typeof entry === 'string' ? entry : entry?.default;
  if (!relative) throw new Error(`${name} has no ES module entry in its exports`);
  return path.join(path.dirname(file), relative);
}

/**
 * A library's production build where its exports name only the development one: react-router 7 ships both but
 * exports dist/development whatever the mode (remix-run/react-router#14102), which keeps its development warnings,
 * and their checks, on in production. Other libraries' entries are already the ones to use.
 */
export function productionEntry(appDir: string, name: string): string {
  const entry = esModuleEntry(appDir, name);
  const production = entry.replace(`${path.sep}dist${path.sep}development${path.sep}`, `${path.sep}dist${path.sep}production${path.sep}`);
  return existsSync(production) ? production : entry;
}

/**
 * The module provided under a subset library's name: it re-exports the listed names from the library's file by
 * absolute path (a bare name here would be the shared module asking for itself), so the rest is tree-shaken.
 * It is a virtual module at a path of its own in the app's node_modules.
 */
export function subsetModules(appDir: string, production = true): Record<string, string> {
  return Object.fromEntries(
    Object.entries(SHARED_SUBSETS).map(([name, exports]) => [
      path.join(appDir, 'node_modules', '.shared-subsets', `${name}.js`),
      `export { ${exports.join(', ')} } from ${JSON.stringify(production ? productionEntry(appDir, name) : esModuleEntry(appDir, name))};\n`,
    ]),
  );
}

export function sharedMap(appDir: string) {
  const subsets = subsetModules(appDir);
  return Object.fromEntries(
    SHARED_SINGLETONS.map((key) => {
      const name = key.replace(/\/$/, '');
      const version = packageVersion(appDir, name);
      const subset = Object.keys(subsets).find((file) => path.basename(file, '.js') === name);
      return [key, { singleton: true, requiredVersion: `^${version}`, ...(subset ? { import: subset, version } : {}) }];
    }),
  );
}
