import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration } from '@rspack/core';
import { stylesheetMarker } from 'shared-contracts';
import { SERVER_BUNDLE_FILE } from './first-view.js';
import { PrecompressPlugin } from './precompress-plugin.js';
import { STANDALONE_RUNTIME_FILE, federationRuntimeEsmPlugin, standaloneRuntimeConfig } from './federation-runtime.js';
import { productionEntry, sharedMap, subsetModules } from './shared-libraries.js';
import { StartupChunksPlugin } from './startup-chunks-plugin.js';

const toolingRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repoRoot = path.dirname(toolingRoot);

export const CONTRACT_VERSION: string = (
  JSON.parse(readFileSync(path.join(repoRoot, 'shared-contracts', 'package.json'), 'utf8')) as { version: string }
).version;

/**
 * V8's explicit compile hint (Chrome 136+) on every chunk: a chunk is loaded when the page is about to run it, and
 * most of its functions run at once (the shared libraries as the page starts, a remote's view as it mounts). V8 then
 * compiles them as the script streams in, on a background thread, instead of on the main thread at each function's
 * first call, which spread over the start-up's tasks and lengthened them (issue 13). Added after minification, which
 * would drop the comment, and before the source maps, which then count its line.
 */
function eagerCompileHint() {
  return new rspack.BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    test: /\.js$/,
    stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}

/**
 * Every stylesheet sets its marker custom property (stylesheetMarker), so the shell finds a stylesheet of the page
 * that did not load and fetches it again (shell/src/app/stylesheet-recovery.ts). After minification, which would
 * merge the rule into others.
 */
function stylesheetMarkerBanner() {
  return new rspack.BannerPlugin({
    banner: ({ filename }) => `:root{${stylesheetMarker(path.basename(filename))}:1}`,
    raw: true,
    test: /\.css$/,
    stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}

/**
 * The browsers the site is built for: the first versions with every CSS feature its stylesheets use without a
 * fallback (color-mix() from Chrome 111 and Safari 16.2, :has() from Firefox 121). The CSS minifier writes for
 * these, so logical properties (inset-inline-end, margin-inline-start, text-align: start) stay as written instead
 * of being spelled out once per writing direction behind lists of :lang() selectors, three times each for
 * -webkit-any, -moz-any and :is.
 */
export const SUPPORTED_BROWSERS: readonly string[] = [
  'chrome >= 111',
  'edge >= 111',
  'firefox >= 121',
  'safari >= 16.4',
  'ios_saf >= 16.4',
];

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
  /** Host only: query parameters with which its page starts its scripts at once instead of after the first view. */
  startAtOnceWith?: readonly string[];
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
      generator: {
        'css/auto': { exportsConvention: 'camel-case-only', localIdentName: production ? '[hash:8]' : '[path][name]__[local]' },
      },
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
        // An SVG is a file of its own with a content-hashed address; `?raw` gives its text (a server's, for the page).
        { test: /\.svg$/, oneOf: [{ resourceQuery: /raw/, type: 'asset/source' }, { type: 'asset/resource' }] },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({ __BUILT_CONTRACT_VERSION__: JSON.stringify(CONTRACT_VERSION) }),
      federationRuntimeEsmPlugin(),
      new rspack.experiments.VirtualModulesPlugin(subsetModules(options.appDir, production)),
      new rspack.HtmlRspackPlugin({
        // The shell has its own page (with the layout template); every remote's standalone page is the same.
        template: isRemote ? path.join(toolingRoot, 'templates', 'standalone.html') : path.join(options.appDir, 'index.html'),
        title: options.htmlTitle,
        // Absolute so deep links of standalone pages (/GamesDetails/3) load /main.js, not /GamesDetails/main.js.
        publicPath: '/',
        scriptLoading: 'module',
        templateParameters: { standaloneRuntime: `/${STANDALONE_RUNTIME_FILE}` },
      }),
      // The shell's page carries its first view; a remote's standalone page renders on the client only.
      new StartupChunksPlugin({
        provided: options.preloadProvided,
        startAfterFirstView: !isRemote,
        startAtOnceWith: options.startAtOnceWith,
      }),
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
        runtimePlugins: [path.join(toolingRoot, 'src', 'share-load-yield-plugin.ts'), ...(options.runtimePlugins ?? [])],
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
      stylesheetMarkerBanner(),
      ...(production ? [eagerCompileHint(), new PrecompressPlugin()] : []),
    ],
    optimization: {
      minimize: production,
      minimizer: [
        new rspack.SwcJsMinimizerRspackPlugin(),
        new rspack.LightningCssMinimizerRspackPlugin({ minimizerOptions: { targets: [...SUPPORTED_BROWSERS] } }),
      ],
    },
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
    resolve: {
      ...app.resolve,
      conditionNames: ['node', 'import', 'require', 'default'],
      // The renderer imports react-router itself (no shared subset on the server): its production build too.
      alias: production ? { 'react-router$': productionEntry(options.appDir, 'react-router') } : {},
    },
    module: {
      parser: app.module?.parser,
      // Class names only: the stylesheets themselves come from the browser build.
      generator: { 'css/auto': { ...cssGenerator, exportsOnly: true }, asset: { emit: false } },
      rules: app.module?.rules,
    },
    plugins: [
      new rspack.DefinePlugin({ __BUILT_CONTRACT_VERSION__: JSON.stringify(CONTRACT_VERSION) }),
      new rspack.experiments.VirtualModulesPlugin(subsetModules(options.appDir, production)),
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
