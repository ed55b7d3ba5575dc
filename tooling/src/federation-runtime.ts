import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';

/** The federation runtime's CommonJS files, as Rspack's federation plugin finds them (through the runtime tools). */
export function federationRuntimeFiles() {
  const fromEnhanced = createRequire(createRequire(import.meta.url).resolve('@module-federation/enhanced'));
  const fromRuntimeTools = createRequire(fromEnhanced.resolve('@module-federation/runtime-tools'));
  const runtime = fromRuntimeTools.resolve('@module-federation/runtime');
  return {
    bundlerRuntime: fromRuntimeTools.resolve('@module-federation/webpack-bundler-runtime'),
    runtime,
    runtimeCore: createRequire(runtime).resolve('@module-federation/runtime-core'),
    provideRuntimePlugin: createRequire(fromEnhanced.resolve('@module-federation/rspack')).resolve(
      '@module-federation/inject-external-runtime-core-plugin',
    ),
  };
}

/** Each of these packages ships its ES module build next to its CommonJS one, under the same name. */
const esmNextTo = (cjsFile: string) => cjsFile.replace(/\.cjs$/, '.js');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Rspack's federation plugin brings in the federation runtime as CommonJS: the bundler runtime and the plugin that
 * provides the runtime to remotes by the absolute paths of their .cjs files, and `@module-federation/runtime`
 * through an alias to its .cjs file. CommonJS cannot be tree-shaken (the `experiments.optimization` flags would
 * remove nothing), and the CommonJS and ES module builds mixed on one page ship the runtime twice. Each is replaced
 * by its ES module build.
 */
export function federationRuntimeEsmPlugin() {
  const { bundlerRuntime, runtime, provideRuntimePlugin } = federationRuntimeFiles();
  const replacements = new Map([
    [bundlerRuntime, esmNextTo(bundlerRuntime)],
    [provideRuntimePlugin, esmNextTo(provideRuntimePlugin)],
    ['@module-federation/runtime', esmNextTo(runtime)],
  ]);
  const requests = new RegExp(`^(?:${[...replacements.keys()].map(escapeRegExp).join('|')})$`);
  return new rspack.NormalModuleReplacementPlugin(requests, (data: { request: string }) => {
    data.request = replacements.get(data.request) ?? data.request;
  });
}

/** Where a remote's standalone page gets the federation runtime the shell otherwise provides (see below). */
export const STANDALONE_RUNTIME_FILE = 'federation-runtime.js';

/**
 * Remotes are built with `experiments.externalRuntime`: their remote entry takes the federation runtime from the
 * global the shell provides (`provideExternalRuntime`) instead of carrying a second copy. A remote's standalone page
 * has no shell, so this small build next to the remote provides that global before the page's own script runs.
 * It runs after the remote's build, whose output.clean would otherwise delete it.
 */
export function standaloneRuntimeConfig(appName: string, appDir: string, production: boolean): Configuration {
  const runtimeCore = JSON.stringify(esmNextTo(federationRuntimeFiles().runtimeCore));
  return {
    name: `${appName}-standalone-runtime`,
    dependencies: [appName],
    mode: production ? 'production' : 'development',
    context: appDir,
    target: ['web', 'es2022'],
    devtool: false,
    entry: {
      // The global the federation plugin's externalRuntime reads (@module-federation/rspack, ModuleFederationPlugin).
      'federation-runtime': `data:text/javascript,import * as runtimeCore from ${runtimeCore}; globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;`,
    },
    output: {
      path: path.join(appDir, 'dist'),
      filename: STANDALONE_RUNTIME_FILE,
      uniqueName: `publisher_${appName}_standalone_runtime`,
      clean: false,
    },
    optimization: { minimize: production },
    performance: { hints: false },
  };
}
