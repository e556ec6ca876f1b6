// The completion log (docs/decisions/035): the playback's progress calls `recordCompletion` when
// a save crosses 90 %; one entry per class and local day, so the same playback crossing twice is
// one entry and the class completed again on a later day is a new one. Programmes read it too.
import { eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/client';
import { classCompletions, classes } from '@server/db/schema';
import { profileTimeZone } from '@server/modules/profiles';
import { localDate, zoneOrUtc } from '@domain/activity';

/** The household's time zone, UTC when it has none (or an unknown one). */
export async function accountTimeZone(db: Queryable, profileId: string): Promise<string> {
  return zoneOrUtc(await profileTimeZone(db, profileId));
}

/** Logs that the profile completed the class at `at` (nothing when it already did that day). */
export async function recordCompletion(db: Queryable, input: { profileId: string; classId: string; at: Date }): Promise<void> {
  const [found] = await db.select({ durationSeconds: classes.durationSeconds }).from(classes).where(eq(classes.id, input.classId));
  if (!found) return;
  const timeZone = await accountTimeZone(db, input.profileId);
  await db
    .insert(classCompletions)
    .values({
      profileId: input.profileId,
      classId: input.classId,
      completedAt: input.at,
      localDate: localDate(input.at, timeZone),
      minutes: Math.max(1, Math.round(found.durationSeconds / 60)),
    })
    .onConflictDoNothing();
}
