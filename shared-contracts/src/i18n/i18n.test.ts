import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits.js';
import { formatMegabytes } from './i18n.js';

describe('formatMegabytes', () => {
  it('writes the size limit with the unit of the page language', () => {
    expect(formatMegabytes(LIMITS.attachmentBytesMax, 'en')).toBe('20 MB');
    // French writes "Mo" (mégaoctet) after a narrow no-break space, Russian "МБ" in Cyrillic.
    expect(formatMegabytes(LIMITS.attachmentBytesMax, 'fr')).toBe('20\u202fMo');
    expect(formatMegabytes(LIMITS.attachmentBytesMax, 'ru')).toBe('20 МБ');
  });

  it('keeps one decimal of a size that is not a whole number of megabytes', () => {
    expect(formatMegabytes(1.5 * 1024 * 1024, 'de')).toBe('1,5 MB');
  });
});
