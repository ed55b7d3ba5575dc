const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

type DurationUnit = 'day' | 'hour' | 'minute';

/**
 * A span of time in the page language, as a helpdesk states it: its two largest units ("2 days, 3 hr",
 * "1 hr, 5 min", "12 min"), with anything under a minute as "< 1 min" in that language's words.
 */
export function formatDuration(ms: number, language: string): string {
  const unit = (value: number, name: DurationUnit) =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const total = Math.max(0, ms);
  if (total < MINUTE_MS) return `< ${unit(1, 'minute')}`;
  const days = Math.floor(total / DAY_MS);
  const hours = Math.floor((total % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((total % HOUR_MS) / MINUTE_MS);
  const parts: [number, DurationUnit][] =
    days > 0
      ? [
          [days, 'day'],
          [hours, 'hour'],
        ]
      : hours > 0
        ? [
            [hours, 'hour'],
            [minutes, 'minute'],
          ]
        : [[minutes, 'minute']];
  const shown = parts.filter(([value], index) => index === 0 || value > 0).map(([value, name]) => unit(value, name));
  return new Intl.ListFormat(language, { type: 'unit', style: 'short' }).format(shown);
}

/** The time from `from` to `to` (ISO 8601 moments from the API), formatted; null when `to` has not happened. */
export function formatElapsed(from: string, to: string | null, language: string): string | null {
  return to === null ? null : formatDuration(new Date(to).getTime() - new Date(from).getTime(), language);
}
