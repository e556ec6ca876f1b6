// The sample clips the seeded classes play: drawn by ffmpeg's test sources with a soft pulsing
// tone (no speech), transcoded into the full ladder once per MEDIA_DIR (docs/decisions/011).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Queryable } from '@server/db/client';
import { ladder, type MediaManifest } from './ladder';
import { publishMedia, readManifest, saveMediaRow } from './store';
import { transcode, type SourceInput } from './transcode';

export const sampleMediaIds = ['sample-a', 'sample-b', 'sample-c'] as const;

/** Where the browser tests and the benchmarks keep the samples, made once per checkout for all their servers. */
export const sharedSampleMediaDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.cache/fitstream/sample-media');

/** How the clips are made; tests make tiny ones. */
export interface SampleClipSettings {
  durationSeconds: number;
  frameRate: number;
  segmentSeconds: number;
}

/** Short and at a low frame rate, so a 2-core laptop makes all twelve encodings in about a minute. */
export const defaultSampleClips: SampleClipSettings = { durationSeconds: 20, frameRate: 12, segmentSeconds: 4 };

function lavfi(video: string, toneHz: number, settings: SampleClipSettings): SourceInput {
  const tone = `aevalsrc=0.15*sin(2*PI*${toneHz}*t)*(0.6+0.4*sin(2*PI*2*t)):s=48000:d=${settings.durationSeconds}`;
  return { args: ['-f', 'lavfi', '-i', video, '-f', 'lavfi', '-i', tone], videoMap: '0:v:0', audioMap: '1:a:0' };
}

const pictures: Record<(typeof sampleMediaIds)[number], { video: (w: number, h: number, rate: number) => string; toneHz: number }> = {
  'sample-a': { video: (w, h, rate) => `testsrc2=size=${w}x${h}:rate=${rate}`, toneHz: 220 },
  // The Game of Life is drawn small and scaled up (drawing it at 4K costs more than encoding it),
  // from a fixed seed so every rendition shows the same game.
  'sample-b': { video: (_w, _h, rate) => `life=size=320x180:rate=${rate}:seed=7:mold=10:ratio=0.1:life_color=#ff7a45:death_color=#1d1b3a`, toneHz: 262 },
  'sample-c': { video: (w, h, rate) => `testsrc=size=${w}x${h}:rate=${rate}`, toneHz: 196 },
};

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

export interface SampleProgress {
  /** Encodings (renditions and posters) finished so far, of `total`. */
  done: number;
  total: number;
  step: string;
}

/** Makes one sample media in `mediaDir`; `onStep` hears each finished encoding. */
export function makeSampleMedia(
  mediaDir: string,
  id: (typeof sampleMediaIds)[number],
  settings: SampleClipSettings,
  onStep: (step: string) => void = () => {},
): Promise<MediaManifest> {
  return publishMedia(mediaDir, id, (dir) =>
    transcode(
      {
        id,
        durationSeconds: settings.durationSeconds,
        aspect: 16 / 9,
        source: (width, height) => lavfi(pictures[id].video(width, height, settings.frameRate), pictures[id].toneHz, settings),
        captions: sampleCaptions(settings.durationSeconds),
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

/** Makes whichever sample media are missing from `mediaDir`; answers every sample's manifest. */
export async function makeMissingSamples(
  mediaDir: string,
  settings: SampleClipSettings = defaultSampleClips,
  onProgress?: (progress: SampleProgress) => void,
): Promise<MediaManifest[]> {
  const present = await Promise.all(sampleMediaIds.map((id) => readManifest(mediaDir, id)));
  const total = present.filter((manifest) => manifest === null).length * (ladder.length + 1);
  let done = 0;
  const manifests: MediaManifest[] = [];
  for (const [i, id] of sampleMediaIds.entries()) {
    manifests.push(
      present[i] ??
        (await makeSampleMedia(mediaDir, id, settings, (step) => {
          done += 1;
          onProgress?.({ done, total, step: `${id} ${step}` });
        })),
    );
  }
  return manifests;
}

/** The samples and their rows: a fresh database on an existing MEDIA_DIR costs no encoding. */
export async function ensureSampleMedia(
  db: Queryable,
  mediaDir: string,
  settings: SampleClipSettings = defaultSampleClips,
  onProgress?: (progress: SampleProgress) => void,
): Promise<void> {
  for (const manifest of await makeMissingSamples(mediaDir, settings, onProgress)) await saveMediaRow(db, manifest);
}
