// The nginx media edge (scripts/nginx-config.ts, docs/decisions/053) in front of a real server:
// it answers every request for a session's media files itself, as the media routes would (the
// same status, error body in the same language, and the headers a player or a cache reads), and
// passes the rest, a session's master playlist included, to the server. Runs where Debian's
// nginx and its njs module are installed (vitest.config.ts; .ci/run installs them).
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaUrl, signMediaGrant } from '@server/modules/media';
import { testAppForFile } from '../server/harness';
import { roomyRateLimits } from '../server/fixtures/payments-flow';
import { seedPlayableClass, startPlayback, subscriber, tinyMedia, tinyMediaDir, TINY_MEDIA_ID, type StartedSession } from '../server/fixtures/playback';
import { startEdge, type Edge } from '../server/fixtures/nginx-edge';

const t = testAppForFile({ rateLimits: roomyRateLimits, mediaDir: tinyMediaDir });
let edge: Edge;
let node: string;
let session: StartedSession;
/** The paths of the requests that reached the server through the edge (which adds X-Forwarded-For; the test's own direct ones do not). */
const reachedNode: string[] = [];

beforeAll(async () => {
  await tinyMedia();
  await seedPlayableClass(t.app);
  session = (await startPlayback(t.app, { user: await subscriber(t.app, 'basic') })).json<{ session: StartedSession }>().session;
  t.app.server.on('request', (request: IncomingMessage) => {
    if (request.headers['x-forwarded-for']) reachedNode.push(request.url ?? '');
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  node = `http://127.0.0.1:${port}`;
  edge = await startEdge({ balancer: `127.0.0.1:${port}`, mediaDir: tinyMediaDir, playbackSecret: t.config.playbackSecret });
}, 240_000);
afterAll(async () => {
  await edge?.stop();
});

/** What a client notices of an answer: status, the headers players and caches read, and the body. */
async function seen(base: string, url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${url}`, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  const header = (name: string) => response.headers.get(name);
  const type = header('content-type') ?? '';
  return {
    status: response.status,
    type: type.replace(/;\s*/, '; ').toLowerCase(),
    cacheControl: header('cache-control'),
    length: header('content-length'),
    range: header('content-range'),
    acceptRanges: response.status === 200 ? header('accept-ranges') : null,
    resourcePolicy: header('cross-origin-resource-policy'),
    noSniff: header('x-content-type-options'),
    allowOrigin: header('access-control-allow-origin'),
    body: type.startsWith('application/json') ? JSON.parse(body.toString('utf8')) : body.toString('base64'),
  };
}

const grant = (change: Partial<{ mediaId: string; maxHeight: number; at: Date }> = {}) =>
  signMediaGrant(t.config.playbackSecret, { sessionId: session.id, mediaId: change.mediaId ?? TINY_MEDIA_ID, maxHeight: change.maxHeight ?? 720 }, change.at ?? new Date(), 300).token;
const signed = (file: string, token = session.token) => mediaUrl(TINY_MEDIA_ID, token, file);

describe('the media edge', () => {
  it('answers what the media routes answer, file by file', async () => {
    const expired = grant({ at: new Date(Date.now() - 600_000) });
    const [kind, id, , expires, signature] = session.token.split('.');
    const cases: [string, string, Record<string, string>?][] = [
      ['a media segment', signed('720p/segment-000.m4s')],
      ['a byte range of it', signed('720p/segment-000.m4s'), { range: 'bytes=100-299' }],
      ['an initialisation segment', signed('360p/init.mp4')],
      ['a rendition playlist', signed('360p/playlist.m3u8')],
      ['a subtitle playlist', signed('captions/en.m3u8')],
      ['a caption track', signed('captions/es.vtt')],
      ['a chapters track', signed('chapters/en.vtt')],
      ['a poster', `/media/${TINY_MEDIA_ID}/poster.jpg`],
      ['a poster asked for in Spanish, of a media with one poster', `/media/${TINY_MEDIA_ID}/poster.jpg?lang=es`],
      ["a language's rendition playlist the media does not have", signed('360p/playlist-es.m3u8')],
      ['an opening the media does not have', signed('360p/opening-es.m4s')],
      ['a quality above the plan', signed('1080p/init.mp4')],
      ['a quality above the plan, in Spanish', signed('1080p/init.mp4'), { 'accept-language': 'fr, es;q=0.8, en;q=0.5' }],
      ['an expired grant', signed('360p/init.mp4', expired)],
      ['an expired grant and the newer one in its cookie', signed('360p/init.mp4', expired), { cookie: `fs_media_${session.id}=${grant()}` }],
      ['an expired grant and a cookie above the plan', signed('720p/init.mp4', expired), { cookie: `fs_media_${session.id}=${grant({ maxHeight: 360 })}` }],
      ['a raised height', signed('1080p/init.mp4', `${kind}.${id}.2160.${expires}.${signature}`)],
      ['a later expiry', signed('360p/init.mp4', `${kind}.${id}.720.9999999999.${signature}`)],
      ['a forged signature', signed('360p/init.mp4', `${kind}.${id}.720.${expires}.${'A'.repeat(43)}`)],
      ["another media's grant", signed('360p/init.mp4', grant({ mediaId: 'another-media' }))],
      ['a file that is not there', signed('720p/segment-999.m4s')],
      ['a poster that is not there', '/media/no-such-media/poster.jpg'],
    ];
    for (const [what, url, headers] of cases) {
      const [fromEdge, fromNode] = [await seen(edge.url, url, headers), await seen(node, url, headers)];
      expect(fromEdge, what).toEqual(fromNode);
    }
    // Each of them was answered by the edge alone.
    expect(reachedNode.filter((url) => url.startsWith('/media/') && !url.includes('master.m3u8'))).toHaveLength(0);
    expect(edge.served().filter((line) => line.includes(' /media/'))).toHaveLength(cases.length);
  });

  it('refuses in the contract\'s shape, in the asker\'s language', async () => {
    const refused = await seen(edge.url, signed('1080p/segment-000.m4s'), { 'accept-language': 'es-ES,es;q=0.9' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ isSuccess: false, message: 'Tu plan no incluye esta calidad de vídeo.', statusCode: 403, code: 'playback.qualityNotInPlan' });
  });

  it('passes a session\'s master playlist and the API to the server', async () => {
    const before = reachedNode.length;
    const master = await fetch(`${edge.url}${session.master_playlist_url}`);
    expect(master.status).toBe(200);
    const text = await master.text();
    expect(text).toContain('#EXT-X-STREAM-INF');
    // Its renditions play through the edge.
    const rendition = text.split('\n').find((line) => line.startsWith('/media/'))!;
    expect((await fetch(`${edge.url}${rendition}`)).status).toBe(200);
    const [viaEdge, direct] = await Promise.all([edge.url, node].map((base) => seen(base, '/api/v1/account')));
    expect(viaEdge).toEqual(direct);
    expect(reachedNode.slice(before)).toEqual([session.master_playlist_url, '/api/v1/account']);
  });
});
