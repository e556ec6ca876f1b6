// Media files as a player and a CDN meet them: segments streamed with byte ranges and immutable
// caching, playlists as stored (their relative URIs under the same grant) and never cached,
// captions, chapters, public posters, bad paths and grants.
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../harness';
import { roomyRateLimits } from '../../fixtures/payments-flow';
import { mediaUrl, signMediaGrant } from '@server/modules/media';
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

const signed = (path: string) => mediaUrl(TINY_MEDIA_ID, session.token, path);

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

  it('need a grant, and never reach outside the media folder', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/media/${TINY_MEDIA_ID}/720p/segment-000.m4s` })).statusCode).toBe(404);
    for (const path of ['720p/..%2Fmedia.json', '720p/playlist.txt', '..%2F..%2Fjwt-secret/x']) {
      expect((await t.app.inject({ method: 'GET', url: signed(path) })).statusCode).toBe(400);
    }
    expect((await getMedia(t.app, signed('720p/segment-999.m4s'))).statusCode).toBe(404);
  });
});

describe('playlists', () => {
  it('are served as stored, naming their files relatively (so under the same grant), never stored by a shared cache', async () => {
    const response = await getMedia(t.app, signed('720p/playlist.m3u8'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    const uris = [...playlistUris(response.body), response.body.match(/#EXT-X-MAP:URI="([^"]+)"/)![1]!];
    expect(uris.length).toBeGreaterThan(2);
    for (const uri of uris) expect(uri).toMatch(/^(init\.mp4|segment-\d{3}\.m4s)$/);
  });
});

describe('captions', () => {
  it.each(['en', 'es'])('serves the %s WebVTT track through its subtitle playlist', async (language) => {
    const playlist = await getMedia(t.app, signed(`captions/${language}.m3u8`));
    expect(playlist.statusCode).toBe(200);
    const [vttUri] = playlistUris(playlist.body);
    expect(vttUri).toBe(`${language}.vtt`);
    const track = await getMedia(t.app, signed(`captions/${vttUri}`));
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
    expect(session.class).toEqual({ title: { en: 'Flow', es: 'Flujo' }, instructor: 'Ana', poster_url: '/media/sample-a/poster.jpg' });
  });

  it('need a valid grant and a track name, and answer 404 for a language without one', async () => {
    expect((await getMedia(t.app, `/media/${TINY_MEDIA_ID}/forged/chapters/en.vtt`)).statusCode).toBe(400);
    const forged = session.token.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const refused = await getMedia(t.app, mediaUrl(TINY_MEDIA_ID, forged, 'chapters/en.vtt'));
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'playback.badLink']);
    expect((await t.app.inject({ method: 'GET', url: signed('chapters/..%2Fmedia.json') })).statusCode).toBe(400);
    expect((await getMedia(t.app, signed('chapters/fr.vtt'))).statusCode).toBe(404);
  });
});

describe('grants', () => {
  const now = new Date();
  const grant = (change: Partial<{ mediaId: string; maxHeight: number; ttl: number; at: Date }> = {}) =>
    signMediaGrant(t.app.config.playbackSecret, { sessionId: session.id, mediaId: change.mediaId ?? TINY_MEDIA_ID, maxHeight: change.maxHeight ?? 720 }, change.at ?? now, change.ttl ?? 300).token;
  const code = async (token: string, file: string, cookie?: string) => {
    const response = await getMedia(t.app, mediaUrl(TINY_MEDIA_ID, token, file), cookie ? { cookie } : {});
    return response.statusCode === 200 ? 200 : [response.statusCode, response.json().code];
  };

  it('open the files of their media up to their height, and nothing else', async () => {
    expect(await code(grant({ maxHeight: 360 }), '360p/init.mp4')).toBe(200);
    expect(await code(grant({ maxHeight: 360 }), '720p/init.mp4')).toEqual([403, 'playback.qualityNotInPlan']);
    expect(await code(grant({ mediaId: 'another-media' }), '360p/init.mp4')).toEqual([403, 'playback.badLink']);
    expect(await code(grant().replace('.720.', '.2160.'), '720p/init.mp4')).toEqual([403, 'playback.badLink']);
  });

  it('expire, unless the session\'s grant cookie holds a newer grant of the same session and media', async () => {
    const expired = grant({ at: new Date(now.getTime() - 400_000) });
    expect(await code(expired, '360p/init.mp4')).toEqual([403, 'playback.badLink']);
    expect(await code(expired, '360p/init.mp4', `fs_media_${session.id}=${grant()}`)).toBe(200);
    expect(await code(expired, '720p/init.mp4', `fs_media_${session.id}=${grant({ maxHeight: 360 })}`)).toEqual([403, 'playback.qualityNotInPlan']);
    expect(await code(expired, '360p/init.mp4', `fs_media_${session.id}=${grant({ mediaId: 'another-media' })}`)).toEqual([403, 'playback.badLink']);
    expect(await code(expired, '360p/init.mp4', `fs_media_${session.id}=${expired}`)).toEqual([403, 'playback.badLink']);
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
