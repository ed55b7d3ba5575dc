import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Configuration, type RspackPluginInstance } from '@rspack/core';
import { createAppConfig } from 'tooling/rspack';
import { monolithDist, MONOLITH_VARIANTS, type MonolithVariant } from './variants.js';

/**
 * The composed site as one monolith, for the bench's federated/monolith ratio (issue 5): the shell's start-up
 * and the three remotes' lifecycles from the same source, with the apps' own configuration (loaders, CSS,
 * minifier, production mode, HTML page) minus Module Federation. Nothing here changes how the apps build.
 *
 * Two seams, swapped in at build time, so no app carries monolith code:
 * - the shell's registry (shell/src/app/remote-registry.ts) and shared-for-remotes.ts import `loadRemote`,
 *   `preloadRemote` and `loadShare` from the federation runtime: they get src/direct-remotes.ts instead, so
 *   guards, basenames and fallbacks stay the shell's own;
 * - the shell's start-up (start-shell.ts) fetches remotes.json before the layout starts and preloads the first
 *   remote: it gets src/no-remotes-config.ts, since a monolith has nothing to discover.
 */
const monolithDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(monolithDir, '../..');
const shellDir = path.join(repoRoot, 'shell');

const inShellApp = (file: string) => new RegExp(`[\\\\/]shell[\\\\/]src[\\\\/]app[\\\\/]${file.replace('.', '\\.')}$`);

/** Replaces `request` when `issuer` imports it, and nowhere else. */
function replaceImport(issuer: RegExp, request: string, replacement: string): RspackPluginInstance {
  return new rspack.NormalModuleReplacementPlugin(new RegExp(`^${request.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`), (resolveData) => {
    if (issuer.test(resolveData.contextInfo.issuer)) resolveData.request = replacement;
  });
}

function isFederationPlugin(plugin: unknown): boolean {
  return typeof plugin === 'object' && plugin !== null && plugin.constructor.name === 'ModuleFederationPlugin';
}

function monolithConfig(variant: MonolithVariant): Configuration {
  const app = createAppConfig({ name: 'shell', kind: 'host', appDir: shellDir, entry: './src/main.ts', htmlTitle: '' });
  const plugins = app.plugins ?? [];
  if (!plugins.some(isFederationPlugin)) throw new Error('tooling/src/rspack-config.ts no longer adds a ModuleFederationPlugin: update bench/monolith');
  return {
    ...app,
    name: `monolith-${variant}`,
    output: { ...app.output, path: monolithDist(variant), uniqueName: `publisher_monolith_${variant}` },
    module: {
      ...app.module,
      rules: [
        ...(app.module?.rules ?? []),
        // The one-bundle build: the remotes' import() calls compile into the main bundle, not chunks of their own.
        ...(variant === 'bundle' ? [{ test: /[\\/]direct-remotes\.ts$/, parser: { dynamicImportMode: 'eager' } }] : []),
      ],
    },
    plugins: [
      ...plugins.filter((plugin) => !isFederationPlugin(plugin)),
      replaceImport(inShellApp('remote-registry.ts'), '@module-federation/enhanced/runtime', path.join(monolithDir, 'src/direct-remotes.ts')),
      replaceImport(inShellApp('shared-for-remotes.ts'), '@module-federation/enhanced/runtime', path.join(monolithDir, 'src/direct-remotes.ts')),
      replaceImport(inShellApp('start-shell.ts'), './remote-registry.js', path.join(monolithDir, 'src/no-remotes-config.ts')),
    ],
  };
}

export default MONOLITH_VARIANTS.map(monolithConfig);
