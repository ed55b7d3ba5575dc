import { describe, expect, it } from 'vitest';
import { formatBirthday } from './format-birthday.js';

describe('formatBirthday', () => {
  it('writes the day the way the language writes dates', () => {
    expect(formatBirthday('1996-04-12', 'en')).toBe('April 12, 1996');
    expect(formatBirthday('1996-04-12', 'de')).toBe('12. April 1996');
    expect(formatBirthday('1996-04-12', 'ja')).toBe('1996年4月12日');
    expect(formatBirthday('2000-01-01', 'ko')).toBe('2000년 1월 1일');
  });
});
