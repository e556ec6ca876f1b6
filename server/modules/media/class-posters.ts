// One poster per class that plays a sample media (issue 25): its title and instructor on its
// discipline's colour, like the sample clips' title card, instead of the shared clip's timer
// frame. One ffmpeg frame each, made at start for the classes that have none yet, kept in
// `<MEDIA_DIR>/poster-<class id>/poster.jpg` and served by the media poster route.
import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { disciplineLook } from '@domain/disciplines';
import type { Queryable } from '@server/db/client';
import { classes, disciplines, instructors } from '@server/db/schema';
import { runFfmpeg } from './ffmpeg';
import { MEDIA_ID_PATTERN } from './ladder';
import { drawable, escaped, fontFile, sampleMediaIds } from './samples';

/** What a class's poster shows. */
export interface ClassPoster {
  classId: string;
  title: string;
  instructor: string;
  disciplineId: string;
  discipline: string;
}

const WIDTH = 1280;
const HEIGHT = 720;

/** The media id under which a class's own poster is served; null for an id that cannot be one. */
export function classPosterMediaId(classId: string): string | null {
  const id = `poster-${classId}`;
  return MEDIA_ID_PATTERN.test(id) ? id : null;
}

/** Whether a class plays one of the sample media (and so gets a poster of its own). */
export function playsSample(mediaId: string): boolean {
  return (sampleMediaIds as readonly string[]).includes(mediaId);
}

/** The poster a class shows (cards, programmes, the lock screen, emails): its own for a class that plays a sample clip, its media's otherwise. */
export function classPosterPath(classId: string, mediaId: string): string {
  const posterId = (playsSample(mediaId) ? classPosterMediaId(classId) : null) ?? mediaId;
  return `/media/${encodeURIComponent(posterId)}/poster.jpg`;
}

/** A size that keeps `text` within the frame's width (the font's letters are about 0.55 em wide). */
function fitting(text: string, largest: number): number {
  return Math.max(24, Math.min(largest, Math.floor((WIDTH * 0.9) / (Math.max(1, text.length) * 0.55))));
}

/** A title as the clips' font and drawtext can draw it: "5×5" as "5x5", and a comma or colon as a dash. */
export function posterTitle(title: string): string {
  return drawable(title.replace(/×/g, 'x').replace(/\s*[,:;]\s+/g, ' - '));
}

/** The filtergraph of one poster: the discipline's colour, its name, the title and the instructor (text made drawable: no quotes). */
export function classPosterFilter(poster: ClassPoster, font: string | null): string {
  const colour = disciplineLook(poster.disciplineId).colour.replace('#', '0x');
  const title = posterTitle(poster.title);
  const text = (value: string, size: number, x: string, y: string) =>
    `drawtext=fontfile=${escaped(font ?? '')}:fontsize=${size}:fontcolor=white:x=${x}:y=${y}:text='${value}'`;
  const words = font
    ? [
        text(drawable(poster.discipline).toUpperCase(), 34, 'w*0.06', 'h*0.1'),
        text(title, fitting(title, 84), '(w-tw)/2', '(h-th)/2-h*0.06'),
        text(drawable(poster.instructor), 44, '(w-tw)/2', 'h*0.6'),
      ]
    : [];
  return [
    `color=c=${colour}:s=${WIDTH}x${HEIGHT}:d=1`,
    // A short white rule under the instructor's name.
    'drawbox=x=iw*0.42:y=ih*0.72:w=iw*0.16:h=6:color=white@0.6:t=fill',
    ...words,
  ].join(',');
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Draws one poster into place (written beside it, then renamed: a reader never sees half a file). */
async function drawPoster(mediaDir: string, mediaId: string, poster: ClassPoster, font: string | null): Promise<void> {
  const dir = path.join(mediaDir, mediaId);
  await mkdir(dir, { recursive: true });
  const scratch = `.poster-${randomBytes(4).toString('hex')}.jpg`;
  try {
    await runFfmpeg(['-f', 'lavfi', '-i', classPosterFilter(poster, font), '-frames:v', '1', '-q:v', '4', scratch], { cwd: dir });
    await rename(path.join(dir, scratch), path.join(dir, 'poster.jpg'));
  } finally {
    await rm(path.join(dir, scratch), { force: true });
  }
}

/** The classes that play a sample media, as their posters show them (English titles, like the clips' title cards). */
export async function sampleClassPosters(db: Queryable): Promise<ClassPoster[]> {
  const rows = await db
    .select({ classId: classes.id, title: classes.title, instructor: instructors.name, disciplineId: disciplines.id, discipline: disciplines.name })
    .from(classes)
    .innerJoin(instructors, eq(instructors.id, classes.instructorId))
    .innerJoin(disciplines, eq(disciplines.id, classes.disciplineId))
    .where(inArray(classes.mediaId, [...sampleMediaIds]))
    .orderBy(classes.id);
  return rows.map((row) => ({ ...row, title: row.title.en, discipline: row.discipline.en }));
}

/** Makes the posters that are missing; answers how many it made. */
export async function makeClassPosters(db: Queryable, mediaDir: string): Promise<number> {
  const font = fontFile();
  let made = 0;
  for (const poster of await sampleClassPosters(db)) {
    const mediaId = classPosterMediaId(poster.classId);
    if (mediaId === null || (await exists(path.join(mediaDir, mediaId, 'poster.jpg')))) continue;
    await drawPoster(mediaDir, mediaId, poster, font);
    made += 1;
  }
  return made;
}
