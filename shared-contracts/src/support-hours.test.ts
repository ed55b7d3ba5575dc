import { describe, expect, it } from 'vitest';
import { AREAS } from './areas.js';
import {
  ERU_LANGUAGE_OFFSETS,
  REGION_UTC_OFFSETS,
  displayedSupportHours,
  formatClockTime,
  isSupportOnline,
  nextSupportOpening,
  regionUtcOffset,
} from './support-hours.js';

/** A UTC instant given as a wall-clock time in a zone `offset` hours from UTC. */
function at(offset: number, hour: number, minute = 0, second = 0): Date {
  const utcMs = Date.UTC(2026, 10, 23, hour, minute, second) - offset * 3_600_000;
  return new Date(utcMs);
}

describe('support online check (09:00-18:00 Beijing, start inclusive, end exclusive)', () => {
  it('opens exactly at 09:00 Beijing and not a second before', () => {
    expect(isSupportOnline(at(8, 9, 0, 0))).toBe(true);
    expect(isSupportOnline(at(8, 8, 59, 59))).toBe(false);
  });

  it('closes exactly at 18:00 Beijing and is open a second before', () => {
    expect(isSupportOnline(at(8, 17, 59, 59))).toBe(true);
    expect(isSupportOnline(at(8, 18, 0, 0))).toBe(false);
  });

  it('is the same instant for everyone: midnight Beijing is offline', () => {
    expect(isSupportOnline(at(8, 0))).toBe(false);
  });
});

describe('displayed hours per region', () => {
  const expected: Record<string, { open: string; close: string }> = {
    kr: { open: '10:00', close: '19:00' },
    jp: { open: '10:00', close: '19:00' },
    twhk: { open: '09:00', close: '18:00' },
    eru: { open: '02:00', close: '11:00' },
    sea: { open: '08:00', close: '17:00' },
    vn: { open: '08:00', close: '17:00' },
  };

  for (const area of AREAS) {
    it(`${area} shows ${expected[area]?.open}-${expected[area]?.close} and its boundaries match the online check`, () => {
      const hours = displayedSupportHours(area);
      expect({ open: hours.open, close: hours.close }).toEqual(expected[area]);
      const offset = REGION_UTC_OFFSETS[area];
      const [openHour] = hours.open.split(':').map(Number);
      const [closeHour] = hours.close.split(':').map(Number);
      expect(isSupportOnline(at(offset, openHour ?? -1))).toBe(true);
      expect(isSupportOnline(at(offset, (openHour ?? 0) - 1, 59, 59))).toBe(false);
      expect(isSupportOnline(at(offset, (closeHour ?? 0) - 1, 59, 59))).toBe(true);
      expect(isSupportOnline(at(offset, closeHour ?? -1))).toBe(false);
    });
  }

  it('eru sub-regions follow the language: de 03:00-12:00, en 02:00-11:00, es 21:00-06:00 across midnight', () => {
    expect(displayedSupportHours('eru', 'de')).toMatchObject({ open: '03:00', close: '12:00', utcOffsetHours: 2 });
    expect(displayedSupportHours('eru', 'en')).toMatchObject({ open: '02:00', close: '11:00', utcOffsetHours: 1 });
    expect(displayedSupportHours('eru', 'es')).toMatchObject({ open: '21:00', close: '06:00', utcOffsetHours: -4 });
    for (const [language, offset] of Object.entries(ERU_LANGUAGE_OFFSETS)) {
      expect(regionUtcOffset('eru', language)).toBe(offset);
    }
  });

  it('a language outside the eru list uses the eru offset; other areas ignore the language', () => {
    expect(regionUtcOffset('eru', 'ko')).toBe(1);
    expect(regionUtcOffset('kr', 'de')).toBe(9);
  });

  it('an unknown region uses Beijing time', () => {
    expect(displayedSupportHours('mars')).toEqual({ utcOffsetHours: 8, open: '09:00', close: '18:00' });
    expect(displayedSupportHours(null)).toEqual({ utcOffsetHours: 8, open: '09:00', close: '18:00' });
  });
});

describe('the hours on the clock of the page language (the contact popup of the footer and the support notice alike)', () => {
  it('a Japanese footer reads 10:00 and 19:00 in ja, 10:00 AM and 7:00 PM in en', () => {
    const hours = displayedSupportHours('jp', 'ja');
    expect([formatClockTime(hours.open, 'ja'), formatClockTime(hours.close, 'ja')]).toEqual(['10:00', '19:00']);
    expect(formatClockTime(hours.open, 'en')).toMatch(/^10:00\sAM$/);
    expect(formatClockTime(hours.close, 'en')).toMatch(/^7:00\sPM$/);
  });

  it('keeps the separator of each language and the hours across midnight (eru es 21:00 to 6:00, id 10.00)', () => {
    const hours = displayedSupportHours('eru', 'es');
    expect([formatClockTime(hours.open, 'es'), formatClockTime(hours.close, 'es')]).toEqual(['21:00', '6:00']);
    expect(formatClockTime(displayedSupportHours('jp').open, 'id')).toBe('10.00');
  });
});

describe('next opening', () => {
  it('is now while online', () => {
    const now = at(8, 12);
    expect(nextSupportOpening(now)).toEqual(now);
  });

  it('is 09:00 Beijing the next day after closing, and the same day before opening', () => {
    expect(nextSupportOpening(at(8, 18)).toISOString()).toBe(new Date(Date.UTC(2026, 10, 24, 1)).toISOString());
    expect(nextSupportOpening(at(8, 7, 30)).toISOString()).toBe(new Date(Date.UTC(2026, 10, 23, 1)).toISOString());
  });
});
