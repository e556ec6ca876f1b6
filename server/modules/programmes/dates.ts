// The calendar of a followed programme, in the account's own days (users.time_zone, UTC when
// unset): which local date it is now, and the sessions' dates on the chosen weekdays. Dates are
// calendar days ('2026-03-30'); the arithmetic steps whole local days, so a daylight-saving
// change (a 23- or 25-hour day) never moves a session to another day. Decision 033.
import { addDays, format, getISODay } from 'date-fns';
import { TZDate } from '@date-fns/tz';

export type LocalDate = string;

/** Monday … Sunday as ISO weekdays. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export function zoneOf(timeZone: string | null | undefined): string {
  return timeZone ?? 'UTC';
}

/** The account's local date at `now`. */
export function localDate(now: Date, timeZone: string | null | undefined): LocalDate {
  return format(new TZDate(now.getTime(), zoneOf(timeZone)), 'yyyy-MM-dd');
}

/** Midday of a local date in the zone: a safe point to step days from. */
function atMidday(day: LocalDate, timeZone: string): TZDate {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, date, 12, timeZone);
}

/**
 * `count` dates from `from` (included) that fall on `weekdays`, in order. With Mon/Wed/Fri from a
 * Wednesday: Wed, Fri, Mon, Wed…
 */
export function planDates(from: LocalDate, weekdays: readonly Weekday[], count: number, timeZone: string | null | undefined): LocalDate[] {
  const zone = zoneOf(timeZone);
  const days = new Set<number>(weekdays);
  const dates: LocalDate[] = [];
  for (let day = atMidday(from, zone); dates.length < count; day = addDays(day, 1)) {
    if (days.has(getISODay(day))) dates.push(format(day, 'yyyy-MM-dd'));
  }
  return dates;
}

/** The weekdays a programme proposes for its busiest week's number of classes. */
export function proposedWeekdays(classesPerWeek: number): Weekday[] {
  const proposals: Record<number, Weekday[]> = {
    1: [3],
    2: [2, 4],
    3: [1, 3, 5],
    4: [1, 2, 4, 6],
    5: [1, 2, 3, 4, 5],
    6: [1, 2, 3, 4, 5, 6],
  };
  return proposals[Math.min(Math.max(classesPerWeek, 1), 7)] ?? [1, 2, 3, 4, 5, 6, 7];
}

/** Ascending, without repeats. */
export function normalizeWeekdays(weekdays: readonly number[]): Weekday[] {
  return [...new Set(weekdays)].sort((a, b) => a - b) as Weekday[];
}
