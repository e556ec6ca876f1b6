// Everything planned for an account in a range of local days, the one place the week view, the
// morning reminders and the calendar feed read it from: the single classes planned on /schedule
// (kind 'class') and the followed programme's sessions on their days (kind 'programme', with
// programmeId and programmeTitle; server/modules/programmes).
import { and, asc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '@server/db/client';
import { classes, classProgress, scheduleItems, type LocalizedText } from '@server/db/schema';
import { localParts } from './days';

export interface PlannedItem {
  /** The planned item's id (a single class's uuid; a programme session's own id). */
  id: string;
  kind: 'class' | 'programme';
  /** The local day, "YYYY-MM-DD". */
  date: string;
  /** "HH:MM" local, or null for "some time that day". */
  time: string | null;
  classId: string;
  classTitle: LocalizedText;
  durationSeconds: number;
  /** The class was completed (the 90 % rule) on that local day. */
  done: boolean;
  programmeId?: string;
  programmeTitle?: LocalizedText;
}

export interface PlannedItemsSources {
  db: Queryable;
  programmes: Pick<FastifyInstance['programmes'], 'sessionsBetween'>;
}

/** What `profileId` planned from `from` to `to` (local days, both included) in `timeZone`, by day, time and title. */
export async function plannedItems(
  sources: PlannedItemsSources,
  profileId: string,
  timeZone: string,
  from: string,
  to: string,
): Promise<PlannedItem[]> {
  const { db, programmes } = sources;
  const rows = await db
    .select({
      id: scheduleItems.id,
      date: scheduleItems.localDate,
      time: scheduleItems.localTime,
      classId: scheduleItems.classId,
      classTitle: classes.title,
      durationSeconds: classes.durationSeconds,
    })
    .from(scheduleItems)
    .innerJoin(classes, eq(classes.id, scheduleItems.classId))
    .where(and(eq(scheduleItems.profileId, profileId), gte(scheduleItems.localDate, from), lte(scheduleItems.localDate, to)))
    .orderBy(asc(scheduleItems.localDate), asc(scheduleItems.createdAt));
  const singles: PlannedItem[] = rows.map((row) => ({ ...row, kind: 'class' as const, done: false }));
  const sessions: PlannedItem[] = (await programmes.sessionsBetween(profileId, from, to)).map((session) => ({
    id: `programme-${session.programmeId}-${session.date}-${session.classId}`,
    kind: 'programme',
    date: session.date,
    time: null,
    classId: session.classId,
    classTitle: session.classTitle,
    durationSeconds: session.durationSeconds,
    done: session.done,
    programmeId: session.programmeId,
    programmeTitle: session.programmeTitle,
  }));
  return markDone(db, profileId, timeZone, [...singles, ...sessions]).then(sortItems);
}

/** Each item's `done`: its class completed on the item's local day. */
async function markDone(db: Queryable, profileId: string, timeZone: string, items: PlannedItem[]): Promise<PlannedItem[]> {
  const classIds = [...new Set(items.filter((item) => !item.done).map((item) => item.classId))];
  if (classIds.length === 0) return items;
  // Every completed class of the account (one progress row per class: at most the catalog) rather
  // than an IN list of each planned class: 200 planned items made a 200-parameter query to build.
  const wanted = new Set(classIds);
  const completed = (
    await db
      .select({ classId: classProgress.classId, completedAt: classProgress.completedAt })
      .from(classProgress)
      .where(and(eq(classProgress.profileId, profileId), isNotNull(classProgress.completedAt)))
  ).filter((row) => wanted.has(row.classId));
  const completedOn = new Map(completed.map((row) => [row.classId, localParts(row.completedAt!, timeZone).date]));
  return items.map((item) => (item.done || completedOn.get(item.classId) !== item.date ? item : { ...item, done: true }));
}

function sortItems(items: PlannedItem[]): PlannedItem[] {
  // By day; on a day, timed items by time first, then the untimed ones (stable: in planning order).
  return [...items].sort((a, b) => a.date.localeCompare(b.date) || (a.time ?? '99:99').localeCompare(b.time ?? '99:99'));
}

/** A day is done when it has planned items and every one of them is done. */
export function isDayDone(items: readonly PlannedItem[], date: string): boolean {
  const ofDay = items.filter((item) => item.date === date);
  return ofDay.length > 0 && ofDay.every((item) => item.done);
}
