import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Compiler, type Configuration, type RspackPluginInstance } from '@rspack/core';
import { createAppBuild } from 'tooling/rspack';
import { FIRST_VIEW_STYLESHEETS_FILE, type FirstViewStylesheets } from './server/stylesheets.js';
import { monolithDist, MONOLITH_VARIANTS, type MonolithVariant } from './variants.js';

/**
 * The composed site as one monolith, for the bench's federated/monolith ratio (issue 5): the shell's start-up
 * and the three remotes' lifecycles from the same source, with the apps' own configuration (loaders, CSS,
 * minifier, production mode, HTML page) minus Module Federation. Nothing here changes how the apps build.
 *
 * Two seams, swapped in at build time, so no app carries monolith code:
 * - the shell's registry (shell/src/app/remote-registry.ts), shared-for-remotes.ts and shared-load-retry-plugin.ts
 *   import `loadRemote`, `preloadRemote`, `loadShare` and `registerPlugins` from the federation runtime: every import
 *   of it in the shell gets src/direct-remotes.ts instead, so guards, basenames and fallbacks stay the shell's own
 *   (the real runtime would throw: a monolith creates no federation instance);
 * - the shell's start-up (start-shell.ts) fetches remotes.json before the layout starts and preloads the first
 *   remote: it gets src/no-remotes-config.ts, since a monolith has nothing to discover.
 *
 * Its pages carry the same first view as the federated site's (README "First view in the HTML"): a server bundle
 * built as the apps build theirs (tooling/src/rspack-config.ts), whose page renderer is server/first-view.ts.
 */
const monolithDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(monolithDir, '../..');
const shellDir = path.join(repoRoot, 'shell');

const inShellSource = /[\\/]shell[\\/]src[\\/]/;
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

/** The remotes, by the chunk names src/direct-remotes.ts gives their code and the names the shell's includes use. */
const REMOTES = ['catalog', 'support', 'account'] as const;

/**
 * Writes, beside the server bundle, the stylesheets each remote's chunk adds to those the page's head links
 * (FirstViewStylesheets): the split-by-route build's remote chunks have stylesheets of their own, which a first view
 * must link to show styled before its code arrives; the one-bundle build has none (all is in the head's stylesheet).
 */
class FirstViewStylesheetsPlugin implements RspackPluginInstance {
  constructor(
    private readonly file: string,
    private readonly remoteChunks: boolean,
  ) {}

  apply(compiler: Compiler): void {
    const name = 'FirstViewStylesheetsPlugin';
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap({ name, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const isCss = (file: string) => file.endsWith('.css');
        const inHead = new Set(compilation.entrypoints.get('main')?.getFiles().filter(isCss));
        const stylesheets: FirstViewStylesheets = Object.fromEntries(
          REMOTES.map((remote) => {
            const group = compilation.namedChunkGroups.get(remote);
            if (this.remoteChunks && !group) throw new Error(`the monolith has no chunk named ${remote}: update bench/monolith`);
            // The shell's build serves its files from the root (publicPath '/'), and so does the monolith.
            return [remote, (group?.getFiles() ?? []).filter((file) => isCss(file) && !inHead.has(file)).map((file) => `/${file}`)];
          }),
        );
        compilation.emitAsset(this.file, new rspack.sources.RawSource(JSON.stringify(stylesheets)));
      });
    });
  }
}

function monolithConfigs(variant: MonolithVariant): Configuration[] {
  const build = createAppBuild({
    name: 'shell',
    kind: 'host',
    appDir: shellDir,
    entry: './src/main.ts',
    serverEntry: path.join(monolithDir, 'server/first-view.ts'),
    htmlTitle: '',
  });
  const app = build.find((config) => config.name === 'shell');
  const server = build.find((config) => config.name === 'shell-server');
  if (!app || !server) throw new Error('tooling/src/rspack-config.ts no longer builds `shell` and `shell-server`: update bench/monolith');
  const plugins = app.plugins ?? [];
  if (!plugins.some(isFederationPlugin))
    throw new Error('tooling/src/rspack-config.ts no longer adds a ModuleFederationPlugin: update bench/monolith');
  const name = `monolith-${variant}`;
  // The same uniqueName in both builds, which keeps the CSS module class names the server renders those of the stylesheets.
  const uniqueName = `publisher_monolith_${variant}`;
  const serverDir = path.join(monolithDist(variant), path.relative(path.join(shellDir, 'dist'), server.output?.path ?? ''));
  const browser: Configuration = {
    ...app,
    name,
    output: { ...app.output, path: monolithDist(variant), uniqueName },
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
      replaceImport(inShellSource, '@module-federation/enhanced/runtime', path.join(monolithDir, 'src/direct-remotes.ts')),
      replaceImport(inShellApp('start-shell.ts'), './remote-registry.js', path.join(monolithDir, 'src/no-remotes-config.ts')),
      new FirstViewStylesheetsPlugin(
        path.join(path.relative(monolithDist(variant), serverDir), FIRST_VIEW_STYLESHEETS_FILE),
        variant === 'routes',
      ),
    ],
  };
  return [browser, { ...server, name: `${name}-server`, dependencies: [name], output: { ...server.output, path: serverDir, uniqueName } }];
}

export default MONOLITH_VARIANTS.flatMap(monolithConfigs);
