// Following a programme: the profile's enrollment, its planned sessions and their completion.
// One current (active or paused) enrollment per profile, kept by a partial unique index.
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/client';
import { programmeEnrollments, programmeSessions } from '@server/db/schema';
import { profileTimeZone } from '@server/modules/profiles';
import { localDate, planDates, type LocalDate, type Weekday } from './dates';

export type EnrollmentRow = typeof programmeEnrollments.$inferSelect;
export type SessionRow = typeof programmeSessions.$inferSelect;
export type EnrollmentStatus = 'active' | 'paused' | 'finished' | 'left';

const current = inArray(programmeEnrollments.status, ['active', 'paused']);

/** The household's time zone (null until asked). */
export const accountTimeZone = profileTimeZone;

export async function currentEnrollment(db: Queryable, profileId: string): Promise<EnrollmentRow | undefined> {
  const [row] = await db.select().from(programmeEnrollments).where(and(eq(programmeEnrollments.profileId, profileId), current));
  return row;
}

/** The enrollment a programme's page shows: the current one, else the last finished one. */
export async function shownEnrollment(db: Queryable, profileId: string, programmeId: string): Promise<EnrollmentRow | undefined> {
  const [row] = await db
    .select()
    .from(programmeEnrollments)
    .where(and(eq(programmeEnrollments.profileId, profileId), eq(programmeEnrollments.programmeId, programmeId), ne(programmeEnrollments.status, 'left')))
    .orderBy(sql`${programmeEnrollments.status} in ('active', 'paused') desc`, desc(programmeEnrollments.startedAt))
    .limit(1);
  return row;
}

export async function sessionsOf(db: Queryable, enrollmentId: string): Promise<SessionRow[]> {
  return db.select().from(programmeSessions).where(eq(programmeSessions.enrollmentId, enrollmentId)).orderBy(asc(programmeSessions.position));
}

export async function enroll(
  db: Queryable,
  input: { profileId: string; programmeId: string; weekdays: Weekday[]; classIds: string[]; timeZone: string | null },
  now: Date,
): Promise<EnrollmentRow> {
  const dates = planDates(localDate(now, input.timeZone), input.weekdays, input.classIds.length, input.timeZone);
  const [enrollment] = await db
    .insert(programmeEnrollments)
    .values({ profileId: input.profileId, programmeId: input.programmeId, status: 'active', weekdays: input.weekdays, startedAt: now })
    .returning();
  await db.insert(programmeSessions).values(input.classIds.map((classId, position) => ({ enrollmentId: enrollment!.id, position, classId, plannedOn: dates[position]! })));
  return enrollment!;
}

/** Plans the sessions not done and planned on or after `from` again, in order, on the weekdays from `from`. */
export async function replanFrom(db: Queryable, enrollment: Pick<EnrollmentRow, 'id'>, weekdays: Weekday[], onOrAfter: LocalDate, from: LocalDate, timeZone: string | null): Promise<void> {
  const remaining = await db
    .select({ position: programmeSessions.position })
    .from(programmeSessions)
    .where(and(eq(programmeSessions.enrollmentId, enrollment.id), isNull(programmeSessions.completedAt), gte(programmeSessions.plannedOn, onOrAfter)))
    .orderBy(asc(programmeSessions.position));
  const dates = planDates(from, weekdays, remaining.length, timeZone);
  for (const [index, { position }] of remaining.entries()) {
    await db
      .update(programmeSessions)
      .set({ plannedOn: dates[index]! })
      .where(and(eq(programmeSessions.enrollmentId, enrollment.id), eq(programmeSessions.position, position)));
  }
}

export async function updateEnrollment(db: Queryable, id: string, fields: Partial<Pick<EnrollmentRow, 'status' | 'weekdays' | 'pausedOn' | 'endedAt'>>): Promise<void> {
  await db.update(programmeEnrollments).set(fields).where(eq(programmeEnrollments.id, id));
}

/**
 * A class reached completion: it counts for the account's active programme if the programme has
 * it and it was not done there yet (a class done twice counts once). The last one finishes it.
 */
export async function recordCompletion(db: Queryable, profileId: string, classId: string, now: Date): Promise<'none' | 'counted' | 'finished'> {
  const enrollment = await currentEnrollment(db, profileId);
  if (!enrollment || enrollment.status !== 'active') return 'none';
  const counted = await db
    .update(programmeSessions)
    .set({ completedAt: now })
    .where(and(eq(programmeSessions.enrollmentId, enrollment.id), eq(programmeSessions.classId, classId), isNull(programmeSessions.completedAt)))
    .returning({ position: programmeSessions.position });
  if (counted.length === 0) return 'none';
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(programmeSessions)
    .where(and(eq(programmeSessions.enrollmentId, enrollment.id), isNull(programmeSessions.completedAt)));
  if ((left?.n ?? 0) > 0) return 'counted';
  await updateEnrollment(db, enrollment.id, { status: 'finished', endedAt: now });
  return 'finished';
}

export async function finishedEnrollments(db: Queryable, profileId: string): Promise<EnrollmentRow[]> {
  return db
    .select()
    .from(programmeEnrollments)
    .where(and(eq(programmeEnrollments.profileId, profileId), eq(programmeEnrollments.status, 'finished')))
    .orderBy(desc(programmeEnrollments.endedAt));
}

/**
 * Planned sessions between two local dates (inclusive): those of the current and finished
 * programmes; a paused one's only before it was paused (the rest has no date until it resumes).
 */
export async function plannedBetween(db: Queryable, profileId: string, from: LocalDate, to: LocalDate) {
  return db
    .select({ programmeId: programmeEnrollments.programmeId, session: programmeSessions })
    .from(programmeSessions)
    .innerJoin(programmeEnrollments, eq(programmeEnrollments.id, programmeSessions.enrollmentId))
    .where(
      and(
        eq(programmeEnrollments.profileId, profileId),
        gte(programmeSessions.plannedOn, from),
        lte(programmeSessions.plannedOn, to),
        or(
          inArray(programmeEnrollments.status, ['active', 'finished']),
          and(eq(programmeEnrollments.status, 'paused'), lt(programmeSessions.plannedOn, sql`${programmeEnrollments.pausedOn}`)),
        ),
      ),
    )
    .orderBy(asc(programmeSessions.plannedOn), asc(programmeSessions.position));
}
