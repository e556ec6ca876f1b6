// Profile images, stored in the database with a row naming their owner, so every instance
// serves every image (docs/decisions/008). Images are recognised by their bytes; names are
// random, so a stored name reveals nothing and never clashes.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '@server/db/client';
import { uploads } from '@server/db/schema';

export const imageTypes: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** What a stored name looks like: nothing else is ever looked up. */
export const UPLOAD_NAME_PATTERN = /^[a-f0-9]{32}\.(?:jpg|png|gif|webp)$/;

/** The image type of `bytes`, judged by their content, or null when it is not one we accept. */
export async function detectImageType(bytes: Buffer): Promise<{ mime: string; ext: string } | null> {
  const type = await fileTypeFromBuffer(bytes);
  const ext = type ? imageTypes[type.mime] : undefined;
  return type && ext ? { mime: type.mime, ext } : null;
}

export async function storeUpload(db: Database, userId: string, bytes: Buffer, type: { mime: string; ext: string }): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
  await db.insert(uploads).values({ name, userId, contentType: type.mime, size: bytes.length, data: bytes });
  return name;
}

/** The row of a stored image (without its bytes), optionally only if `userId` owns it. */
export async function findUpload(db: Database, name: string, userId?: string) {
  if (!UPLOAD_NAME_PATTERN.test(name)) return null;
  const [row] = await db
    .select({ name: uploads.name, userId: uploads.userId, contentType: uploads.contentType, size: uploads.size })
    .from(uploads)
    .where(userId === undefined ? eq(uploads.name, name) : and(eq(uploads.name, name), eq(uploads.userId, userId)));
  return row ?? null;
}

/** A stored image with its bytes, for serving. */
export async function readUpload(db: Database, name: string): Promise<{ contentType: string; data: Buffer } | null> {
  if (!UPLOAD_NAME_PATTERN.test(name)) return null;
  const [row] = await db.select({ contentType: uploads.contentType, data: uploads.data }).from(uploads).where(eq(uploads.name, name));
  return row?.data ? { contentType: row.contentType, data: Buffer.from(row.data) } : null;
}

/**
 * Images uploaded before they were kept in the database (migration 0003) are files in
 * DATA_DIR/uploads: they move into their rows once, at start. Answers how many moved.
 */
export async function moveUploadFilesIntoDatabase(db: Database, dataDir: string): Promise<number> {
  const waiting = await db.select({ name: uploads.name }).from(uploads).where(isNull(uploads.data));
  let moved = 0;
  for (const { name } of waiting) {
    if (!UPLOAD_NAME_PATTERN.test(name)) continue;
    const bytes = await readFile(path.join(dataDir, 'uploads', name)).catch(() => null);
    if (!bytes) continue;
    await db.update(uploads).set({ data: bytes }).where(eq(uploads.name, name));
    moved += 1;
  }
  return moved;
}
