import { describe, expect, it } from 'vitest';
import { formatDuration, formatElapsed } from './format-duration.js';

const MINUTE = 60_000;

describe('formatDuration', () => {
  it('states a span by its two largest units, leaving out a zero second one', () => {
    expect(formatDuration(12 * MINUTE + 40_000, 'en')).toBe('12 min');
    expect(formatDuration(65 * MINUTE, 'en')).toBe('1 hr, 5 min');
    expect(formatDuration(120 * MINUTE, 'en')).toBe('2 hr');
    expect(formatDuration((2 * 24 * 60 + 3 * 60 + 59) * MINUTE, 'en')).toBe('2 days, 3 hr');
  });

  it('says "under a minute" rather than 0 min, and never a negative span', () => {
    expect(formatDuration(20_000, 'en')).toBe('< 1 min');
    expect(formatDuration(-5 * MINUTE, 'en')).toBe('< 1 min');
  });

  it("uses the page language's units and list", () => {
    expect(formatDuration(65 * MINUTE, 'de')).toBe('1 Std., 5 Min.');
    expect(formatDuration(65 * MINUTE, 'ja')).toMatch(/^1\s?時間\s?5\s?分$/);
  });
});

describe('formatElapsed', () => {
  it('is the span between two API moments, or null before the second one', () => {
    expect(formatElapsed('2026-01-01T10:00:00.000Z', '2026-01-01T10:42:00.000Z', 'en')).toBe('42 min');
    expect(formatElapsed('2026-01-01T10:00:00.000Z', null, 'en')).toBeNull();
  });
});
