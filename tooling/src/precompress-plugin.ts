import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Compiler } from '@rspack/core';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What a static origin serves compressed: code, styles, pages, manifests and vector images, never source maps. */
const COMPRESSIBLE = /\.(?:js|css|html|json|svg)$/;
/** Below this, the compressed file saves less than the extra file costs. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy next to every compressible file of a build, so a static
 * origin sends the smallest encoding at no CPU cost per request: nginx with `brotli_static` and `gzip_static`
 * (tooling/docker/nginx-static.conf.template), and the test and bench server with `preCompressed`
 * (tooling/src/static-server.ts). Compressing at the highest levels on every request would be too slow, which is
 * why servers otherwise stop at gzip 6 or brotli 4.
 */
export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.rspack;
    compiler.hooks.thisCompilation.tap(PrecompressPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After every asset has its final content and name (content hashes included).
        { name: PrecompressPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const names = Object.keys(assets).filter((name) => COMPRESSIBLE.test(name));
          await Promise.all(
            names.map(async (name) => {
              const content = compilation.getAsset(name)!.source.buffer();
              if (content.length < MIN_BYTES) return;
              const [brotliCopy, gzipCopy] = await Promise.all([
                brotli(content, {
                  params: {
                    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                  },
                }),
                gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
              ]);
              compilation.emitAsset(`${name}.br`, new sources.RawSource(brotliCopy));
              compilation.emitAsset(`${name}.gz`, new sources.RawSource(gzipCopy));
            }),
          );
        },
      );
    });
  }
}
