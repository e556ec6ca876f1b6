// Progress reports' ids (decision 041) are kept only while the report could still be sent again:
// the server refuses a report watched more than REPORT_EXPIRY_DAYS ago (a download licence's
// life, so the longest a device can stay offline and still send its queue), so once the time a
// report claims is older than that, its id can never match again. A day more covers clocks that
// differ between the instances and the database. Safe on every instance at once: one DELETE.
import { lt, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { progressReports } from '@server/db/schema';
import { REPORT_EXPIRY_DAYS } from './progress';

export const REPORT_KEY_DAYS = REPORT_EXPIRY_DAYS + 1;

/** Deletes the ids of reports no longer replayable; answers how many. */
export async function pruneProgressReports(db: Database): Promise<number> {
  const deleted = await db
    .delete(progressReports)
    .where(lt(progressReports.watchedAt, sql`now() - make_interval(days => ${REPORT_KEY_DAYS})`))
    .returning({ reportId: progressReports.reportId });
  return deleted.length;
}
