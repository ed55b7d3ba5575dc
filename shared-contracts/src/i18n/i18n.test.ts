// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits.js';
import { formatMegabytes, initI18n } from './i18n.js';

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

describe('initI18n', () => {
  it("writes the page's lang and dir only where the HTML does not carry them already", async () => {
    const root = document.documentElement;
    root.lang = 'ar';
    root.dir = 'rtl';
    let records: MutationRecord[] = [];
    const observer = new MutationObserver((delivered) => records.push(...delivered));
    observer.observe(root, { attributes: true });
    const written = async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const names = records.map((record) => record.attributeName);
      records = [];
      return names;
    };

    // The first view's HTML says Arabic, right to left: the start-up leaves both alone (a write restyles the page).
    await initI18n('ar');
    expect(await written()).toEqual([]);

    await initI18n('en');
    expect(await written()).toEqual(['lang', 'dir']);
    expect([root.lang, root.dir]).toEqual(['en', 'ltr']);

    // Another language of the same direction changes lang alone.
    await initI18n('fr');
    expect(await written()).toEqual(['lang']);
    observer.disconnect();
  });
});
