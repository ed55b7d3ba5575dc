/** Calendar days written YYYY-MM-DD (a date field's value), read as UTC days. No zod: the first load may use them. */

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether `value` is a real calendar day written YYYY-MM-DD: 30 February and the years 0000 to 0099 are not
 * (Date.UTC rolls the first over into March and reads the second as 19xx, so both come back as another day).
 */
export function isCalendarDay(value: string): boolean {
  const parts = CALENDAR_DAY.exec(value);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The day `date` falls on in UTC, as YYYY-MM-DD. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The day `days` after (or before, when negative) the YYYY-MM-DD day `day`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return utcDay(date);
}

/** How many days the range from `from` to `to` covers, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
