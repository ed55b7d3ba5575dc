import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rspack, type Chunk, type Compilation, type Compiler, type Module } from '@rspack/core';

/** How a chunk file is asked for, by its extension. */
type ChunkRequest = { href: string; as: 'script' | 'style' | 'modulepreload' };

const CONSUME_SHARED_MODULE = 'consume-shared-module';
const PROVIDE_SHARED_MODULE = 'provide-module';
/** A provide module's identifier, `provide shared module (default) react-router@7.18.5 = /path`: the share key. */
const PROVIDED_KEY = /^provide shared module \([^)]*\) (.+)@[^@\s]+ = /;

/** The chunks holding a module's async blocks: a consumed module's fallback, a provided module's own copy. */
function blockChunks(compilation: Compilation, module: Module): Chunk[] {
  return module.blocks.flatMap((block) => compilation.chunkGraph.getBlockChunkGroup(block)?.chunks ?? []);
}

/**
 * The chunks an entry's start-up certainly loads before any of its own code runs: with Module Federation's async
 * start-up, the entry first resolves the shared modules its initial chunks consume, each from the chunk of the
 * app's own copy (the page's first app: no other copy is registered yet), and each of those chunks consumes further
 * shared modules (react-dom/client needs react-dom) before it runs. The browser only finds these chunks one round
 * trip after another; hints in the HTML let it fetch them all at once. Language files and routes are left out: what
 * they load depends on the visitor.
 */
export function startupChunks(compilation: Compilation, entryName: string, provided: readonly string[] = []): Chunk[] {
  const entrypoint = compilation.entrypoints.get(entryName);
  if (!entrypoint) return [];
  const initial = new Set(entrypoint.chunks);
  const found = new Set<Chunk>();
  const add = (chunks: readonly Chunk[]) => {
    for (const chunk of chunks) {
      if (initial.has(chunk) || found.has(chunk)) continue;
      found.add(chunk);
      pending.push(chunk);
    }
  };
  const pending = [...initial];
  // The app's own copies of the provided libraries asked for, with what they consume in turn.
  for (const module of compilation.modules as Iterable<Module>) {
    const key = module.type === PROVIDE_SHARED_MODULE ? PROVIDED_KEY.exec(module.identifier())?.[1] : undefined;
    if (key && provided.includes(key)) add(blockChunks(compilation, module));
  }
  while (pending.length > 0) {
    const chunk = pending.pop()!;
    for (const module of compilation.chunkGraph.getChunkModules(chunk) as Module[]) {
      // A consumed module's fallback (the app's own copy) is an async block of the consume module.
      if (module.type === CONSUME_SHARED_MODULE) add(blockChunks(compilation, module));
    }
  }
  return [...found];
}

/** A chunk's files as `<script>` (classic chunks; ES module chunks are loaded with import(), a modulepreload's match) and stylesheets. */
function filesOf(compilation: Compilation, chunks: readonly Chunk[], publicPath: string): ChunkRequest[] {
  const scriptHint = compilation.outputOptions.module ? 'modulepreload' : 'script';
  const files = [...new Set(chunks.flatMap((chunk) => [...chunk.files]))].sort();
  return files.flatMap((file): ChunkRequest[] => {
    if (file.endsWith('.js')) return [{ href: publicPath + file, as: scriptHint }];
    if (file.endsWith('.css')) return [{ href: publicPath + file, as: 'style' }];
    return [];
  });
}

/** The script that starts the page's scripts once its first view has loaded (see its own comment). */
const START_AFTER_FIRST_VIEW = readFileSync(fileURLToPath(new URL('./start-after-first-view.js', import.meta.url)), 'utf8');

/** A tag of HtmlRspackPlugin's list. */
type AssetTag = { tagName: string; voidTag: boolean; attributes: Record<string, string | boolean | undefined> };

/**
 * Puts in the HTML page of each entry every chunk its start-up certainly loads (startupChunks), derived from the
 * chunk graph, so the browser fetches them all at once instead of one round trip after another:
 * - the classic chunks the start-up runs, as scripts before the entry's: each is parsed and run (which only
 *   registers its modules) in a task of its own as it arrives, and the entry's runtime then finds them installed,
 *   instead of creating their script tags and waiting for all of them in the task that evaluates the entry, the
 *   longest of the start-up right after the early paint (issue 13). Should one fail, the runtime loads it as before;
 * - the chunks of libraries provided for later apps (never run by this one), as preloads.
 * All at low priority. With `startAfterFirstView` (a page whose HTML carries its first view), not one of them, nor
 * the entry, is asked for before that view has loaded and painted: the page names them to one small script that
 * asks for them then (start-after-first-view.js). Chunks are requested from the page's own origin without a
 * crossorigin attribute (output.crossOriginLoading only applies to other origins), so the tags carry none either,
 * or the browser would download a chunk twice.
 */
export class StartupChunksPlugin {
  /**
   * `provided`: shared libraries the app provides to what it loads next, preloaded though it does not run them.
   * `startAfterFirstView`: the page's scripts start once the first view in its HTML has loaded, or at once when its
   * address carries one of the query parameters `startAtOnceWith`.
   */
  constructor(
    private readonly options: { provided?: readonly string[]; startAfterFirstView?: boolean; startAtOnceWith?: readonly string[] } = {},
  ) {}

  apply(compiler: Compiler): void {
    const { sources } = compiler.rspack;
    const starterFile = `start.${createHash('sha256').update(START_AFTER_FIRST_VIEW).digest('hex').slice(0, 10)}.js`;
    compiler.hooks.compilation.tap(StartupChunksPlugin.name, (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise(StartupChunksPlugin.name, async (data) => {
        const entries = data.plugin.options.chunks ?? [...compilation.entrypoints.keys()];
        const run = filesOf(
          compilation,
          entries.flatMap((entry) => startupChunks(compilation, entry)),
          data.publicPath,
        ).filter(({ as }) => as === 'script');
        const ran = new Set(run.map(({ href }) => href));
        const hinted = filesOf(
          compilation,
          entries.flatMap((entry) => startupChunks(compilation, entry, this.options.provided)),
          data.publicPath,
        ).filter(({ href }) => !ran.has(href));
        if (this.options.startAfterFirstView) {
          const [entryScripts, otherScripts] = partition(
            data.assetTags.scripts,
            (tag) => tag.tagName === 'script' && typeof tag.attributes.src === 'string',
          );
          if (!compilation.getAsset(starterFile)) compilation.emitAsset(starterFile, new sources.RawSource(START_AFTER_FIRST_VIEW));
          const starter: AssetTag = {
            tagName: 'script',
            voidTag: false,
            attributes: {
              src: data.publicPath + starterFile,
              defer: true,
              'data-scripts': run.map(({ href }) => href).join(' '),
              'data-module-scripts': entryScripts.map((tag) => tag.attributes.src).join(' '),
              'data-preloads': hinted
                .filter(({ as }) => as === 'script')
                .map(({ href }) => href)
                .join(' '),
              'data-start-at-once-with': (this.options.startAtOnceWith ?? []).join(' '),
            },
          };
          data.assetTags.scripts = [...otherScripts, starter];
        } else {
          data.assetTags.scripts.unshift(
            ...run.map(({ href }) => ({ tagName: 'script', voidTag: false, attributes: { src: href, defer: true, fetchpriority: 'low' } })),
          );
        }
        // Last in the head, after the entry script and the stylesheet: the browser asks for those first.
        const hints = this.options.startAfterFirstView ? hinted.filter(({ as }) => as !== 'script') : hinted;
        data.assetTags.styles.push(
          ...hints.map(({ href, as }) => ({
            tagName: 'link',
            voidTag: true,
            attributes:
              as === 'modulepreload'
                ? { rel: 'modulepreload', href, fetchpriority: 'low' }
                : { rel: 'preload', as, href, fetchpriority: 'low' },
          })),
        );
        return data;
      });
    });
  }
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}
