import { describe, expect, it } from 'vitest';
import { addDays, daysInRange, isCalendarDay, utcDay } from './calendar-days.js';
import { LEAD_RANGE_DAYS_MAX, defaultLeadRange } from './api/lead-dashboard-constants.js';
import { leadDashboardQuerySchema } from './api/lead-dashboard-schemas.js';

describe('calendar days', () => {
  it('are real days written YYYY-MM-DD', () => {
    expect(['2024-02-29', '2025-12-31', '0100-01-01'].filter(isCalendarDay)).toHaveLength(3);
    expect(['2025-02-29', '2025-13-01', '2025-1-1', '0050-01-01', '2025-01-01T00:00', ''].filter(isCalendarDay)).toEqual([]);
  });

  it('count and move across months, leap days and years in UTC', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysInRange('2025-03-30', '2025-03-30')).toBe(1);
    expect(utcDay(new Date('2025-03-30T23:59:59.999-02:00'))).toBe('2025-03-31');
  });
});

describe("the lead dashboard's range", () => {
  const problem = (from: string, to: string) => leadDashboardQuerySchema.safeParse({ from, to }).error?.issues[0]?.message ?? null;

  it('opens on the last 30 days, today included, which the schema accepts', () => {
    const range = defaultLeadRange(new Date('2025-03-10T12:00:00Z'));
    expect(range).toEqual({ from: '2025-02-09', to: '2025-03-10' });
    expect(problem(range.from, range.to)).toBeNull();
  });

  it('refuses a day that does not exist, a reversed range and one longer than a year and a day', () => {
    expect(problem('2025-02-29', '2025-03-01')).toBe('dayInvalid');
    expect(problem('2025-03-02', '2025-03-01')).toBe('rangeReversed');
    expect(problem('2024-01-01', addDays('2024-01-01', LEAD_RANGE_DAYS_MAX - 1))).toBeNull();
    expect(problem('2024-01-01', addDays('2024-01-01', LEAD_RANGE_DAYS_MAX))).toBe('rangeTooLong');
  });
});
