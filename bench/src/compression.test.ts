import { describe, expect, it } from 'vitest';
import { ZERO_SIZES, addSizes, sizesOf } from './compression.js';

describe('body sizes raw and compressed', () => {
  it('measures the raw bytes and each encoding of the same body', () => {
    const body = Buffer.from('export const answer = 42;\n'.repeat(400));
    const sizes = sizesOf(body);
    expect(sizes.raw).toBe(body.length);
    for (const encoded of [sizes.gzip, sizes.brotli, sizes.gzip9, sizes.brotli11]) {
      expect(encoded).toBeGreaterThan(0);
      expect(encoded).toBeLessThan(body.length / 10);
    }
  });

  it('adds sizes encoding by encoding, with ZERO_SIZES adding nothing', () => {
    const a = { raw: 100, gzip: 40, brotli: 35, gzip9: 38, brotli11: 30 };
    const b = { raw: 10, gzip: 9, brotli: 8, gzip9: 7, brotli11: 6 };
    expect(addSizes(a, b)).toEqual({ raw: 110, gzip: 49, brotli: 43, gzip9: 45, brotli11: 36 });
    expect(addSizes(ZERO_SIZES, a)).toEqual(a);
  });
});
