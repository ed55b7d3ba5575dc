import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration } from '@rspack/core';
import { SERVER_BUNDLE_FILE } from './first-view.js';
import { PrecompressPlugin } from './precompress-plugin.js';
import { StartupChunksPlugin } from './startup-chunks-plugin.js';

const toolingRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repoRoot = path.dirname(toolingRoot);

/** Libraries every app shares as singletons: one identical map everywhere (DESIGN §3). */
export const SHARED_SINGLETONS = [
  'react', 'react/', 'react-dom', 'react-dom/', 'react-router',
  'jotai', 'i18next', 'react-i18next', 'shared-contracts', 'shared-contracts/schemas',
] as const;

/**
 * Shared libraries provided as only the exports the apps import, instead of whole: shared whole, react-router is
 * 61 KB gzip, most of it data loading and server rendering no app uses. Every app provides the same subset, so
 * whichever app loads the library first serves all of them. An export missing here would be undefined in the app
 * that imports it: tooling/src/shared-subsets.test.ts keeps each list complete.
 */
export const SHARED_SUBSETS: Partial<Record<(typeof SHARED_SINGLETONS)[number], readonly string[]>> = {
  'react-router': [
    'BrowserRouter', 'Link', 'NavLink', 'Navigate', 'Outlet', 'Route', 'Routes',
    'useLocation', 'useNavigate', 'useParams', 'useSearchParams',
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
 * The module provided under a subset library's name: it re-exports the listed names from the library's file by
 * absolute path (a bare name here would be the shared module asking for itself), so the rest is tree-shaken.
 * It is a virtual module at a path of its own in the app's node_modules.
 */
function subsetModules(appDir: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(SHARED_SUBSETS).map(([name, exports]) => [
      path.join(appDir, 'node_modules', '.shared-subsets', `${name}.js`),
      `export { ${exports.join(', ')} } from ${JSON.stringify(esModuleEntry(appDir, name))};\n`,
    ]),
  );
}

function sharedMap(appDir: string) {
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

/** The federation runtime's CommonJS files, as Rspack's federation plugin finds them (through the runtime tools). */
function federationRuntimeFiles() {
  const fromEnhanced = createRequire(createRequire(import.meta.url).resolve('@module-federation/enhanced'));
  const fromRuntimeTools = createRequire(fromEnhanced.resolve('@module-federation/runtime-tools'));
  const runtime = fromRuntimeTools.resolve('@module-federation/runtime');
  return {
    bundlerRuntime: fromRuntimeTools.resolve('@module-federation/webpack-bundler-runtime'),
    runtime,
    runtimeCore: createRequire(runtime).resolve('@module-federation/runtime-core'),
    provideRuntimePlugin: createRequire(fromEnhanced.resolve('@module-federation/rspack')).resolve('@module-federation/inject-external-runtime-core-plugin'),
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
function federationRuntimeEsmPlugin() {
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
function standaloneRuntimeConfig(appName: string, appDir: string, production: boolean): Configuration {
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
    output: { path: path.join(appDir, 'dist'), filename: STANDALONE_RUNTIME_FILE, uniqueName: `publisher_${appName}_standalone_runtime`, clean: false },
    optimization: { minimize: production },
    performance: { hints: false },
  };
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
  /**
   * Shared libraries the app provides but does not run itself, whose chunks its page should still preload because
   * what it loads next always runs them (see StartupChunksPlugin).
   */
  preloadProvided?: readonly string[];
  /**
   * The app's first-view renderer (README "First view in the HTML"), built for Node into dist/server beside the browser build, so a deploy
   * ships the two together and the fragment host renders with the code the page then runs.
   */
  serverEntry?: string;
}

/** The one rspack + Module Federation configuration every app is built with. */
export function createAppConfig(options: AppConfigOptions): Configuration {
  const production = process.env.NODE_ENV !== 'development';
  const isRemote = options.kind === 'remote';
  return {
    name: options.name,
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
      new rspack.experiments.VirtualModulesPlugin(subsetModules(options.appDir)),
      new rspack.HtmlRspackPlugin({
        // The shell has its own page (with the layout template); every remote's standalone page is the same.
        template: isRemote ? path.join(toolingRoot, 'templates', 'standalone.html') : path.join(options.appDir, 'index.html'),
        title: options.htmlTitle,
        // Absolute so deep links of standalone pages (/GamesDetails/3) load /main.js, not /GamesDetails/main.js.
        publicPath: '/',
        scriptLoading: 'module',
        templateParameters: { standaloneRuntime: `/${STANDALONE_RUNTIME_FILE}` },
      }),
      new StartupChunksPlugin({ provided: options.preloadProvided }),
      // axios's fetch adapter runs feature tests of fetch and streams as it is evaluated (new Request, new Response,
      // a ReadableStream body), in the task that evaluates axios with the page's first API call, although browsers
      // use its XHR adapter (and its upload progress). Browser builds leave it out; the Node first-view builds use
      // axios's own Node bundle and are not affected.
      new rspack.NormalModuleReplacementPlugin(
        /axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/,
        path.join(toolingRoot, 'src', 'axios-fetch-adapter-for-browsers.js'),
      ),
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
          // One federation runtime on the page: the shell's, which remotes use instead of bundling their own.
          ...(isRemote ? { externalRuntime: true } : { provideExternalRuntime: true }),
          // Browser code only. The shell keeps the snapshot plugin: it reads the remotes' manifests and preloads an
          // exposed module's chunks alongside its remote entry. A remote reads no manifest and loads no remotes.
          optimization: { target: 'web', ...(isRemote ? { disableSnapshot: true, disableRemote: true } : {}) },
        },
      }),
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    optimization: { minimize: production },
    performance: { hints: false },
    devServer: { historyApiFallback: true, headers: { 'Access-Control-Allow-Origin': '*' } },
  };
}

/**
 * The app's first-view renderer for Node: the same sources, rules and CSS module names as the browser build (the
 * server renders class names the browser's stylesheets define), every dependency bundled so dist/ alone runs it.
 */
function serverConfig(options: AppConfigOptions & { serverEntry: string }, app: Configuration): Configuration {
  const production = app.mode === 'production';
  const cssGenerator = (app.module?.generator as Record<string, Record<string, unknown>>)['css/auto'];
  return {
    name: `${options.name}-server`,
    dependencies: [options.name],
    mode: app.mode,
    context: options.appDir,
    target: ['node20'],
    devtool: false,
    entry: { 'first-view': options.serverEntry },
    output: {
      path: path.join(options.appDir, 'dist', path.dirname(SERVER_BUNDLE_FILE)),
      uniqueName: app.output?.uniqueName,
      publicPath: '/',
      filename: path.basename(SERVER_BUNDLE_FILE),
      chunkFilename: '[name].[contenthash:10].cjs',
      assetModuleFilename: app.output?.assetModuleFilename,
      library: { type: 'commonjs2' },
      clean: false,
    },
    resolve: { ...app.resolve, conditionNames: ['node', 'import', 'require', 'default'] },
    module: {
      parser: app.module?.parser,
      // Class names only: the stylesheets themselves come from the browser build.
      generator: { 'css/auto': { ...cssGenerator, exportsOnly: true }, asset: { emit: false } },
      rules: app.module?.rules,
    },
    plugins: [
      new rspack.DefinePlugin({ __BUILT_CONTRACT_VERSION__: JSON.stringify(CONTRACT_VERSION) }),
      new rspack.experiments.VirtualModulesPlugin(subsetModules(options.appDir)),
    ],
    optimization: { minimize: false, splitChunks: false, nodeEnv: production ? 'production' : 'development' },
    performance: { hints: false },
    // react-router's lazy route modules (unused here) import by expression; nothing to resolve at build time.
    ignoreWarnings: [{ module: /react-router/, message: /Critical dependency/ }],
  };
}

/**
 * Everything `rspack build` runs for an app: the app, for a remote its standalone page's federation runtime, and the
 * app's first-view renderer when it has one.
 */
export function createAppBuild(options: AppConfigOptions): Configuration[] {
  const app = createAppConfig(options);
  const server = options.serverEntry ? [serverConfig({ ...options, serverEntry: options.serverEntry }, app)] : [];
  if (options.kind === 'host') return [app, ...server];
  return [app, standaloneRuntimeConfig(options.name, options.appDir, app.mode === 'production'), ...server];
}
