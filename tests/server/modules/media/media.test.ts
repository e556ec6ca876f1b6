// Media files as a player and a CDN meet them: segments streamed with byte ranges and immutable
// caching, playlists signed per session and never cached, captions, chapters, public posters, bad paths.
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../harness';
import { roomyRateLimits } from '../../fixtures/payments-flow';
import { sampleChapters } from '@server/modules/media/samples';
import { getMedia, playlistUris, seedPlayableClass, startPlayback, subscriber, tinyMedia, tinyMediaDir, TINY_CLIP, TINY_MEDIA_ID, type StartedSession } from '../../fixtures/playback';
import { parseWebVtt } from '../../fixtures/webvtt';

const t = testAppForFile({ rateLimits: roomyRateLimits, mediaDir: tinyMediaDir });
let session: StartedSession & { chapters: { language: string; url: string }[]; class: unknown };
beforeAll(async () => {
  await tinyMedia();
  await seedPlayableClass(t.app);
  const started = (await startPlayback(t.app, { user: await subscriber(t.app, 'standard') })).json<{ session: StartedSession; chapters: { language: string; url: string }[]; class: unknown }>();
  session = { ...started.session, chapters: started.chapters, class: started.class };
}, 240_000);

const signed = (path: string) => `/media/${TINY_MEDIA_ID}/${path}?token=${encodeURIComponent(session.token)}`;

describe('segments', () => {
  it('are served whole with a Cache-Control a CDN can keep', async () => {
    const response = await getMedia(t.app, signed('720p/segment-000.m4s'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    // An fMP4 media segment: a box whose type is styp or moof.
    expect(['styp', 'moof']).toContain(response.rawPayload.subarray(4, 8).toString('latin1'));
  });

  it('answer byte ranges with 206 and exactly those bytes', async () => {
    const whole = (await getMedia(t.app, signed('720p/segment-000.m4s'))).rawPayload;
    const part = await getMedia(t.app, signed('720p/segment-000.m4s'), { range: 'bytes=100-299' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-299/${whole.length}`);
    expect(part.rawPayload.equals(whole.subarray(100, 300))).toBe(true);
    const beyond = await getMedia(t.app, signed('720p/segment-000.m4s'), { range: `bytes=${whole.length + 10}-` });
    expect(beyond.statusCode).toBe(416);
  });

  it('serve the initialisation segment as MP4', async () => {
    const response = await getMedia(t.app, signed('360p/init.mp4'));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('need a token, and never reach outside the media folder', async () => {
    expect((await getMedia(t.app, `/media/${TINY_MEDIA_ID}/720p/segment-000.m4s`)).statusCode).toBe(400);
    for (const path of ['720p/..%2Fmedia.json', '720p/playlist.txt', '..%2F..%2Fjwt-secret/x']) {
      expect((await t.app.inject({ method: 'GET', url: signed(path) })).statusCode).toBe(400);
    }
    expect((await getMedia(t.app, signed('720p/segment-999.m4s'))).statusCode).toBe(404);
  });
});

describe('playlists', () => {
  it('carry the token on every URI and are never stored by a shared cache', async () => {
    const response = await getMedia(t.app, signed('720p/playlist.m3u8'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    const uris = [...playlistUris(response.body), response.body.match(/#EXT-X-MAP:URI="([^"]+)"/)![1]!];
    expect(uris.length).toBeGreaterThan(2);
    for (const uri of uris) expect(uri).toMatch(/^(init\.mp4|segment-\d{3}\.m4s)\?token=/);
  });
});

describe('captions', () => {
  it.each(['en', 'es'])('serves the %s WebVTT track through its subtitle playlist', async (language) => {
    const playlist = await getMedia(t.app, signed(`captions/${language}.m3u8`));
    expect(playlist.statusCode).toBe(200);
    const [vttUri] = playlistUris(playlist.body);
    expect(vttUri).toMatch(new RegExp(`^${language}\\.vtt\\?token=`));
    const track = await getMedia(t.app, `/media/${TINY_MEDIA_ID}/captions/${vttUri}`);
    expect(track.statusCode).toBe(200);
    expect(track.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(track.body.startsWith('WEBVTT')).toBe(true);
    expect(track.body).toContain(language === 'en' ? 'Breathe in' : 'Inspira');
  });
});

describe('chapters', () => {
  it.each([
    ['en', ['Warm-up', 'Main set', 'Cool-down']],
    ['es', ['Calentamiento', 'Bloque principal', 'Vuelta a la calma']],
  ])('serves the %s WebVTT chapters track: the parts in order, covering the clip', async (language, titles) => {
    const track = await getMedia(t.app, signed(`chapters/${language}.vtt`));
    expect(track.statusCode).toBe(200);
    expect(track.headers['content-type']).toBe('text/vtt; charset=utf-8');
    const cues = parseWebVtt(track.body);
    expect(cues.map((cue) => cue.text)).toEqual(titles);
    expect(cues.map((cue) => cue.start)).toEqual(sampleChapters(TINY_MEDIA_ID, TINY_CLIP.durationSeconds).map((chapter) => chapter.startSeconds));
    expect(cues.at(-1)?.end).toBe(TINY_CLIP.durationSeconds);
    for (const [i, cue] of cues.slice(1).entries()) expect(cue.start).toBe(cues[i]!.end);
  });

  it('are listed, signed, in the session the player starts', () => {
    expect(session.chapters).toEqual([
      { language: 'en', url: signed('chapters/en.vtt') },
      { language: 'es', url: signed('chapters/es.vtt') },
    ]);
    // What the lock screen shows while it plays.
    expect(session.class).toEqual({ title: { en: 'Flow', es: 'Flujo' }, instructor: 'Ana', poster_url: '/media/poster-test-yoga-flow/poster.jpg' });
  });

  it('need a valid token and a track name, and answer 404 for a language without one', async () => {
    expect((await getMedia(t.app, `/media/${TINY_MEDIA_ID}/chapters/en.vtt`)).statusCode).toBe(400);
    expect((await getMedia(t.app, `/media/${TINY_MEDIA_ID}/chapters/en.vtt?token=forged`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: signed('chapters/..%2Fmedia.json') })).statusCode).toBe(400);
    expect((await getMedia(t.app, signed('chapters/fr.vtt'))).statusCode).toBe(404);
  });
});

describe('posters', () => {
  it('are public JPEGs', async () => {
    const response = await getMedia(t.app, `/media/${TINY_MEDIA_ID}/poster.jpg`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
  });

  it('answer 404 for a media that does not exist', async () => {
    const response = await getMedia(t.app, '/media/no-such-media/poster.jpg');
    expect(response.statusCode).toBe(404);
    expect(response.json().isSuccess).toBe(false);
  });
});
