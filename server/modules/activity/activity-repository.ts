// Reads and writes of Activity: the account's completions (totals, weeks, paged history, each
// with its effort) and its weekly goal. Weeks and days are counted in the account's time zone (decision 035).
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { components } from '@domain/api-schema';
import type { Queryable } from '@server/db/client';
import { activityGoals, classCompletions, classes, disciplines } from '@server/db/schema';
import { lastWeeks, localDate, streakWeeks, weekStartOf, weeklyTotals, type GoalKind, type WeeklyGoal } from '@domain/activity';
import { accountTimeZone } from './completions';
import { classEffort, effortColumns, hasEffort, weekScore } from './effort';

type Schemas = components['schemas'];

/** The chart's weeks: the current one and the 11 before it. */
export const CHART_WEEKS = 12;

export interface HistoryPosition {
  completedAt: Date;
  id: string;
}

export async function findGoal(db: Queryable, profileId: string): Promise<WeeklyGoal | null> {
  const [row] = await db.select({ kind: activityGoals.kind, target: activityGoals.target }).from(activityGoals).where(eq(activityGoals.profileId, profileId));
  return row ? { kind: row.kind as GoalKind, target: row.target } : null;
}

export async function saveGoal(db: Queryable, profileId: string, goal: WeeklyGoal, now: Date): Promise<void> {
  await db
    .insert(activityGoals)
    .values({ profileId, kind: goal.kind, target: goal.target, updatedAt: now })
    .onConflictDoUpdate({ target: activityGoals.profileId, set: { kind: goal.kind, target: goal.target, updatedAt: now } });
}

export async function clearGoal(db: Queryable, profileId: string): Promise<void> {
  await db.delete(activityGoals).where(eq(activityGoals.profileId, profileId));
}

/** One page of completed classes, newest first, after `after` (the previous page's last). */
export async function historyPage(
  db: Queryable,
  profileId: string,
  timeZone: string,
  page: { after: HistoryPosition | null; limit: number },
): Promise<{ items: Schemas['CompletedClass'][]; next: HistoryPosition | null }> {
  const after = page.after
    ? or(lt(classCompletions.completedAt, page.after.completedAt), and(eq(classCompletions.completedAt, page.after.completedAt), lt(classCompletions.id, page.after.id)))
    : undefined;
  const rows = await db
    .select({
      id: classCompletions.id,
      classId: classCompletions.classId,
      completedAt: classCompletions.completedAt,
      ...effortColumns,
      title: classes.title,
      discipline: { id: disciplines.id, name: disciplines.name },
    })
    .from(classCompletions)
    .innerJoin(classes, eq(classes.id, classCompletions.classId))
    .innerJoin(disciplines, eq(disciplines.id, classes.disciplineId))
    .where(and(eq(classCompletions.profileId, profileId), after))
    .orderBy(desc(classCompletions.completedAt), desc(classCompletions.id))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    items: shown.map((row) => ({
      id: row.id,
      classId: row.classId,
      title: row.title,
      discipline: row.discipline,
      minutes: row.minutes,
      completedAt: row.completedAt.toISOString(),
      date: localDate(row.completedAt, timeZone),
      effort: classEffort(row),
    })),
    next: rows.length > page.limit && last ? { completedAt: last.completedAt, id: last.id } : null,
  };
}

/** A week's totals as Activity shows them: minutes, classes and effort (its classes' scores together). */
type Week = Schemas['WeekTotal'];

/**
 * Minutes, classes and effort per week (by its Monday) in `timeZone`, the minutes and classes
 * summed by the database: an account with 2,000 completions gets about a hundred rows, not 2,000
 * to convert one by one. Efforts are scored here by the shared rules (domain/heart-rate.ts) from
 * the completions that have one. Should the database not know a zone the runtime knows (their
 * zone data differ in age), the rows are summed here instead, as before.
 */
async function weeksOf(db: Queryable, profileId: string, timeZone: string): Promise<Map<string, Week>> {
  const weekStart = sql<string>`to_char(date_trunc('week', ${classCompletions.completedAt} AT TIME ZONE ${timeZone}), 'YYYY-MM-DD')`;
  try {
    const [rows, efforts] = await Promise.all([
      db
        .select({ weekStart, minutes: sql<number>`sum(${classCompletions.minutes})::int`, classes: sql<number>`count(*)::int` })
        .from(classCompletions)
        .where(eq(classCompletions.profileId, profileId))
        .groupBy(sql`1`),
      db
        .select({ weekStart, ...effortColumns })
        .from(classCompletions)
        .where(and(eq(classCompletions.profileId, profileId), hasEffort)),
    ]);
    const weeks = new Map(rows.map((row) => [row.weekStart, { weekStart: row.weekStart, minutes: Number(row.minutes), classes: Number(row.classes), effort: 0 }]));
    for (const row of efforts) {
      const week = weeks.get(row.weekStart);
      if (week) week.effort += weekScore(row);
    }
    return weeks;
  } catch {
    const rows = await db.select({ completedAt: classCompletions.completedAt, ...effortColumns }).from(classCompletions).where(eq(classCompletions.profileId, profileId));
    const totals = weeklyTotals(rows.map((row) => ({ localDate: localDate(row.completedAt, timeZone), minutes: row.minutes })));
    const weeks = new Map([...totals].map(([start, week]) => [start, { ...week, effort: 0 }]));
    for (const row of rows) {
      const week = weeks.get(weekStartOf(localDate(row.completedAt, timeZone)));
      if (week) week.effort += weekScore(row);
    }
    return weeks;
  }
}

/** Totals this week and all time, the chart's weeks, the goal and the streak, now, in the account's time zone. */
export async function activitySummary(db: Queryable, profileId: string, now: Date) {
  const [timeZone, goal] = await Promise.all([accountTimeZone(db, profileId), findGoal(db, profileId)]);
  const totals = await weeksOf(db, profileId, timeZone);
  const today = localDate(now, timeZone);
  const currentWeek = weekStartOf(today);
  const thisWeek = totals.get(currentWeek) ?? { weekStart: currentWeek, minutes: 0, classes: 0, effort: 0 };
  const weeks = [...totals.values()];
  return {
    timeZone,
    today,
    goal,
    thisWeek,
    allTime: { minutes: weeks.reduce((sum, week) => sum + week.minutes, 0), classes: weeks.reduce((sum, week) => sum + week.classes, 0) },
    // The rules' empty weeks have no effort: none, 0.
    weeks: lastWeeks(totals, currentWeek, CHART_WEEKS).map((week) => ({ ...week, effort: totals.get(week.weekStart)?.effort ?? 0 })),
    streakWeeks: streakWeeks(totals, currentWeek, goal),
    goalMetThisWeek: goal !== null && thisWeek[goal.kind] >= goal.target,
  };
}
