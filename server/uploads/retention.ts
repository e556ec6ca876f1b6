// How many images an account may upload and how long an unused one is kept: at most
// UPLOADS_PER_DAY a day per account, and an image that is not the account's profile image is
// deleted (row and file) a day after its upload, so storage per account stays bounded.
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { uploads, users } from '../db/schema';
import { UPLOAD_NAME_PATTERN, uploadsDir } from './store';

export const UPLOADS_PER_DAY = 20;
export const UNUSED_UPLOAD_TTL_SECONDS = 24 * 60 * 60;
/** A file with no row yet may be an upload in progress (the file is written first). */
const STRAY_FILE_GRACE_MS = 60 * 60 * 1000;

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

/**
 * Deletes the rows of unused uploads older than a day, then every file no row names (those,
 * and files of deleted accounts); answers how many files went.
 */
export async function deleteUnusedUploads(db: Database, dataDir: string): Promise<number> {
  await db
    .delete(uploads)
    .where(
      and(
        lt(uploads.createdAt, sql`now() - make_interval(secs => ${UNUSED_UPLOAD_TTL_SECONDS})`),
        sql`not exists (select 1 from ${users} where ${users.id} = ${uploads.userId} and ${users.image} = ${uploads.name})`,
      ),
    );
  const dir = uploadsDir(dataDir);
  const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => UPLOAD_NAME_PATTERN.test(name));
  const named = new Set((await db.select({ name: uploads.name }).from(uploads)).map((row) => row.name));
  let deleted = 0;
  for (const name of files.filter((candidate) => !named.has(candidate))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info || Date.now() - info.mtimeMs < STRAY_FILE_GRACE_MS) continue;
    await unlink(file).catch(() => undefined);
    deleted += 1;
  }
  return deleted;
}
