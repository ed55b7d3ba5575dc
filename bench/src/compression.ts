import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A body's size raw and compressed: at the levels our static server sends (tooling/src/static-server.ts uses
 * @fastify/compress: zlib's default gzip level 6, brotli quality 4) and at the highest levels (gzip -9, brotli 11),
 * the ones the reference figures of STACK-NOTES were measured with. Computed here, so the figures do not depend on
 * which encoding the browser asked for.
 */
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
  gzip9: number;
  brotli11: number;
}

export const ZERO_SIZES: Sizes = { raw: 0, gzip: 0, brotli: 0, gzip9: 0, brotli11: 0 };

const brotli = (body: Buffer, quality: number) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    .length;

export function sizesOf(body: Buffer): Sizes {
  return {
    raw: body.length,
    gzip: gzipSync(body).length,
    brotli: brotli(body, 4),
    gzip9: gzipSync(body, { level: 9 }).length,
    brotli11: brotli(body, 11),
  };
}

export function addSizes(a: Sizes, b: Sizes): Sizes {
  return {
    raw: a.raw + b.raw,
    gzip: a.gzip + b.gzip,
    brotli: a.brotli + b.brotli,
    gzip9: a.gzip9 + b.gzip9,
    brotli11: a.brotli11 + b.brotli11,
  };
}
