// Where an account is in a class. Reaching 90 % of the media's length marks the class completed,
// and a completed class stays completed when it is watched again.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { classProgress } from '@server/db/schema';
import { recordCompletion } from '@server/modules/activity/completions';

export const COMPLETED_FRACTION = 0.9;

export type ProgressRow = typeof classProgress.$inferSelect;

/** Whether a saved position completes the class (again, for a class completed before). */
export function reachesCompletion(positionSeconds: number, mediaDurationSeconds: number): boolean {
  return Math.min(positionSeconds, mediaDurationSeconds) >= COMPLETED_FRACTION * mediaDurationSeconds;
}

export async function saveProgress(
  db: Database,
  input: { userId: string; classId: string; positionSeconds: number; mediaDurationSeconds: number },
  now: Date,
): Promise<ProgressRow> {
  const position = Math.min(input.positionSeconds, input.mediaDurationSeconds);
  const completedAt = reachesCompletion(position, input.mediaDurationSeconds) ? now : null;
  // Crossing 90 % (from below, or on a first save) logs a completion for Activity (decision 035).
  const before = completedAt && (await findProgress(db, input.userId, input.classId));
  if (completedAt && (!before || !reachesCompletion(before.positionSeconds, input.mediaDurationSeconds))) {
    await recordCompletion(db, { userId: input.userId, classId: input.classId, at: now });
  }
  const [row] = await db
    .insert(classProgress)
    .values({ userId: input.userId, classId: input.classId, positionSeconds: position, completedAt, updatedAt: now })
    .onConflictDoUpdate({
      target: [classProgress.userId, classProgress.classId],
      set: {
        positionSeconds: position,
        completedAt: sql`coalesce(${classProgress.completedAt}, excluded.completed_at)`,
        updatedAt: now,
      },
    })
    .returning();
  return row!;
}

export async function findProgress(db: Database, userId: string, classId: string): Promise<ProgressRow | undefined> {
  const [row] = await db.select().from(classProgress).where(and(eq(classProgress.userId, userId), eq(classProgress.classId, classId)));
  return row;
}

/** Where to resume: the saved position, or the start for a class never begun or watched to the end. */
export function resumePosition(progress: ProgressRow | undefined, mediaDurationSeconds: number): number {
  return progress && progress.positionSeconds < COMPLETED_FRACTION * mediaDurationSeconds ? progress.positionSeconds : 0;
}
