// Stand-alone sample clips, the tests' media (docs/decisions/011): a workout drawn by ffmpeg (a
// title card with the class, its instructor and its discipline's colour, then a timer and the
// chapter under way, a metronome for the sound), transcoded into the full ladder. The seeded
// classes play media of their own instead (./sample-catalogue.ts, docs/decisions/059); the drawing
// helpers here serve both.
import { createRequire } from 'node:module';
import { disciplineLook } from '@domain/disciplines';
import { chapterTracks, sampleChapterTitles } from './chapters';
import type { MediaManifest } from './ladder';
import type { SampleClipSettings } from './sample-bodies';
import { publishMedia } from './store';
import { transcode, type SourceInput } from './transcode';

export const sampleMediaIds = ['sample-a', 'sample-b', 'sample-c'] as const;
export type SampleMediaId = (typeof sampleMediaIds)[number];

export type { SampleClipSettings };

export interface SampleChapter {
  name: string;
  /** Where the chapter starts, as a share of the clip (0 to 1), so a short test clip keeps all three. */
  from: number;
}

/**
 * The class a sample media is drawn for. Every seeded class of the catalog plays one of the three
 * (the seed's `media_id`), so each card names one of them; a media per class would cost ten times
 * the encoding.
 */
export interface SampleClass {
  title: string;
  instructor: string;
  disciplineId: string;
  discipline: string;
  beatsPerMinute: number;
  chapters: SampleChapter[];
}

const chapters: SampleChapter[] = [
  { name: 'Warm-up', from: 0 },
  { name: 'Main set', from: 0.25 },
  { name: 'Cool-down', from: 0.8 },
];

export const sampleClasses: Record<SampleMediaId, SampleClass> = {
  'sample-a': { title: 'Sunrise Vinyasa Flow', instructor: 'Lucía Martín', disciplineId: 'yoga', discipline: 'Yoga', beatsPerMinute: 80, chapters },
  'sample-b': { title: 'Full Body Dumbbells', instructor: 'Nora Lindqvist', disciplineId: 'strength', discipline: 'Strength', beatsPerMinute: 100, chapters },
  'sample-c': { title: 'Rhythm Ride', instructor: 'Diego Herrera', disciplineId: 'cycling', discipline: 'Indoor cycling', beatsPerMinute: 120, chapters },
};

/** A sample's chapters in seconds (its WebVTT chapters tracks: sampleChapterTracks). */
export function sampleChapters(id: SampleMediaId, durationSeconds: number): { name: string; startSeconds: number; endSeconds: number }[] {
  const list = sampleClasses[id].chapters;
  return list.map((chapter, i) => ({
    name: chapter.name,
    startSeconds: chapter.from * durationSeconds,
    endSeconds: (list[i + 1]?.from ?? 1) * durationSeconds,
  }));
}

/** A sample's chapters tracks in every language (docs/decisions/036). */
export function sampleChapterTracks(id: SampleMediaId, durationSeconds: number): Record<string, string> {
  const parts = sampleChapters(id, durationSeconds).map((chapter) => ({
    startSeconds: chapter.startSeconds,
    title: sampleChapterTitles[chapter.name] ?? { en: chapter.name, es: chapter.name },
  }));
  return chapterTracks(parts, durationSeconds);
}

/**
 * drawtext needs a font file and a fresh machine may have none: KaTeX's sans serif comes with
 * npm (through mermaid); without it the cards are drawn without words rather than failing.
 */
export function fontFile(): string | null {
  try {
    return createRequire(import.meta.url).resolve('katex/dist/fonts/KaTeX_SansSerif-Bold.ttf');
  } catch {
    return null;
  }
}

/**
 * Text drawtext can draw: letters, digits, spaces and `.&-` only (nothing the filtergraph parser
 * reads). KaTeX's font has no accented letters, so with it names are drawn without accents
 * (Lucía → Lucia); `accents` keeps them, for a font that has them.
 */
export function drawable(text: string, accents = false): string {
  const letters = accents ? text.normalize('NFC') : text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return letters.replace(/[^\p{L}0-9 .&-]/gu, '');
}

/** A filtergraph option value: its own escaping of the characters the graph parser reads. */
export const escaped = (value: string) => value.replace(/[\\':,;[\]]/g, '\\$&');

function workoutPicture(id: SampleMediaId, width: number, height: number, settings: SampleClipSettings, font: string | null): string {
  const sample = sampleClasses[id];
  const colour = disciplineLook(sample.disciplineId).colour.replace('#', '0x');
  const beat = 60 / sample.beatsPerMinute;
  const titleEnd = Math.min(4, settings.durationSeconds / 5);
  const size = (share: number) => Math.round(height * share);
  const text = (value: string, fontSize: number, x: string, y: string, enable: string) =>
    `drawtext=fontfile=${escaped(font ?? '')}:fontsize=${fontSize}:fontcolor=white:x=${x}:y=${y}:text='${value}':enable='${enable}'`;
  const words = font
    ? [
        text(drawable(sample.title), size(0.1), '(w-tw)/2', 'h*0.28', `lt(t\\,${titleEnd})`),
        text(drawable(`${sample.instructor} - ${sample.discipline}`), size(0.05), '(w-tw)/2', 'h*0.45', `lt(t\\,${titleEnd})`),
        text('%{pts\\:gmtime\\:0\\:%M\\\\\\:%S}', size(0.22), '(w-tw)/2', 'h*0.25', `gte(t\\,${titleEnd})`),
        ...sampleChapters(id, settings.durationSeconds).map((chapter) =>
          text(drawable(chapter.name), size(0.07), 'w*0.05', 'h*0.845', `gte(t\\,${chapter.startSeconds})*lt(t\\,${chapter.endSeconds})`),
        ),
      ]
    : [];
  return [
    `color=c=${colour}:s=${width}x${height}:r=${settings.frameRate}:d=${settings.durationSeconds}`,
    'drawbox=x=0:y=ih*0.78:w=iw:h=ih*0.22:color=black@0.35:t=fill',
    // A square that flashes on every beat of the metronome.
    `drawbox=x=iw*0.92:y=ih*0.07:w=ih*0.05:h=ih*0.05:color=white:t=fill:enable='lt(mod(t\\,${beat})\\,0.12)'`,
    ...words,
  ].join(',');
}

/** A click on every beat, higher on the first of each bar of four, fading fast like a metronome. */
function metronome(sample: SampleClass, settings: SampleClipSettings): string {
  const beat = 60 / sample.beatsPerMinute;
  return `aevalsrc=0.4*sin(2*PI*if(lt(mod(t\\,${4 * beat})\\,${beat})\\,1760\\,880)*t)*exp(-40*mod(t\\,${beat})):s=48000:d=${settings.durationSeconds}`;
}

function workout(id: SampleMediaId, width: number, height: number, settings: SampleClipSettings, font: string | null): SourceInput {
  const sample = sampleClasses[id];
  return {
    args: ['-f', 'lavfi', '-i', workoutPicture(id, width, height, settings, font), '-f', 'lavfi', '-i', metronome(sample, settings)],
    videoMap: '0:v:0',
    audioMap: '1:a:0',
  };
}

const cues = {
  en: ['Warm up: roll your shoulders', 'Breathe in… and out', 'Keep a steady pace', 'Great work! Time to cool down'],
  es: ['Calentamiento: gira los hombros', 'Inspira… y espira', 'Mantén un ritmo constante', '¡Buen trabajo! Vuelve a la calma'],
};

function timestamp(seconds: number): string {
  const whole = Math.floor(seconds);
  const ms = Math.round((seconds - whole) * 1000);
  return `00:${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}.${String(ms).padStart(3, '0')}`;
}

/** The cues spread evenly over the clip. */
export function sampleCaptions(durationSeconds: number): Record<string, string> {
  return Object.fromEntries(
    Object.entries(cues).map(([language, lines]) => {
      const each = durationSeconds / lines.length;
      const body = lines.map((line, i) => `${timestamp(i * each)} --> ${timestamp((i + 1) * each)}\n${line}`).join('\n\n');
      return [language, `WEBVTT\n\n${body}\n`];
    }),
  );
}

/** Makes one sample media in `mediaDir`; `onStep` hears each finished encoding. */
export function makeSampleMedia(
  mediaDir: string,
  id: SampleMediaId,
  settings: SampleClipSettings,
  onStep: (step: string) => void = () => {},
): Promise<MediaManifest> {
  const font = fontFile();
  return publishMedia(mediaDir, id, (dir) =>
    transcode(
      {
        id,
        durationSeconds: settings.durationSeconds,
        aspect: 16 / 9,
        source: (width, height) => workout(id, width, height, settings, font),
        captions: sampleCaptions(settings.durationSeconds),
        chapters: sampleChapterTracks(id, settings.durationSeconds),
        preset: 'ultrafast',
        bitrateScale: 0.25,
        frameRate: settings.frameRate,
        segmentSeconds: settings.segmentSeconds,
        onProgress: (step, fraction) => {
          if (fraction === 1) onStep(step);
        },
      },
      dir,
    ),
  );
}
