import type { Area, Language } from './areas.js';

/** Support is online 09:00 to 18:00 Beijing time (UTC+8), start inclusive, end exclusive (SPEC §9). */
export const SUPPORT_HOURS = { utcOffsetHours: 8, openHour: 9, closeHour: 18 } as const;

/** Offset from UTC used to display the hours in each region (SPEC §9). */
export const REGION_UTC_OFFSETS: Record<Area, number> = { kr: 9, jp: 9, twhk: 8, eru: 1, sea: 7, vn: 7 };

/** eru spans several time zones; the player's language picks the sub-region (SPEC §9). */
export const ERU_LANGUAGE_OFFSETS: Partial<Record<Language, number>> = {
  de: 2,
  fr: 2,
  ru: 2,
  it: 2,
  ar: 2,
  tr: 2,
  en: 1,
  'zh-CN': 1,
  es: -4,
  pt: -4,
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The offset a region displays hours in; an unknown region uses Beijing time. */
export function regionUtcOffset(area: string | null | undefined, language?: string | null): number {
  if (area === 'eru' && language && language in ERU_LANGUAGE_OFFSETS) {
    return ERU_LANGUAGE_OFFSETS[language as Language] ?? REGION_UTC_OFFSETS.eru;
  }
  if (area && area in REGION_UTC_OFFSETS) return REGION_UTC_OFFSETS[area as Area];
  return SUPPORT_HOURS.utcOffsetHours;
}

/** Minutes since midnight Beijing time. */
function beijingMinuteOfDay(now: Date): number {
  const shifted = now.getTime() + SUPPORT_HOURS.utcOffsetHours * HOUR_MS;
  return Math.floor((((shifted % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
}

export function isSupportOnline(now: Date): boolean {
  const minute = beijingMinuteOfDay(now);
  return minute >= SUPPORT_HOURS.openHour * 60 && minute < SUPPORT_HOURS.closeHour * 60;
}

/** The next moment support opens, strictly after `now` when offline, or `now` itself when online. */
export function nextSupportOpening(now: Date): Date {
  if (isSupportOnline(now)) return now;
  const minute = beijingMinuteOfDay(now);
  const openMinute = SUPPORT_HOURS.openHour * 60;
  const minutesUntilOpen = (openMinute - minute + 24 * 60) % (24 * 60);
  const startOfMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  return new Date(startOfMinute + minutesUntilOpen * 60_000);
}

export interface DisplayedHours {
  utcOffsetHours: number;
  /** 'HH:MM' in the region's time; may be later than `close` when the window crosses midnight. */
  open: string;
  close: string;
}

function formatHour(hour: number): string {
  const wrapped = ((hour % 24) + 24) % 24;
  return `${String(wrapped).padStart(2, '0')}:00`;
}

/** The support hours as a player in `area` (and, for eru, speaking `language`) reads them on the clock. */
export function displayedSupportHours(area: string | null | undefined, language?: string | null): DisplayedHours {
  const offset = regionUtcOffset(area, language);
  const shift = offset - SUPPORT_HOURS.utcOffsetHours;
  return {
    utcOffsetHours: offset,
    open: formatHour(SUPPORT_HOURS.openHour + shift),
    close: formatHour(SUPPORT_HOURS.closeHour + shift),
  };
}

/**
 * 'HH:MM' (as `displayedSupportHours` gives it) as a time of day in the page language's own style (10:00 AM, 10:00,
 * 오전 10:00, 10.00), for every place that shows the hours: the support notice and the footer's contact popup agree.
 */
export function formatClockTime(hhmm: string, language: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, hours, minutes),
  );
}
