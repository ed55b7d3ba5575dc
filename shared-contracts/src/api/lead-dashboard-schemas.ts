import { z } from 'zod';
import { daysInRange, isCalendarDay } from '../calendar-days.js';
import { LEAD_RANGE_DAYS_MAX, LEAD_REPORTS } from './lead-dashboard-constants.js';
import { commonQueryShape } from './schemas.js';
import { ratingReasonSchema } from './ticket-schemas.js';

/**
 * The support lead's dashboard (issue 15): the range a lead asks for and the figures the API answers. Messages are
 * keys the browser translates (`support:errors.<key>`); the API runs the same schemas, so the dates the form
 * accepts are the dates the server accepts.
 */

export const calendarDaySchema = z
  .string('dayInvalid')
  .trim()
  .refine((value) => isCalendarDay(value), 'dayInvalid');

const rangeShape = { ...commonQueryShape, from: calendarDaySchema, to: calendarDaySchema };

/**
 * A range of UTC days, both ends included: `from` not after `to`, at most LEAD_RANGE_DAYS_MAX days. Judged only
 * between two real days: a day that is not one has its own message already.
 */
function checkRange(range: { from: string; to: string }, context: z.RefinementCtx): void {
  if (!isCalendarDay(range.from) || !isCalendarDay(range.to)) return;
  if (range.from > range.to) context.addIssue({ code: 'custom', path: ['to'], message: 'rangeReversed' });
  else if (daysInRange(range.from, range.to) > LEAD_RANGE_DAYS_MAX)
    context.addIssue({ code: 'custom', path: ['to'], message: 'rangeTooLong' });
}

export const leadDashboardQuerySchema = z.strictObject(rangeShape).superRefine(checkRange);
export type LeadDashboardQuery = z.input<typeof leadDashboardQuerySchema>;

export const leadReportSchema = z.enum(LEAD_REPORTS);
export const leadExportQuerySchema = z.strictObject({ ...rangeShape, report: leadReportSchema }).superRefine(checkRange);

/** Seconds, whole; null when no ticket was measured. */
const secondsSchema = z.number().int().nonnegative().nullable();
/** A share between 0 and 1; null when there was nothing to share out. */
const shareSchema = z.number().min(0).max(1).nullable();

export const leadDaySchema = z.object({
  day: z.string(),
  /** Tickets opened that day. */
  opened: z.number().int(),
  /** Tickets that ended that day (by the player, an agent or the 24-hour auto-end). */
  ended: z.number().int(),
  /** Of the tickets first answered that day: opening to the first agent reply. */
  firstResponseP50: secondsSchema,
  firstResponseP90: secondsSchema,
  /** Of the tickets that ended that day: opening to the end. */
  resolutionP50: secondsSchema,
  resolutionP90: secondsSchema,
});
export type LeadDay = z.infer<typeof leadDaySchema>;

export const leadDurationSchema = z.object({ tickets: z.number().int(), p50: secondsSchema, p90: secondsSchema });

const csatShape = {
  ratings: z.number().int(),
  /** Ratings of CSAT_SATISFIED_SCORE_MIN stars or more. */
  satisfied: z.number().int(),
  csat: shareSchema,
};

export const leadDashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, the quiet ones too, oldest first. */
  days: z.array(leadDaySchema),
  durations: z.object({ firstResponse: leadDurationSchema, resolution: leadDurationSchema }),
  /** The ratings given in the range. */
  ratings: z.object({ ...csatShape, lowScores: z.number().int() }),
  csatByGame: z.array(z.object({ gameId: z.number().int(), gameName: z.string(), ...csatShape })),
  /** By the agent who answered the ticket last before it was rated. */
  csatByAgent: z.array(z.object({ agentId: z.number().int(), account: z.string(), ...csatShape })),
  /** How many low scores named each reason, and their share of all low scores (a score may name several). */
  lowScoreReasons: z.array(z.object({ reason: ratingReasonSchema, count: z.number().int(), share: shareSchema })),
});
export type LeadDashboard = z.infer<typeof leadDashboardSchema>;

/** What the desk needs to know of the agent it shows: whether the lead's dashboard is theirs to open. */
export const agentPermissionsSchema = z.object({ lead: z.boolean() });
