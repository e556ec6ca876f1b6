// The workout bodies the sample classes share (docs/decisions/059): one short clip per discipline,
// drawn by ffmpeg without words (any language, any class, looped to any length): the discipline's
// colour, a bar sweeping across every few seconds and a square flashing with a metronome at the
// discipline's tempo. Transcoded into the full ladder once per MEDIA_DIR, as `sample-body-<discipline>`
// (never played by itself: no class names it; the class media link its files).
import { disciplineLook } from '@domain/disciplines';
import type { MediaManifest } from './ladder';
import { publishMedia } from './store';
import { transcode, type SourceInput } from './transcode';

/** How the clips are made; tests make tiny ones. */
export interface SampleClipSettings {
  /** The body's length: the class's playlists repeat it. */
  durationSeconds: number;
  frameRate: number;
  /** Every segment's length, the opening's too. */
  segmentSeconds: number;
}

/** Short and at a low frame rate, so a 2-core laptop makes the bodies and the openings in a few minutes. */
export const defaultSampleClips: SampleClipSettings = { durationSeconds: 20, frameRate: 12, segmentSeconds: 4 };

export const bodyMediaId = (disciplineId: string): string => `sample-body-${disciplineId}`;

/** Beats per minute of each discipline's metronome: calm for yoga, quick for HIIT. */
const tempo: Record<string, number> = { yoga: 72, pilates: 84, mobility: 76, strength: 100, cycling: 120, hiit: 132 };

/** `#rrggbb` darkened to `share` of its brightness, as ffmpeg writes a colour (0xrrggbb). */
function shade(colour: string, share: number): string {
  const channels = [1, 3, 5].map((at) => Math.round(Number.parseInt(colour.slice(at, at + 2), 16) * share));
  return `0x${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

function bodySource(disciplineId: string, width: number, height: number, settings: SampleClipSettings): SourceInput {
  const beat = 60 / (tempo[disciplineId] ?? 96);
  const sweep = settings.segmentSeconds;
  // Darker than the opening's card, so the card stands out from the workout behind it. Opaque
  // colours only: blending a whole 2160p frame costs more than encoding it.
  const picture = [
    `color=c=${shade(disciplineLook(disciplineId).colour, 0.65)}:s=${width}x${height}:r=${settings.frameRate}:d=${settings.durationSeconds}`,
    `drawbox=x=0:y=ih*0.78:w=iw:h=ih*0.22:color=${shade(disciplineLook(disciplineId).colour, 0.45)}:t=fill`,
    // A bar filling across the lower band, once a segment.
    `drawbox=x=iw*0.05:y=ih*0.86:w='iw*0.9*mod(t\\,${sweep})/${sweep}':h=ih*0.04:color=0xd8dee9:t=fill`,
    `drawbox=x=iw*0.92:y=ih*0.07:w=ih*0.05:h=ih*0.05:color=white:t=fill:enable='lt(mod(t\\,${beat})\\,0.12)'`,
  ].join(',');
  const sound = `aevalsrc=0.4*sin(2*PI*if(lt(mod(t\\,${4 * beat})\\,${beat})\\,1760\\,880)*t)*exp(-40*mod(t\\,${beat})):s=48000:d=${settings.durationSeconds}`;
  return { args: ['-f', 'lavfi', '-i', picture, '-f', 'lavfi', '-i', sound], videoMap: '0:v:0', audioMap: '1:a:0' };
}

/** Makes one discipline's body in `mediaDir`; `onStep` hears each finished rendition. */
export function makeBody(mediaDir: string, disciplineId: string, settings: SampleClipSettings, onStep: (step: string) => void = () => {}): Promise<MediaManifest> {
  const id = bodyMediaId(disciplineId);
  return publishMedia(mediaDir, id, (dir) =>
    transcode(
      {
        id,
        durationSeconds: settings.durationSeconds,
        aspect: 16 / 9,
        source: (width, height) => bodySource(disciplineId, width, height, settings),
        captions: {},
        preset: 'ultrafast',
        bitrateScale: 0.25,
        frameRate: settings.frameRate,
        segmentSeconds: settings.segmentSeconds,
        onProgress: (step, fraction) => {
          if (fraction === 1 && step !== 'poster') onStep(`${id} ${step}`);
        },
      },
      dir,
    ),
  );
}

/** The segments a stored media playlist lists, with their lengths, in order. */
export function bodySegments(playlist: string): { uri: string; seconds: number }[] {
  const segments: { uri: string; seconds: number }[] = [];
  let seconds = 0;
  for (const line of playlist.split('\n')) {
    if (line.startsWith('#EXTINF:')) seconds = Number.parseFloat(line.slice('#EXTINF:'.length)) || 0;
    else if (line.trim() && !line.startsWith('#')) segments.push({ uri: line.trim(), seconds });
  }
  return segments;
}
