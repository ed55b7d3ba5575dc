/**
 * A birthday (YYYY-MM-DD, a calendar day with no time zone) written the way the page language writes dates:
 * "April 12, 1996", "12. April 1996", "1996年4月12日". Formatted in UTC so no time zone moves it to another day.
 */
export function formatBirthday(day: string, language: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (year === undefined || month === undefined || date === undefined) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, date));
}
