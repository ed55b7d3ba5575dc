import { describe, expect, it } from 'vitest';
import { inquiryCreateBodySchema } from './api/ticket-schemas.js';
import { LIMITS } from './limits.js';
import { normaliseServerId, textLength, textWords } from './text.js';

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

describe('textWords (the two-word minimum of SPEC §5)', () => {
  it('counts words by spaces where a language writes them', () => {
    expect(textWords('Missing gems')).toBe(2);
    expect(textWords('Pembayaran gagal')).toBe(2);
    expect(textWords('supercalifragilistic')).toBe(1);
    expect(textWords('12345 67890')).toBe(2);
  });

  it('finds the words of Japanese, Chinese and Thai, written without spaces', () => {
    expect(textWords('課金したのに届きません')).toBeGreaterThanOrEqual(2);
    expect(textWords('我充值了但是没有到账')).toBeGreaterThanOrEqual(2);
    expect(textWords('儲值後沒有收到鑽石')).toBeGreaterThanOrEqual(2);
    expect(textWords('ฉันเติมเงินแล้วแต่ไม่ได้รับ')).toBeGreaterThanOrEqual(2);
  });

  it('does not count punctuation or emoji as words', () => {
    expect(textWords('!!! ??? 🙂🙂🙂 ...')).toBe(0);
    expect(textWords('Refund!!!!!!!!')).toBe(1);
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
    expect(normaliseServerId('S12')).toBe('s12');
    expect(normaliseServerId('12')).toBe('s12');
    expect(normaliseServerId('s7')).toBe('s7');
    expect(normaliseServerId('  ')).toBe('');
  });
});
