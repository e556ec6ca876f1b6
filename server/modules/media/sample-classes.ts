// The sample catalogue's media (issue 40, docs/decisions/059): every seeded class plays a media of
// its own, `class-<class id>`, as long as the class. Each rendition opens with a segment per
// language (the class's title, instructor and discipline on the discipline's colour) and then,
// behind a discontinuity, its discipline's workout body (./sample-bodies.ts) over and over until the
// class's length. A grant opens one media's folder only, so the body's files are hard-linked into
// every class's folder (copied where the file system cannot link): a class costs one segment's
// encoding per language and rendition, and its playlists are written once, stored as the edge serves them.
import { copyFile, link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/client';
import type { LocalizedText } from '@server/db/schema';
import { chapterTracks, sampleChapterTitles, vttTimestamp } from './chapters';
import { runFfmpeg } from './ffmpeg';
import { ladder, renditionName, type MediaManifest } from './ladder';
import { openingLanguages, openingPicture, posterPicture, type CardFont, type ClassCard } from './opening-cards';
import { bodyMediaId, bodySegments, type SampleClipSettings } from './sample-bodies';
import { publishMedia } from './store';
import { encodeRendition } from './transcode';

/** The media a seeded class plays (migration 0035): its own, named after it. */
export const sampleClassMediaId = (classId: string): string => `class-${classId}`;

/** A class of the sample catalogue, as its media shows it. */
export interface SampleClassRow extends ClassCard {
  classId: string;
  mediaId: string;
  durationSeconds: number;
}

/** The classes whose media is a sample class media (`class-<id>`), with what their openings show. */
export async function sampleClassRows(db: Queryable): Promise<SampleClassRow[]> {
  const result = await db.execute<{ id: string; media_id: string; duration_seconds: number; title: LocalizedText; instructor: string; discipline_id: string; discipline: LocalizedText }>(sql`
    select c.id, c.media_id, c.duration_seconds, c.title, i.name as instructor, d.id as discipline_id, d.name as discipline
    from classes c join instructors i on i.id = c.instructor_id join disciplines d on d.id = c.discipline_id
    where c.media_id = 'class-' || c.id order by c.id`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    id: string; media_id: string; duration_seconds: number; title: LocalizedText; instructor: string; discipline_id: string; discipline: LocalizedText;
  }[];
  return rows.map((row) => ({
    classId: row.id,
    mediaId: row.media_id,
    durationSeconds: Number(row.duration_seconds),
    title: row.title,
    instructor: row.instructor,
    disciplineId: row.discipline_id,
    discipline: row.discipline,
  }));
}

/** One entry of a media playlist. */
export interface PlaylistSegment {
  uri: string;
  seconds: number;
}

/**
 * A class's rendition playlist: its opening, then the body's segments in order, again and again
 * (each time behind a discontinuity: the body's timestamps start over), until `totalSeconds`.
 * Every segment shares the body's init segment: the opening is encoded with the same settings.
 */
export function classPlaylist(opening: PlaylistSegment, body: PlaylistSegment[], totalSeconds: number): string {
  const target = Math.ceil(Math.max(opening.seconds, ...body.map((segment) => segment.seconds)));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-INDEPENDENT-SEGMENTS', '#EXT-X-MAP:URI="init.mp4"'];
  lines.push(`#EXTINF:${opening.seconds.toFixed(6)},`, opening.uri);
  let at = opening.seconds;
  // A thousandth of a second of slack: the segments' durations are decimals.
  while (body.length > 0 && at < totalSeconds - 0.001) {
    lines.push('#EXT-X-DISCONTINUITY');
    for (const segment of body) {
      if (at >= totalSeconds - 0.001) break;
      lines.push(`#EXTINF:${segment.seconds.toFixed(6)},`, segment.uri);
      at += segment.seconds;
    }
  }
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** The seconds a playlist lists. */
export const playlistSeconds = (playlist: string): number =>
  [...playlist.matchAll(/^#EXTINF:([\d.]+)/gm)].reduce((sum, match) => sum + Number(match[1]), 0);

const cues: LocalizedText[] = [
  { en: 'Warm up: roll your shoulders', es: 'Calentamiento: gira los hombros' },
  { en: 'Breathe in… and out', es: 'Inspira… y espira' },
  { en: 'Keep a steady pace', es: 'Mantén un ritmo constante' },
  { en: 'Great work! Time to cool down', es: '¡Buen trabajo! Vuelve a la calma' },
];

/** The captions of a class: its cues spread over its whole length. */
export function classCaptions(durationSeconds: number): Record<string, string> {
  const each = durationSeconds / cues.length;
  return Object.fromEntries(
    openingLanguages.map((language) => {
      const body = cues.map((cue, i) => `${vttTimestamp(i * each)} --> ${vttTimestamp((i + 1) * each)}\n${cue[language]}`).join('\n\n');
      return [language, `WEBVTT\n\n${body}\n`];
    }),
  );
}

/** Its parts: warm-up, main set from a quarter in, cool-down for the last fifth. */
export function classChapters(durationSeconds: number): Record<string, string> {
  const parts = [
    { startSeconds: 0, title: sampleChapterTitles['Warm-up']! },
    { startSeconds: Math.round(durationSeconds * 0.25), title: sampleChapterTitles['Main set']! },
    { startSeconds: Math.round(durationSeconds * 0.8), title: sampleChapterTitles['Cool-down']! },
  ];
  return chapterTracks(parts, durationSeconds);
}

/** The body's file under the class's folder: a hard link, or a copy where none can be made. */
async function linkInto(from: string, to: string): Promise<void> {
  await link(from, to).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST') return;
    await copyFile(from, to);
  });
}

/** A captions track as one HLS subtitle segment (as transcode writes them). */
const captionsPlaylist = (language: string, seconds: number) =>
  ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${Math.ceil(seconds)}`, '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-MEDIA-SEQUENCE:0', `#EXTINF:${seconds.toFixed(3)},`, `${language}.vtt`, '#EXT-X-ENDLIST', ''].join('\n');

/** Makes one class's media in `mediaDir` from its discipline's body (made before: ./sample-bodies.ts). */
export async function makeClassMedia(mediaDir: string, row: SampleClassRow, body: MediaManifest, settings: SampleClipSettings, font: CardFont | null, onStep: (step: string) => void = () => {}): Promise<MediaManifest> {
  const bodyDir = path.join(mediaDir, bodyMediaId(row.disciplineId));
  return publishMedia(mediaDir, row.mediaId, async (dir) => {
    let durationSeconds = row.durationSeconds;
    for (const rendition of body.renditions) {
      const target = path.join(dir, rendition.name);
      await mkdir(target, { recursive: true });
      const segments = bodySegments(await readFile(path.join(bodyDir, rendition.name, 'playlist.m3u8'), 'utf8'));
      for (const file of ['init.mp4', ...new Set(segments.map((segment) => segment.uri))]) await linkInto(path.join(bodyDir, rendition.name, file), path.join(target, file));
      for (const language of openingLanguages) {
        // Encoded like the body's rendition (the same settings, so the same init segment), one segment long.
        const scratch = path.join(dir, `.opening-${language}`);
        const step = ladder.find((candidate) => renditionName(candidate.height) === rendition.name);
        if (!step) throw new Error(`${rendition.name} is not a step of the ladder`);
        const job = {
          durationSeconds: settings.segmentSeconds,
          aspect: rendition.width / rendition.height,
          source: (width: number, height: number) => openingPicture(row, language, width, height, settings, font),
          preset: 'ultrafast',
          bitrateScale: 0.25,
          frameRate: settings.frameRate,
          segmentSeconds: settings.segmentSeconds,
        };
        const made = await encodeRendition(job, step, scratch);
        const opening = path.join(scratch, made.name);
        // The playlist names one init segment, the body's: the opening's must be the same bytes.
        const [ownInit, bodyInit] = await Promise.all([readFile(path.join(opening, 'init.mp4')), readFile(path.join(target, 'init.mp4'))]);
        if (!ownInit.equals(bodyInit)) throw new Error(`${row.mediaId} ${rendition.name}: the opening was not encoded like the body (their init segments differ)`);
        const [seconds] = bodySegments(await readFile(path.join(opening, 'playlist.m3u8'), 'utf8')).map((segment) => segment.seconds);
        await rename(path.join(opening, 'segment-000.m4s'), path.join(target, `opening-${language}.m4s`));
        await rm(scratch, { recursive: true, force: true });
        const playlist = classPlaylist({ uri: `opening-${language}.m4s`, seconds: seconds ?? settings.segmentSeconds }, segments, row.durationSeconds);
        durationSeconds = playlistSeconds(playlist);
        await writeFile(path.join(target, `playlist-${language}.m3u8`), playlist);
        // The default rendition playlist (a player that names no language) opens in English.
        if (language === 'en') await writeFile(path.join(target, 'playlist.m3u8'), playlist);
        onStep(`${row.classId} ${rendition.name} ${language}`);
      }
    }
    for (const language of openingLanguages) {
      const file = language === 'en' ? 'poster.jpg' : `poster-${language}.jpg`;
      await runFfmpeg(['-f', 'lavfi', '-i', posterPicture(row, language, font), '-frames:v', '1', '-q:v', '4', file], { cwd: dir });
    }
    const captions = classCaptions(durationSeconds);
    const chapters = classChapters(durationSeconds);
    await mkdir(path.join(dir, 'captions'), { recursive: true });
    await mkdir(path.join(dir, 'chapters'), { recursive: true });
    for (const [language, vtt] of Object.entries(captions)) {
      await writeFile(path.join(dir, 'captions', `${language}.vtt`), vtt);
      await writeFile(path.join(dir, 'captions', `${language}.m3u8`), captionsPlaylist(language, durationSeconds));
    }
    for (const [language, vtt] of Object.entries(chapters)) await writeFile(path.join(dir, 'chapters', `${language}.vtt`), vtt);
    const manifest: MediaManifest = {
      id: row.mediaId,
      durationSeconds,
      renditions: body.renditions,
      captions: Object.keys(captions).sort(),
      chapters: Object.keys(chapters).sort(),
      openings: [...openingLanguages],
    };
    await writeFile(path.join(dir, 'media.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  });
}
