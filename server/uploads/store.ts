// Profile images on disk (DATA_DIR/uploads) plus a row per file naming its owner. Images are
// recognised by their bytes; names are random, so a stored name reveals nothing and never clashes.
import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '../db/client';
import { uploads } from '../db/schema';

export const imageTypes: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** What a stored name looks like: nothing else is ever looked up on disk. */
export const UPLOAD_NAME_PATTERN = /^[a-f0-9]{32}\.(?:jpg|png|gif|webp)$/;

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** The image type of `bytes`, judged by their content, or null when it is not one we accept. */
export async function detectImageType(bytes: Buffer): Promise<{ mime: string; ext: string } | null> {
  const type = await fileTypeFromBuffer(bytes);
  const ext = type ? imageTypes[type.mime] : undefined;
  return type && ext ? { mime: type.mime, ext } : null;
}

export async function storeUpload(
  db: Database,
  dataDir: string,
  userId: string,
  bytes: Buffer,
  type: { mime: string; ext: string },
): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await writeFile(file, bytes, { flag: 'wx' });
  try {
    await db.insert(uploads).values({ name, userId, contentType: type.mime, size: bytes.length });
  } catch (error) {
    await unlink(file).catch(() => undefined);
    throw error;
  }
  return name;
}

export async function findUpload(db: Database, name: string, userId?: string) {
  if (!UPLOAD_NAME_PATTERN.test(name)) return null;
  const [row] = await db
    .select()
    .from(uploads)
    .where(userId === undefined ? eq(uploads.name, name) : and(eq(uploads.name, name), eq(uploads.userId, userId)));
  return row ?? null;
}
