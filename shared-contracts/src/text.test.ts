import { describe, expect, it } from 'vitest';
import { inquiryCreateBodySchema } from './api/ticket-schemas.js';
import { LIMITS } from './limits.js';
import { hasVisibleText, normaliseServerId, textLength, textWords, visibleLength, withoutInvisibleCharacters } from './text.js';

describe('textLength', () => {
  it('counts an emoji (two UTF-16 units) as one character', () => {
    expect(['😀'.repeat(60), 'Lost 🗡️ sword', '검을 잃어버렸어요'].map(textLength)).toEqual([60, 13, 9]);
  });

  it('counts the trimmed text, as the schemas do', () => {
    expect(['  hello \n', '   '].map(textLength)).toEqual([5, 0]);
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

describe('textWords (the two-word minimum of SPEC §5)', () => {
  it('counts words by spaces where a language writes them', () => {
    expect(['Missing gems', 'Pembayaran gagal', 'supercalifragilistic', '12345 67890'].map(textWords)).toEqual([2, 2, 1, 2]);
  });

  it('finds the words of Japanese, Chinese and Thai, written without spaces', () => {
    for (const question of ['課金したのに届きません', '我充值了但是没有到账', '儲值後沒有收到鑽石', 'ฉันเติมเงินแล้วแต่ไม่ได้รับ']) {
      expect(textWords(question), question).toBeGreaterThanOrEqual(2);
    }
  });

  it('does not count punctuation or emoji as words', () => {
    expect(['!!! ??? 🙂🙂🙂 ...', 'Refund!!!!!!!!'].map(textWords)).toEqual([0, 1]);
  });

  it('is what the shared schema holds the question detail to', () => {
    const content = inquiryCreateBodySchema.shape.content;
    expect(content.safeParse('Refund!!!!!!!!').error?.issues.map((issue) => issue.message)).toEqual(['contentTooFewWords']);
    expect(content.safeParse('Refund missing!').success).toBe(true);
    expect(content.safeParse('課金したのに届きません').success).toBe(true);
  });
});

describe('normaliseServerId (SPEC §4)', () => {
  it('starts every server id with a lowercase s', () => {
    expect(['S12', '12', 's7', '  '].map(normaliseServerId)).toEqual(['s12', 's12', 's7', '']);
  });
});

describe('hasVisibleText', () => {
  it('finds nothing in whitespace, control, format and default-ignorable characters, Hangul fillers and the braille blank', () => {
    const blanks = [
      '',
      ' \t\n\u3000',
      '\u3164',
      '\u115f\u1160',
      '\uffa0',
      '\u200b\u200c\u200d',
      '\u2060\ufeff\u00ad',
      '\u202e\u2066',
      '\u2800',
      '\ufe0f',
      '\u{e0020}',
    ];
    for (const blank of blanks) expect(hasVisibleText(blank), JSON.stringify(blank)).toBe(false);
  });

  it('finds a letter, a digit, punctuation or an emoji among them', () => {
    for (const text of ['\u3164a', '\u200b1', '\u2800.', '😀', '👨\u200d👩\u200d👧', 'ㅤ가']) expect(hasVisibleText(text), text).toBe(true);
  });
});

describe('visibleLength (the minimum lengths of SPEC §5)', () => {
  it('does not count what draws nothing: Hangul fillers, zero-width and format characters, the braille blank', () => {
    const oneLetter = ['a\u3164', 'a\u200b', '\u2800a\u2800', 'a\ufe0f', 'a\u00ad', '\u202ea\u2066', '\u115f\u1160a\uffa0', 'a\u{e0020}'];
    for (const text of oneLetter) expect(visibleLength(text), JSON.stringify(text)).toBe(1);
    // Stored, and counted by the maximum and the form's counter, they are two or more.
    expect(textLength('a\u3164')).toBe(2);
  });

  it('does not count white space left at either end once those are gone', () => {
    expect([' a \u200b ', '\u3164 a\u3000\u2800\n', '\u200b \u200b'].map(visibleLength)).toEqual([1, 1, 0]);
  });

  it('counts white space between visible characters as it is shown, one per character', () => {
    expect(['a b', 'a\nb', 'a\u3000b', 'a  b'].map(visibleLength)).toEqual([3, 3, 3, 4]);
    expect(visibleLength('a\u3164b')).toBe(2);
  });

  it('counts letters, digits, signs and emoji as characters (code points), as textLength does', () => {
    expect(['검을 잃어버렸어요', '😀'.repeat(3), '#1', 'ok!'].map(visibleLength)).toEqual([9, 3, 2, 3]);
    // A family emoji is three people: its joiners draw nothing.
    expect(visibleLength('👨\u200d👩\u200d👧')).toBe(3);
  });

  it('is 0 exactly for the texts hasVisibleText finds blank', () => {
    for (const text of ['', ' \t\n\u3000', '\u3164', '\u200b\u200c\u200d', '\u2060\ufeff\u00ad', '\u2800', '\u2028\u2029']) {
      expect(visibleLength(text), JSON.stringify(text)).toBe(0);
      expect(hasVisibleText(text)).toBe(false);
    }
    for (const text of ['\u3164a', '\u2800.', '\u0085x']) expect(visibleLength(text), JSON.stringify(text)).toBeGreaterThan(0);
  });
});

describe('withoutInvisibleCharacters', () => {
  it('drops control, format and separator characters, and keeps spaces and the rest', () => {
    expect(withoutInvisibleCharacters('evil\u202egnp.exe\u0000 a\u2028b\u200b')).toBe('evilgnp.exe ab');
  });
});
