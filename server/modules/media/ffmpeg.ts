// ffmpeg and ffprobe as the npm registry ships them (@ffmpeg-installer, @ffprobe-installer), so a
// fresh machine needs nothing but `npm install`; runs them and reports an encoding's progress.
import { spawn } from 'node:child_process';
import { access, chmod, constants } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The packages' postinstall only marks the binary executable, and npm here runs no install scripts. */
async function executable(file: string): Promise<string> {
  try {
    await access(file, constants.X_OK);
  } catch {
    await chmod(file, 0o755);
  }
  return file;
}

async function ffmpegPath(): Promise<string> {
  return executable((require('@ffmpeg-installer/ffmpeg') as { path: string }).path);
}

async function ffprobePath(): Promise<string> {
  return executable((require('@ffprobe-installer/ffprobe') as { path: string }).path);
}

function run(binary: string, args: string[], cwd: string | undefined, onStdoutLine?: (line: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let pending = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (!onStdoutLine) return;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(onStdoutLine);
    });
    // Only the tail matters when it fails; an encoding's whole log would grow without bound.
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${binary.split('/').pop()} exited with ${code}: ${stderr.trim().split('\n').slice(-5).join('\n')}`));
    });
  });
}

/**
 * Runs ffmpeg with `args` in `cwd`; `onProgress` hears the fraction of `durationSeconds`
 * encoded so far (from ffmpeg's `-progress` report).
 */
export async function runFfmpeg(
  args: string[],
  options: { cwd?: string; durationSeconds?: number; onProgress?: (fraction: number) => void } = {},
): Promise<void> {
  const { cwd, durationSeconds, onProgress } = options;
  const report = onProgress && durationSeconds
    ? (line: string) => {
        const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim());
        // 1 is said once, by the caller, when the output is complete.
        if (match) onProgress(Math.min(0.99, Number(match[1]) / 1e6 / durationSeconds));
      }
    : undefined;
  await run(await ffmpegPath(), ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-progress', 'pipe:1', '-nostats', ...args], cwd, report);
}

export interface ProbedVideo {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** What ffprobe tells of a video file: its length, picture size and whether it has sound. */
export async function probeVideo(file: string): Promise<ProbedVideo> {
  const output = await run(await ffprobePath(), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], undefined);
  const probed = JSON.parse(output) as {
    format?: { duration?: string };
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
  };
  const video = probed.streams?.find((stream) => stream.codec_type === 'video' && stream.width && stream.height);
  const durationSeconds = Number(probed.format?.duration ?? video?.duration);
  if (!video?.width || !video.height || !Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new Error(`${file} has no video stream ffmpeg can read.`);
  }
  return {
    durationSeconds,
    width: video.width,
    height: video.height,
    hasAudio: probed.streams?.some((stream) => stream.codec_type === 'audio') ?? false,
  };
}
