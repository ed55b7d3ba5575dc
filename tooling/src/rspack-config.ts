import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration } from '@rspack/core';

const toolingRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repoRoot = path.dirname(toolingRoot);

/** Libraries every app shares as singletons: one identical map everywhere (DESIGN §3). */
export const SHARED_SINGLETONS = [
  'react', 'react/', 'react-dom', 'react-dom/', 'react-router', 'react-router-dom',
  'jotai', 'i18next', 'react-i18next', 'shared-contracts',
] as const;

function packageVersion(appDir: string, name: string): string {
  const require = createRequire(path.join(appDir, 'package.json'));
  const manifest = require.resolve(`${name}/package.json`);
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

function sharedMap(appDir: string) {
  return Object.fromEntries(
    SHARED_SINGLETONS.map((key) => {
      const name = key.replace(/\/$/, '');
      return [key, { singleton: true, requiredVersion: `^${packageVersion(appDir, name)}` }];
    }),
  );
}

/**
 * Rspack's federation plugin brings in the federation runtime as CommonJS: the bundler runtime by the absolute path
 * of its .cjs file, and `@module-federation/runtime` through an alias to its .cjs file. CommonJS cannot be
 * tree-shaken, so the `experiments.optimization` flags would remove nothing. Each maps to the ES module build that
 * sits next to it in the same package.
 */
function federationRuntimeEsmReplacements(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const esmNextTo = (cjsFile: string) => cjsFile.replace(/\.cjs$/, '.js');
  const runtimeTools = createRequire(require.resolve('@module-federation/enhanced'))
    .resolve('@module-federation/runtime-tools');
  const fromRuntimeTools = createRequire(runtimeTools);
  const bundlerRuntimeCjs = fromRuntimeTools.resolve('@module-federation/webpack-bundler-runtime');
  return new Map([
    [bundlerRuntimeCjs, esmNextTo(bundlerRuntimeCjs)],
    ['@module-federation/runtime', esmNextTo(fromRuntimeTools.resolve('@module-federation/runtime'))],
  ]);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function federationRuntimeEsmPlugin() {
  const replacements = federationRuntimeEsmReplacements();
  const requests = new RegExp(`^(?:${[...replacements.keys()].map(escapeRegExp).join('|')})$`);
  return new rspack.NormalModuleReplacementPlugin(requests, (data: { request: string }) => {
    data.request = replacements.get(data.request) ?? data.request;
  });
}

export const CONTRACT_VERSION: string = (
  JSON.parse(readFileSync(path.join(repoRoot, 'shared-contracts', 'package.json'), 'utf8')) as { version: string }
).version;

export interface AppConfigOptions {
  /** Federation name: 'shell', 'catalog', 'support' or 'account'. */
  name: string;
  kind: 'host' | 'remote';
  /** The app's folder (where its package.json is). */
  appDir: string;
  /** The page entry: the shell's start-up, or a remote's standalone harness. */
  entry: string;
  /** Page title of the HTML entry before the app sets its own. */
  htmlTitle: string;
  /** Host only: federation runtime plugins (fallback for remotes that fail to load). */
  runtimePlugins?: string[];
}

/** The one rspack + Module Federation configuration every app is built with. */
export function createAppConfig(options: AppConfigOptions): Configuration {
  const production = process.env.NODE_ENV !== 'development';
  const isRemote = options.kind === 'remote';
  return {
    mode: production ? 'production' : 'development',
    context: options.appDir,
    entry: { main: options.entry },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    target: ['web', 'es2022'],
    output: {
      path: path.join(options.appDir, 'dist'),
      uniqueName: `publisher_${options.name}`,
      // Remotes resolve their chunks from wherever their manifest was fetched; the shell lives at the root.
      publicPath: isRemote ? 'auto' : '/',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      chunkLoadTimeout: 120_000,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      // `import styles from './x.module.css'` with camelCase class names as properties.
      parser: { 'css/auto': { namedExports: false } },
      generator: { 'css/auto': { exportsConvention: 'camel-case-only', localIdentName: production ? '[hash:8]' : '[path][name]__[local]' } },
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
          },
          type: 'javascript/auto',
        },
        // Native CSS: *.module.css files are scoped per app (DESIGN §3); plain .css files are global.
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.svg$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({ __BUILT_CONTRACT_VERSION__: JSON.stringify(CONTRACT_VERSION) }),
      federationRuntimeEsmPlugin(),
      new rspack.HtmlRspackPlugin({
        // The shell has its own page (with the layout template); every remote's standalone page is the same.
        template: isRemote ? path.join(toolingRoot, 'templates', 'standalone.html') : path.join(options.appDir, 'index.html'),
        title: options.htmlTitle,
        // Absolute so deep links of standalone pages (/GamesDetails/3) load /main.js, not /GamesDetails/main.js.
        publicPath: '/',
        scriptLoading: 'module',
      }),
      new ModuleFederationPlugin({
        name: options.name,
        filename: 'remoteEntry.js',
        ...(isRemote ? { exposes: { './app': './src/app/lifecycles.tsx' } } : { remotes: {} }),
        ...(options.runtimePlugins ? { runtimePlugins: options.runtimePlugins } : {}),
        shared: sharedMap(options.appDir),
        manifest: true,
        dts: false,
        experiments: {
          asyncStartup: true,
          // Browser code only. The shell keeps the snapshot plugin: it reads the remotes' manifests and preloads an
          // exposed module's chunks alongside its remote entry. A remote reads no manifest and loads no remotes.
          optimization: { target: 'web', ...(isRemote ? { disableSnapshot: true, disableRemote: true } : {}) },
        },
      }),
    ],
    optimization: { minimize: production },
    performance: { hints: false },
    devServer: { historyApiFallback: true, headers: { 'Access-Control-Allow-Origin': '*' } },
  };
}
