/**
 * The support lead's dashboard (issue 15): values the screens and the API share without zod (the schemas in
 * `lead-dashboard-schemas.ts` build on them). Days are UTC calendar days, written YYYY-MM-DD.
 */
import { addDays, utcDay } from '../calendar-days.js';
import { SUPPORT_AGENT_SEGMENT } from '../routes.js';

/** The lead's dashboard, a page of the agents' desk: its path below the support remote. */
export const LEAD_DASHBOARD_ROUTE = `${SUPPORT_AGENT_SEGMENT}/dashboard`;

/** The longest range one request may cover: a year and a day, so a leap year's whole year fits. */
export const LEAD_RANGE_DAYS_MAX = 366;

/** The range the dashboard opens with: the last 30 days, today included. */
export const LEAD_RANGE_DAYS_DEFAULT = 30;

/** A rating of at least this many stars counts as satisfied in CSAT (the share of 4 and 5 star ratings). */
export const CSAT_SATISFIED_SCORE_MIN = 4;

/** The figures the dashboard shows, each exportable as a CSV file. */
export const LEAD_REPORTS = ['summary', 'days', 'csatByGame', 'csatByAgent', 'lowScoreReasons'] as const;
export type LeadReport = (typeof LEAD_REPORTS)[number];

/** The two durations measured per ticket, in seconds: opening to the first agent reply, and opening to the end. */
export const LEAD_DURATIONS = ['firstResponse', 'resolution'] as const;
export type LeadDuration = (typeof LEAD_DURATIONS)[number];

/** The range the dashboard opens with on the day `now`. */
export function defaultLeadRange(now: Date): { from: string; to: string } {
  const to = utcDay(now);
  return { from: addDays(to, 1 - LEAD_RANGE_DAYS_DEFAULT), to };
}

/** The name a report's CSV file is saved under: what it holds and the days it covers. */
export function leadReportFileName(report: LeadReport, from: string, to: string): string {
  return `support-${report}-${from}-to-${to}.csv`;
}
