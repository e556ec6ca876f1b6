// A class's parts (warm-up, main set, cool-down and named blocks) as WebVTT chapters tracks,
// one per language, stored beside the captions as `chapters/<language>.vtt` (docs/decisions/036).
// The sample media take theirs from the sample's chapters; `media:import` from the metadata file.
import type { LocalizedText } from '@server/db/schema';

export interface ClassChapter {
  /** Where the part starts, in seconds; it ends where the next starts (the last at the end). */
  startSeconds: number;
  title: LocalizedText;
}

/** "00:01:02.500": WebVTT's timestamp with hours, so classes over an hour need nothing else. */
export function vttTimestamp(seconds: number): string {
  const millis = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(millis / 3_600_000);
  const m = Math.floor((millis % 3_600_000) / 60_000);
  const s = Math.floor((millis % 60_000) / 1000);
  const ms = millis % 1000;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(h)}:${two(m)}:${two(s)}.${String(ms).padStart(3, '0')}`;
}

/** A cue's text may not hold "-->" nor a blank line; a title is one line. */
const cueText = (text: string) => text.replace(/-->/g, '→').replace(/\s+/g, ' ').trim();

/**
 * The chapters in order, each ending where the next starts, cut to the media's length; a part
 * starting at or after the end is dropped.
 */
export function orderedChapters(chapters: ClassChapter[], durationSeconds: number): ClassChapter[] {
  return [...chapters].sort((a, b) => a.startSeconds - b.startSeconds).filter((chapter) => chapter.startSeconds < durationSeconds);
}

/** One language's chapters track: cue ids `chapter-1`…, one title per cue. */
export function chaptersVtt(chapters: ClassChapter[], durationSeconds: number, language: keyof LocalizedText): string {
  const list = orderedChapters(chapters, durationSeconds);
  const cues = list.map((chapter, i) => {
    const end = list[i + 1]?.startSeconds ?? durationSeconds;
    return `chapter-${i + 1}\n${vttTimestamp(chapter.startSeconds)} --> ${vttTimestamp(end)}\n${cueText(chapter.title[language])}`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** Every language's track, or none when the class has no chapters. */
export function chapterTracks(chapters: ClassChapter[], durationSeconds: number): Record<string, string> {
  if (orderedChapters(chapters, durationSeconds).length === 0) return {};
  return { en: chaptersVtt(chapters, durationSeconds, 'en'), es: chaptersVtt(chapters, durationSeconds, 'es') };
}

/** The sample clips' part names (drawn in English on the picture) in every language. */
export const sampleChapterTitles: Record<string, LocalizedText> = {
  'Warm-up': { en: 'Warm-up', es: 'Calentamiento' },
  'Main set': { en: 'Main set', es: 'Bloque principal' },
  'Cool-down': { en: 'Cool-down', es: 'Vuelta a la calma' },
};
