// Activity's calendar rules (docs/decisions/035), shared by the server and the app: days and
// weeks are the account's time zone's (UTC when it has none), a week starts on Monday, and the
// streak counts the weeks in a row that met the weekly goal.

/** What a weekly goal may ask for. */
export const goalLimits = {
  minutes: { min: 10, max: 3000 },
  classes: { min: 1, max: 50 },
} as const;

export type GoalKind = keyof typeof goalLimits;

export interface WeeklyGoal {
  kind: GoalKind;
  target: number;
}

export interface WeekTotal {
  /** The week's Monday, as a local date ('2026-11-23'). */
  weekStart: string;
  minutes: number;
  classes: number;
}

/** Whether the goal is within what it may ask for (whole numbers, within the kind's limits). */
export function goalInRange(goal: WeeklyGoal): boolean {
  const limits = goalLimits[goal.kind];
  return Number.isInteger(goal.target) && goal.target >= limits.min && goal.target <= limits.max;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A known IANA zone name, or UTC. */
export function zoneOrUtc(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    formatter(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The local date of an instant in a time zone: '2026-11-22'. */
export function localDate(at: Date, timeZone: string): string {
  const parts = formatter(timeZone).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function dayNumber(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / 86_400_000;
}

function dateOfDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday that starts the week of a local date. */
export function weekStartOf(date: string): string {
  const day = dayNumber(date);
  // 1970-01-01 was a Thursday: day 0 is 3 days after a Monday.
  const sinceMonday = (((day + 3) % 7) + 7) % 7;
  return dateOfDay(day - sinceMonday);
}

/** The week `weeks` weeks after (or before, when negative) the one starting on `weekStart`. */
export function addWeeks(weekStart: string, weeks: number): string {
  return dateOfDay(dayNumber(weekStart) + weeks * 7);
}

/** Totals per week (by Monday) of completions given as local dates and minutes. */
export function weeklyTotals(completions: Iterable<{ localDate: string; minutes: number }>): Map<string, WeekTotal> {
  const weeks = new Map<string, WeekTotal>();
  for (const completion of completions) {
    const weekStart = weekStartOf(completion.localDate);
    const week = weeks.get(weekStart) ?? { weekStart, minutes: 0, classes: 0 };
    week.minutes += completion.minutes;
    week.classes += 1;
    weeks.set(weekStart, week);
  }
  return weeks;
}

/** The last `count` weeks up to the current one, oldest first, empty weeks included. */
export function lastWeeks(totals: ReadonlyMap<string, WeekTotal>, currentWeek: string, count: number): WeekTotal[] {
  return Array.from({ length: count }, (_, index) => {
    const weekStart = addWeeks(currentWeek, index - count + 1);
    return totals.get(weekStart) ?? { weekStart, minutes: 0, classes: 0 };
  });
}

export function meetsGoal(week: Pick<WeekTotal, 'minutes' | 'classes'> | undefined, goal: WeeklyGoal): boolean {
  return (week?.[goal.kind] ?? 0) >= goal.target;
}

/**
 * Weeks in a row meeting the goal, up to now: the current week counts once it meets the goal,
 * and until then it does not break the streak of the weeks before it. No goal, no streak.
 */
export function streakWeeks(totals: ReadonlyMap<string, WeekTotal>, currentWeek: string, goal: WeeklyGoal | null): number {
  if (!goal) return 0;
  let week = meetsGoal(totals.get(currentWeek), goal) ? currentWeek : addWeeks(currentWeek, -1);
  let streak = 0;
  while (meetsGoal(totals.get(week), goal)) {
    streak += 1;
    week = addWeeks(week, -1);
  }
  return streak;
}
