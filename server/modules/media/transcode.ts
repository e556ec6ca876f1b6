// Transcodes one source into the ladder (one ffmpeg run per rendition), a poster and WebVTT
// captions, in a folder that becomes `<MEDIA_DIR>/<id>/` only once everything is in it.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from './ffmpeg';
import { AUDIO_CODEC, AUDIO_KBPS, ladder, renditionName, type LadderStep, type MediaManifest, type Rendition } from './ladder';

/** ffmpeg input arguments and which of their streams make the picture and the sound. */
export interface SourceInput {
  args: string[];
  videoMap: string;
  audioMap: string;
}

export interface TranscodeJob {
  id: string;
  durationSeconds: number;
  /** Width / height of the picture. */
  aspect: number;
  /** The source for one rendition: a file for imports, a test pattern drawn at that size for samples. */
  source: (width: number, height: number) => SourceInput;
  /** WebVTT text per language. */
  captions: Record<string, string>;
  /** WebVTT chapters track per language (docs/decisions/036); none when absent. */
  chapters?: Record<string, string>;
  /** x264 preset: `veryfast` for imports, `ultrafast` for the sample clips. */
  preset: string;
  /** Fraction of the ladder's bitrates (1 for camera footage). */
  bitrateScale: number;
  /** Force this frame rate (the sample clips are drawn at a low one); the source's otherwise. */
  frameRate?: number;
  segmentSeconds: number;
  /** Hears each step: "360p", "720p", …, "poster", with the fraction of that step done. */
  onProgress?: (step: string, fraction: number) => void;
}

function evenWidth(height: number, aspect: number): number {
  return Math.max(2, 2 * Math.round((height * aspect) / 2));
}

/** Peak bits per second over the segments a rendition playlist lists. */
async function peakBandwidth(dir: string): Promise<number> {
  const playlist = await readFile(path.join(dir, 'playlist.m3u8'), 'utf8');
  const init = (await stat(path.join(dir, 'init.mp4'))).size;
  let peak = 0;
  let duration = 0;
  for (const line of playlist.split('\n')) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) duration = Number(extinf[1]);
    else if (line && !line.startsWith('#') && duration > 0) {
      const bytes = (await stat(path.join(dir, line.trim()))).size;
      peak = Math.max(peak, Math.ceil(((bytes + init) * 8) / duration));
    }
  }
  return peak;
}

/** What encoding one rendition needs of a job (a sample class's opening encodes one segment with its body's settings). */
export type RenditionJob = Pick<TranscodeJob, 'durationSeconds' | 'aspect' | 'source' | 'preset' | 'bitrateScale' | 'frameRate' | 'segmentSeconds' | 'onProgress'>;

/** Encodes `step` of the ladder into `<outDir>/<name>/` (playlist.m3u8, init.mp4, segment-000.m4s…). */
export async function encodeRendition(job: RenditionJob, step: LadderStep, outDir: string): Promise<Rendition> {
  const width = evenWidth(step.height, job.aspect);
  const name = renditionName(step.height);
  const dir = path.join(outDir, name);
  await mkdir(dir, { recursive: true });
  const input = job.source(width, step.height);
  const kbps = Math.round(step.videoKbps * job.bitrateScale);
  const filters = [`scale=${width}:${step.height}:flags=bicubic`, 'setsar=1', 'format=yuv420p', ...(job.frameRate ? [`fps=${job.frameRate}`] : [])];
  await runFfmpeg(
    [
      ...input.args,
      '-map', input.videoMap, '-map', input.audioMap,
      '-t', String(job.durationSeconds),
      '-vf', filters.join(','),
      '-c:v', 'libx264', '-preset', job.preset, '-profile:v', step.profile, '-level', step.level,
      '-b:v', `${kbps}k`, '-maxrate', `${Math.round(kbps * 1.5)}k`, '-bufsize', `${kbps * 2}k`,
      // A keyframe opens every segment, so any rendition can switch to any other at a boundary.
      '-force_key_frames', `expr:gte(t,n_forced*${job.segmentSeconds})`, '-sc_threshold', '0',
      '-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2', '-ar', '48000',
      '-f', 'hls', '-hls_time', String(job.segmentSeconds), '-hls_playlist_type', 'vod',
      '-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4',
      '-hls_segment_filename', 'segment-%03d.m4s', '-hls_flags', 'independent_segments',
      'playlist.m3u8',
    ],
    { cwd: dir, durationSeconds: job.durationSeconds, onProgress: (fraction) => job.onProgress?.(name, fraction) },
  );
  return {
    name,
    width,
    height: step.height,
    bandwidth: (await peakBandwidth(dir)) + AUDIO_KBPS * 1000,
    codecs: `${step.avc},${AUDIO_CODEC}`,
    hdr: false,
  };
}

/** A WebVTT file as one HLS subtitle segment, so players list it with the renditions. */
function captionsPlaylist(language: string, durationSeconds: number): string {
  const target = Math.ceil(durationSeconds);
  return ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-MEDIA-SEQUENCE:0', `#EXTINF:${durationSeconds.toFixed(3)},`, `${language}.vtt`, '#EXT-X-ENDLIST', ''].join('\n');
}

/** Writes the whole media into `outDir` and answers its manifest (also written as media.json). */
export async function transcode(job: TranscodeJob, outDir: string): Promise<MediaManifest> {
  const renditions: Rendition[] = [];
  for (const step of ladder) {
    const rendition = await encodeRendition(job, step, outDir);
    renditions.push(rendition);
    job.onProgress?.(rendition.name, 1);
  }

  const poster = job.source(evenWidth(720, job.aspect), 720);
  await runFfmpeg(
    [...poster.args, '-map', poster.videoMap, '-ss', String(Math.min(5, job.durationSeconds / 4)), '-frames:v', '1', '-vf', `scale=${evenWidth(720, job.aspect)}:720`, '-q:v', '4', 'poster.jpg'],
    { cwd: outDir },
  );
  job.onProgress?.('poster', 1);

  await mkdir(path.join(outDir, 'captions'), { recursive: true });
  for (const [language, vtt] of Object.entries(job.captions)) {
    await writeFile(path.join(outDir, 'captions', `${language}.vtt`), vtt);
    await writeFile(path.join(outDir, 'captions', `${language}.m3u8`), captionsPlaylist(language, job.durationSeconds));
  }
  const chapters = job.chapters ?? {};
  if (Object.keys(chapters).length > 0) await mkdir(path.join(outDir, 'chapters'), { recursive: true });
  for (const [language, vtt] of Object.entries(chapters)) await writeFile(path.join(outDir, 'chapters', `${language}.vtt`), vtt);
  const manifest: MediaManifest = {
    id: job.id,
    durationSeconds: job.durationSeconds,
    renditions,
    captions: Object.keys(job.captions).sort(),
    chapters: Object.keys(chapters).sort(),
  };
  await writeFile(path.join(outDir, 'media.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
