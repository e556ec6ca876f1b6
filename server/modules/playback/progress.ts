// Where an account is in a class. Reaching 90 % of the media's length marks the class completed,
// and a completed class stays completed when it is watched again. The report that ends a class
// carries its effort (decision 073), attached to that day's completion in the same transaction.
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/client';
import { classProgress, progressReports } from '@server/db/schema';
import { attachEffort, recordCompletion, type EffortReport } from '@server/modules/activity';

export const COMPLETED_FRACTION = 0.9;

export type ProgressRow = typeof classProgress.$inferSelect;

/** Whether a saved position completes the class (again, for a class completed before). */
export function reachesCompletion(positionSeconds: number, mediaDurationSeconds: number): boolean {
  return Math.min(positionSeconds, mediaDurationSeconds) >= COMPLETED_FRACTION * mediaDurationSeconds;
}

/** How long a report watched offline stays worth sending (decision 041): a download licence's life. */
export const REPORT_EXPIRY_DAYS = 30;

export type SavedReport = { row: ProgressRow; applied: boolean };

/**
 * Saves a report of where the account is in a class, watched at `watchedAt` (now online; earlier
 * for a report queued offline). A report with an id already applied changes nothing (decision
 * 041), and a report older than the saved position keeps that position: only its completion counts.
 * The id is kept with `claimedAt`, the time the report says it was watched (unclamped: see
 * prune-reports.ts). An effort is attached once the report is applied, or again when it is sent
 * again (the last one counts); refused there (no completion that day, recording off), the whole
 * report is rolled back.
 */
export async function saveProgress(
  db: Database,
  input: { profileId: string; classId: string; positionSeconds: number; mediaDurationSeconds: number; reportId?: string; claimedAt?: Date; effort?: EffortReport },
  watchedAt: Date,
): Promise<SavedReport> {
  return db.transaction(async (tx) => {
    const withEffort = async (saved: SavedReport, at = watchedAt): Promise<SavedReport> => {
      if (input.effort) await attachEffort(tx, { profileId: input.profileId, classId: input.classId, at, effort: input.effort });
      return saved;
    };
    if (input.reportId) {
      const fresh = await tx
        .insert(progressReports)
        .values({ profileId: input.profileId, reportId: input.reportId, classId: input.classId, watchedAt: input.claimedAt ?? watchedAt })
        .onConflictDoNothing()
        .returning({ reportId: progressReports.reportId });
      const current = fresh.length === 0 ? await findProgress(tx, input.profileId, input.classId) : undefined;
      if (current) {
        // Sent again after midnight without its time, the report still names the day it was applied on.
        const [first] = await tx
          .select({ watchedAt: progressReports.watchedAt })
          .from(progressReports)
          .where(and(eq(progressReports.profileId, input.profileId), eq(progressReports.reportId, input.reportId)));
        return withEffort({ row: current, applied: false }, first && first.watchedAt < watchedAt ? first.watchedAt : watchedAt);
      }
    }
    const position = Math.min(input.positionSeconds, input.mediaDurationSeconds);
    const reaches = reachesCompletion(position, input.mediaDurationSeconds);
    const before = await findProgress(tx, input.profileId, input.classId);
    // Crossing 90 % (from below, or on a first save) logs a completion for Activity (decision 035),
    // on the day it was watched.
    if (reaches && (!before || !reachesCompletion(before.positionSeconds, input.mediaDurationSeconds))) {
      await recordCompletion(tx, { profileId: input.profileId, classId: input.classId, at: watchedAt });
    }
    const completedAt = sql`coalesce(${classProgress.completedAt}, excluded.completed_at)`;
    const newer = !before || before.updatedAt.getTime() <= watchedAt.getTime();
    const [row] = await tx
      .insert(classProgress)
      .values({ profileId: input.profileId, classId: input.classId, positionSeconds: position, completedAt: reaches ? watchedAt : null, updatedAt: watchedAt })
      .onConflictDoUpdate({
        target: [classProgress.profileId, classProgress.classId],
        set: newer ? { positionSeconds: position, completedAt, updatedAt: watchedAt } : { completedAt },
      })
      .returning();
    return withEffort({ row: row!, applied: true });
  });
}

export async function findProgress(db: Queryable, profileId: string, classId: string): Promise<ProgressRow | undefined> {
  const [row] = await db.select().from(classProgress).where(and(eq(classProgress.profileId, profileId), eq(classProgress.classId, classId)));
  return row;
}

/** Where to resume: the saved position, or the start for a class never begun or watched to the end. */
export function resumePosition(progress: ProgressRow | undefined, mediaDurationSeconds: number): number {
  return progress && progress.positionSeconds < COMPLETED_FRACTION * mediaDurationSeconds ? progress.positionSeconds : 0;
}
