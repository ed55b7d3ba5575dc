import { describe, expect, it } from 'vitest';
import { inquiryCreateBodySchema } from './api/ticket-schemas.js';
import { LIMITS } from './limits.js';
import { textLength } from './text.js';

describe('textLength', () => {
  it('counts an emoji (two UTF-16 units) as one character', () => {
    expect(textLength('😀'.repeat(60))).toBe(60);
    expect(textLength('Lost 🗡️ sword')).toBe(13);
    expect(textLength('검을 잃어버렸어요')).toBe(9);
  });

  it('counts the trimmed text, as the schemas do', () => {
    expect(textLength('  hello \n')).toBe(5);
    expect(textLength('   ')).toBe(0);
  });

  it('agrees with the shared schema on where the title limit is', () => {
    const title = inquiryCreateBodySchema.shape.title;
    const atLimit = '😀'.repeat(LIMITS.titleMax);
    expect(textLength(atLimit)).toBe(LIMITS.titleMax);
    expect(title.safeParse(atLimit).success).toBe(true);
    expect(textLength(`${atLimit}😀`)).toBe(LIMITS.titleMax + 1);
    expect(title.safeParse(`${atLimit}😀`).success).toBe(false);
  });
});
