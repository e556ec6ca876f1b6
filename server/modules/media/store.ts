// The media store on disk (`<MEDIA_DIR>/<id>/`: rendition folders, captions, poster.jpg and the
// media.json manifest) and its database rows, which can always be rebuilt from the manifests.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/client';
import { media } from '@server/db/schema';
import { MEDIA_ID_PATTERN, type MediaManifest } from './ladder';

export type MediaRow = typeof media.$inferSelect;

export function mediaFolder(mediaDir: string, id: string): string {
  if (!MEDIA_ID_PATTERN.test(id)) throw new Error(`"${id}" is not a media id (lowercase letters, digits and dashes).`);
  return path.join(mediaDir, id);
}

/** The manifest of a media that is fully in the store, or null. */
export async function readManifest(mediaDir: string, id: string): Promise<MediaManifest | null> {
  try {
    return JSON.parse(await readFile(path.join(mediaFolder(mediaDir, id), 'media.json'), 'utf8')) as MediaManifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Builds a media in a scratch folder beside its final place and moves it there in one rename,
 * so a reader (or a crash) never sees half a media; an older copy is replaced.
 */
export async function publishMedia(mediaDir: string, id: string, build: (dir: string) => Promise<MediaManifest>): Promise<MediaManifest> {
  const target = mediaFolder(mediaDir, id);
  const scratch = path.join(mediaDir, `.building-${id}-${randomBytes(4).toString('hex')}`);
  await mkdir(scratch, { recursive: true });
  try {
    const manifest = await build(scratch);
    const old = `${scratch}-old`;
    await rename(target, old).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(scratch, target);
    await rm(old, { recursive: true, force: true });
    return manifest;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Writes (or refreshes) the media's row from its manifest. */
export async function saveMediaRow(db: Queryable, manifest: MediaManifest): Promise<void> {
  const row = { durationSeconds: manifest.durationSeconds, renditions: manifest.renditions, captions: manifest.captions, chapters: manifest.chapters ?? [], openings: manifest.openings ?? [] };
  await db.insert(media).values({ id: manifest.id, ...row }).onConflictDoUpdate({ target: media.id, set: row });
}

export async function findMedia(db: Queryable, id: string): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row ?? null;
}
