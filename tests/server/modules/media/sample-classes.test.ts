// A sample class's own media (issue 40, docs/decisions/059): its playlists are as long as the class,
// open with its own segment in the viewer's language and then repeat its discipline's body behind
// discontinuities; the master playlist follows the page's language, and a download names each
// repeated body file once.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { classes } from '@server/db/schema';
import { playlistParts } from '@server/modules/downloads/files';
import { makeMissingSamples } from '@server/modules/media/sample-catalogue';
import { cardTitle } from '@server/modules/media/opening-cards';
import { classPlaylist, playlistSeconds, sampleClassMediaId, type SampleClassRow } from '@server/modules/media/sample-classes';
import { saveMediaRow } from '@server/modules/media/store';
import { testAppForFile } from '../../harness';
import { roomyRateLimits } from '../../fixtures/payments-flow';
import { getMedia, playlistUris, startPlayback, subscriber, TINY_CLIP } from '../../fixtures/playback';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** Change the suffix when the recipe changes. */
const mediaDir = path.join(root, 'node_modules/.cache/fitstream-tests/class-media-v1');
const CLASS_ID = 'test-glutes-and-legs';
/** Twelve seconds: a 2 s opening and five of the body's 2 s segments, the body (4 s) looped. */
const row: SampleClassRow = {
  classId: CLASS_ID,
  mediaId: sampleClassMediaId(CLASS_ID),
  durationSeconds: 12,
  title: { en: 'Glutes and Legs', es: 'Glúteos y piernas' },
  instructor: 'Nora Lindqvist',
  disciplineId: 'strength',
  discipline: { en: 'Strength', es: 'Fuerza' },
};

const t = testAppForFile({ rateLimits: roomyRateLimits, mediaDir });
beforeAll(async () => {
  const [manifest] = await makeMissingSamples(mediaDir, TINY_CLIP, undefined, [row]);
  await saveMediaRow(t.app.db, manifest!);
  await t.app.db
    .insert(classes)
    .values({
      id: CLASS_ID,
      disciplineId: 'strength',
      instructorId: 'nora-lindqvist',
      level: 'beginner',
      durationSeconds: row.durationSeconds,
      mediaId: row.mediaId,
      title: row.title,
      description: { en: 'Legs', es: 'Piernas' },
      equipment: { en: [], es: [] },
      publishedAt: new Date(Date.now() - 10 * 60_000),
    })
    .onConflictDoNothing();
}, 240_000);

describe('classPlaylist', () => {
  it('lists the opening, then the body again and again behind discontinuities, to the class length', () => {
    const body = [0, 1, 2, 3, 4].map((i) => ({ uri: `segment-00${i}.m4s`, seconds: 4 }));
    const playlist = classPlaylist({ uri: 'opening-es.m4s', seconds: 4 }, body, 1800);
    expect(playlistSeconds(playlist)).toBe(1800);
    expect(playlistUris(playlist)[0]).toBe('opening-es.m4s');
    expect(playlist.match(/#EXT-X-MAP/g)).toHaveLength(1);
    // 1796 s of body: 89 whole loops and four segments of a ninetieth, each loop behind a discontinuity.
    expect(playlist.match(/#EXT-X-DISCONTINUITY/g)).toHaveLength(90);
    expect(playlistParts(playlist).segments).toEqual(['opening-es.m4s', ...body.map((segment) => segment.uri)]);
  });
});

describe('a sample class plays its own media', () => {
  for (const language of ['en', 'es'] as const) {
    it(`opens in ${language} and lasts as long as the class (${language})`, async () => {
      const user = await subscriber(t.app, 'standard');
      const start = await startPlayback(t.app, { user, headers: { 'accept-language': language } }, CLASS_ID);
      expect(start.statusCode).toBe(201);
      const body = start.json<{ duration_seconds: number; session: { master_playlist_url: string } }>();
      expect(body.duration_seconds).toBe(row.durationSeconds);
      const master = await getMedia(t.app, body.session.master_playlist_url);
      expect(master.statusCode).toBe(200);
      const renditions = playlistUris(master.body);
      expect(renditions.length).toBeGreaterThan(0);
      expect(renditions.every((uri) => uri.endsWith(`/playlist-${language}.m3u8`))).toBe(true);
      const media = await getMedia(t.app, renditions[0]!);
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toMatch(/mpegurl/);
      expect(playlistSeconds(media.body)).toBe(row.durationSeconds);
      const [opening] = playlistUris(media.body);
      expect(opening).toBe(`opening-${language}.m4s`);
      const segment = await getMedia(t.app, new URL(opening!, `http://local${renditions[0]}`).pathname);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp4');
    });
  }
});

describe("a sample class's poster", () => {
  it("carries its title in the page's language", async () => {
    const folder = path.join(mediaDir, row.mediaId);
    const [en, es] = await Promise.all([readFile(path.join(folder, 'poster.jpg')), readFile(path.join(folder, 'poster-es.jpg'))]);
    expect(en.equals(es)).toBe(false);
    const asked = async (query: string) => (await getMedia(t.app, `/media/${row.mediaId}/poster.jpg${query}`)).rawPayload;
    expect((await asked('')).equals(en)).toBe(true);
    expect((await asked('?lang=en')).equals(en)).toBe(true);
    expect((await asked('?lang=es')).equals(es)).toBe(true);
  });

  it('is the one the class shows in the catalog', async () => {
    const user = await subscriber(t.app, 'standard');
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/classes/${CLASS_ID}`, headers: { authorization: `FitStream ${user.token}` } });
    expect(response.statusCode).toBe(200);
    expect(JSON.stringify(response.json())).toContain(`"/media/${row.mediaId}/poster.jpg"`);
  });

  it('draws the titles as the font can: accents where it has them, "5×5" as "5x5", a comma or colon as a dash', () => {
    expect(cardTitle('Heavy Strength 5×5')).toBe('Heavy Strength 5x5');
    expect(cardTitle('Low-Impact HIIT, No Jumping')).toBe('Low-Impact HIIT - No Jumping');
    expect(cardTitle('Yin yoga: liberación profunda')).toBe('Yin yoga - liberacion profunda');
    expect(cardTitle('Yin yoga: liberación profunda', true)).toBe('Yin yoga - liberación profunda');
  });
});
