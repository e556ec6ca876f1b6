// Each seeded class's own poster (server/modules/media/class-posters.ts): one per class that plays
// a sample clip, in its discipline's colour, made once, served by the public poster route and
// named by the catalog's cards instead of the shared clip's frame.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disciplineLook } from '@domain/disciplines';
import { classPosterMediaId, makeClassPosters, posterTitle, sampleClassPosters } from '@server/modules/media/class-posters';
import { probeVideo, runFfmpeg } from '@server/modules/media/ffmpeg';
import { createTestApp, signUp, type TestApp } from '../../harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await makeClassPosters(t.app.db, t.config.mediaDir);
}, 240_000);
afterAll(() => t?.close());

/** The colour of one pixel near the poster's top-left corner, away from the words. */
async function cornerColour(file: string): Promise<number[]> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'fitstream-class-poster-'));
  try {
    await runFfmpeg(['-i', file, '-vf', 'crop=8:8:16:16,scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pixel.rgb'], { cwd: scratch });
    return [...(await readFile(path.join(scratch, 'pixel.rgb')))];
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

describe('class posters', () => {
  it('makes one 1280×720 poster per seeded class, in its discipline\'s colour, and none again once made', async () => {
    const posters = await sampleClassPosters(t.app.db);
    expect(posters.length).toBeGreaterThanOrEqual(29);
    expect(new Set(posters.map((poster) => poster.classId)).size).toBe(posters.length);
    for (const poster of posters.filter((_, i) => i % 7 === 0)) {
      const file = path.join(t.config.mediaDir, classPosterMediaId(poster.classId)!, 'poster.jpg');
      const probed = await probeVideo(file);
      expect([probed.width, probed.height]).toEqual([1280, 720]);
      const expected = disciplineLook(poster.disciplineId).colour;
      const want = [1, 3, 5].map((at) => Number.parseInt(expected.slice(at, at + 2), 16));
      (await cornerColour(file)).forEach((seen, i) => expect(Math.abs(seen - (want[i] ?? 0))).toBeLessThan(12));
    }
    const first = path.join(t.config.mediaDir, classPosterMediaId(posters[0]!.classId)!, 'poster.jpg');
    const made = (await stat(first)).mtimeMs;
    expect(await makeClassPosters(t.app.db, t.config.mediaDir)).toBe(0);
    expect((await stat(first)).mtimeMs).toBe(made);
  }, 240_000);

  it('draws the titles the clips\' font can: no accents, "5×5" as "5x5", a comma or colon as a dash', () => {
    expect(posterTitle('Heavy Strength 5×5')).toBe('Heavy Strength 5x5');
    expect(posterTitle('Low-Impact HIIT, No Jumping')).toBe('Low-Impact HIIT - No Jumping');
    expect(posterTitle('Yin yoga: liberación profunda')).toBe('Yin yoga - liberacion profunda');
  });

  it('is what the catalog shows for each class, served publicly as a JPEG', async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/classes?limit=5', headers: { authorization: `FitStream ${user.token}` } });
    expect(response.statusCode).toBe(200);
    const cards = response.json<{ classes: { id: string; posterUrl: string }[] }>().classes;
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card.posterUrl).toBe(`/media/poster-${card.id}/poster.jpg`);
      const poster = await t.app.inject({ method: 'GET', url: card.posterUrl });
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/jpeg');
    }
  });
});
