// `npm run media:import -- <video> <metadata.json>`: transcodes a real video into the ladder,
// writes its media row and adds (or updates) the class described by the metadata (README, "Media").
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as yup from 'yup';
import type { Database } from '@server/db/client';
import { classes } from '@server/db/schema';
import { probeVideo, runFfmpeg } from './ffmpeg';
import { chapterTracks } from './chapters';
import { MEDIA_ID_PATTERN } from './ladder';
import { publishMedia, saveMediaRow } from './store';
import { transcode, type SourceInput } from './transcode';

const localized = yup.object({ en: yup.string().trim().required(), es: yup.string().trim().required() }).noUnknown();
const words = yup.array(yup.string().trim().required()).required();
/** A part of the class: where it starts and its name in every language (docs/decisions/036). */
const chapter = yup.object({ start_seconds: yup.number().min(0).required(), title: localized.required() }).noUnknown();

export const classMetadataSchema = yup
  .object({
    id: yup.string().matches(MEDIA_ID_PATTERN, 'id: lowercase letters, digits and dashes').required(),
    discipline_id: yup.string().required(),
    instructor_id: yup.string().required(),
    level: yup.string().oneOf(['beginner', 'intermediate', 'advanced']).required(),
    duration_seconds: yup.number().integer().positive(),
    title: localized.required(),
    description: localized.required(),
    equipment: yup.object({ en: words, es: words }).noUnknown().required(),
    media_id: yup.string().matches(MEDIA_ID_PATTERN, 'media_id: lowercase letters, digits and dashes'),
    captions: yup.object({ en: yup.string(), es: yup.string() }).noUnknown(),
    chapters: yup.array(chapter.required()),
    published_at: yup.string().datetime(),
  })
  .noUnknown()
  .strict();

export type ClassMetadata = yup.InferType<typeof classMetadataSchema>;

/** WebVTT text from a .vtt file as it is, or from any subtitle format ffmpeg reads (.srt, .ass…). */
async function webvtt(file: string): Promise<string> {
  if (file.toLowerCase().endsWith('.vtt')) return readFile(file, 'utf8');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fitstream-captions-'));
  try {
    await runFfmpeg(['-i', file, '-f', 'webvtt', 'captions.vtt'], { cwd: dir });
    return await readFile(path.join(dir, 'captions.vtt'), 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function importClass(
  db: Database,
  mediaDir: string,
  videoFile: string,
  metadataFile: string,
  onProgress: (step: string, fraction: number) => void = () => {},
): Promise<{ classId: string; mediaId: string }> {
  let metadata: ClassMetadata;
  try {
    metadata = await classMetadataSchema.validate(JSON.parse(await readFile(metadataFile, 'utf8')), { abortEarly: false });
  } catch (error) {
    if (error instanceof yup.ValidationError) throw new Error(`${metadataFile}: ${error.errors.join('; ')}`);
    throw error;
  }
  const video = path.resolve(videoFile);
  const probed = await probeVideo(video);
  const mediaId = metadata.media_id ?? metadata.id;
  const captions: Record<string, string> = {};
  for (const [language, file] of Object.entries(metadata.captions ?? {})) {
    if (file) captions[language] = await webvtt(path.resolve(path.dirname(metadataFile), file));
  }
  // A silent video gets a silent track, so every rendition has the same codecs.
  const source = (): SourceInput =>
    probed.hasAudio
      ? { args: ['-i', video], videoMap: '0:v:0', audioMap: '0:a:0' }
      : { args: ['-i', video, '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo'], videoMap: '0:v:0', audioMap: '1:a:0' };
  const manifest = await publishMedia(mediaDir, mediaId, (dir) =>
    transcode(
      {
        id: mediaId,
        durationSeconds: probed.durationSeconds,
        aspect: probed.width / probed.height,
        source,
        captions,
        chapters: chapterTracks(
          (metadata.chapters ?? []).map((part) => ({ startSeconds: part.start_seconds, title: part.title })),
          probed.durationSeconds,
        ),
        preset: 'veryfast',
        bitrateScale: 1,
        segmentSeconds: 4,
        onProgress,
      },
      dir,
    ),
  );
  const row = {
    disciplineId: metadata.discipline_id,
    instructorId: metadata.instructor_id,
    level: metadata.level,
    durationSeconds: metadata.duration_seconds ?? Math.round(probed.durationSeconds),
    title: metadata.title,
    description: metadata.description,
    equipment: metadata.equipment,
    mediaId,
    ...(metadata.published_at ? { publishedAt: new Date(metadata.published_at) } : {}),
  };
  await db.transaction(async (tx) => {
    await saveMediaRow(tx, manifest);
    await tx.insert(classes).values({ id: metadata.id, ...row }).onConflictDoUpdate({ target: classes.id, set: row });
  });
  return { classId: metadata.id, mediaId };
}
