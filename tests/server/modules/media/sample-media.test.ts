// The sample media the seeded classes play, as ffprobe sees them: every rung of the ladder with
// its picture size, the clip's length and a sound track; a poster in the class's discipline
// colour; and the chapters the later WebVTT chapters track will list.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { disciplineLook } from '@domain/disciplines';
import { probeVideo, runFfmpeg } from '@server/modules/media/ffmpeg';
import { ladder } from '@server/modules/media/ladder';
import { sampleChapters, sampleClasses, sampleMediaIds } from '@server/modules/media/samples';
import { tinyMedia, TINY_CLIP, TINY_MEDIA_ID } from '../../fixtures/playback';

describe('the sample media', () => {
  it('has every rung of the ladder, the clip length and a sound track', async () => {
    const dir = path.join(await tinyMedia(), TINY_MEDIA_ID);
    for (const step of ladder) {
      const probed = await probeVideo(path.join(dir, `${step.height}p`, 'playlist.m3u8'));
      expect(probed.height).toBe(step.height);
      expect(probed.width).toBe(Math.round((step.height * 16) / 9 / 2) * 2);
      expect(probed.durationSeconds).toBeGreaterThan(TINY_CLIP.durationSeconds - 0.5);
      expect(probed.durationSeconds).toBeLessThan(TINY_CLIP.durationSeconds + 0.5);
      expect(probed.hasAudio).toBe(true);
    }
  }, 240_000);

  it('has a poster in the colour of its class’s discipline', async () => {
    const poster = path.join(await tinyMedia(), TINY_MEDIA_ID, 'poster.jpg');
    const scratch = await mkdtemp(path.join(tmpdir(), 'fitstream-poster-'));
    try {
      // One pixel from the top left, away from the words and the beat square.
      await runFfmpeg(['-i', poster, '-vf', 'crop=8:8:16:16,scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pixel.rgb'], { cwd: scratch });
      const [red, green, blue] = await readFile(path.join(scratch, 'pixel.rgb'));
      const expected = disciplineLook(sampleClasses[TINY_MEDIA_ID].disciplineId).colour;
      const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(expected.slice(at, at + 2), 16));
      for (const [seen, want] of [[red, r], [green, g], [blue, b]] as const) expect(Math.abs((seen ?? 0) - (want ?? 0))).toBeLessThan(12);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }, 240_000);

  it('names a warm-up, a main set and a cool-down that cover the whole clip', () => {
    for (const id of sampleMediaIds) {
      const chapters = sampleChapters(id, 20);
      expect(chapters.map((chapter) => chapter.name)).toEqual(['Warm-up', 'Main set', 'Cool-down']);
      expect(chapters[0]?.startSeconds).toBe(0);
      expect(chapters.at(-1)?.endSeconds).toBe(20);
      chapters.slice(1).forEach((chapter, i) => expect(chapter.startSeconds).toBe(chapters[i]?.endSeconds));
    }
  });
});
