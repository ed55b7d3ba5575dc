/** A moment from the API (ISO 8601) as a date and time in the page language and the player's own time zone. */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A file size in the page language: kilobytes under a megabyte, else megabytes. */
export function formatFileSize(bytes: number, language: string): string {
  const megabytes = bytes / (1024 * 1024);
  const [value, unit] = megabytes < 1 ? [Math.max(1, Math.round(bytes / 1024)), 'kilobyte'] : [megabytes, 'megabyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}
