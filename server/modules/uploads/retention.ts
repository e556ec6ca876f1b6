// How many images an account may upload and how long an unused one is kept: at most
// UPLOADS_PER_DAY a day per account, and an image that is not the account's profile image is
// deleted a day after its upload, so storage per account stays bounded.
import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { profiles, uploads } from '@server/db/schema';

export const UPLOADS_PER_DAY = 20;
export const UNUSED_UPLOAD_TTL_SECONDS = 24 * 60 * 60;
/** Seconds until the account may upload again, or 0 when it may now. */
export async function uploadQuotaWait(db: Database, userId: string): Promise<number> {
  const since = sql`now() - make_interval(secs => ${UNUSED_UPLOAD_TTL_SECONDS})`;
  const [row] = await db
    .select({ uploaded: count(), oldest: min(uploads.createdAt) })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), gt(uploads.createdAt, since)));
  if (!row || row.uploaded < UPLOADS_PER_DAY || !row.oldest) return 0;
  const freedAt = new Date(row.oldest).getTime() + UNUSED_UPLOAD_TTL_SECONDS * 1000;
  return Math.max(1, Math.ceil((freedAt - Date.now()) / 1000));
}

/** Deletes unused uploads older than a day (the image is its row); answers how many went. */
export async function deleteUnusedUploads(db: Database): Promise<number> {
  const deleted = await db
    .delete(uploads)
    .where(
      and(
        lt(uploads.createdAt, sql`now() - make_interval(secs => ${UNUSED_UPLOAD_TTL_SECONDS})`),
        // In use: a picture of one of the account's profiles (the owner's is the account's too).
        sql`not exists (select 1 from ${profiles} where ${profiles.accountId} = ${uploads.userId} and ${profiles.image} = ${uploads.name})`,
      ),
    )
    .returning({ name: uploads.name });
  return deleted.length;
}
