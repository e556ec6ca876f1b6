// Media files: posters (public) and, for a signed grant only, rendition playlists, segments,
// captions and chapters. The grant is checked from the URL alone (no database), so a CDN could do the same;
// a grant that lists its files (a download's head start) opens those only. Segments are streamed
// from disk with byte ranges and cached as immutable.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeSchema } from '@server/contract';
import { HttpError } from '@server/errors';
import { renditionHeight } from '@server/modules/media/ladder';
import { signPlaylist } from './playlists';
import { expiredMediaGrant, grantCookieName, grantOpens, verifyMediaGrant, type MediaGrant } from './signing';
import { acceptCookies } from '@server/plugins/external/body-parsers';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

type Signed = { Querystring: { token: string } };

export default async function mediaRoutes(app: FastifyInstance): Promise<void> {
  // The media grant cookie (decision 080: only the plugins that use cookies register them).
  await acceptCookies(app);
  const { mediaDir, playbackSecret } = app.config;
  await mkdir(mediaDir, { recursive: true });
  // Only `reply.sendFile` (ranges, ETag, streaming), inside this plugin; the routes below decide what is served.
  await app.register(fastifyStatic, { root: mediaDir, serve: false, cacheControl: false, dotfiles: 'deny' });

  /** The grant of the request's token for `file` (a path under the media's folder): 403 unless it opens that file. */
  async function grantFor(request: FastifyRequest<Signed>, mediaId: string, file: string): Promise<MediaGrant> {
    const now = new Date();
    const { token } = request.query;
    const grant = (await verifyMediaGrant(playbackSecret, token, now)) ?? (await renewedGrant(request, token, now));
    if (!grant || grant.mediaId !== mediaId) throw new HttpError(403, 'playback.badLink');
    // A head start's token opens the files it was handed out with, not the rest of the class,
    // even those a playlist signed with it names.
    if (!grantOpens(grant, file)) throw new HttpError(403, 'playback.fileNotInGrant');
    return grant;
  }

  /**
   * The browser's own HLS keeps the URLs of the playlists it read, whose token expires: the
   * session's grant cookie, renewed by every heartbeat, stands in for an expired token of the
   * same session and media (never for a forged one, another session's, or after the heartbeats
   * stop and the cookie's grant expires too). A grant that lists its files (a head start) is
   * never renewed: its minutes are its whole life.
   */
  async function renewedGrant(request: FastifyRequest, token: string, now: Date): Promise<MediaGrant | null> {
    const expired = await expiredMediaGrant(playbackSecret, token, now);
    if (expired?.files) return null;
    const cookie = expired ? request.cookies[grantCookieName(expired.sessionId)] : undefined;
    const renewed = cookie ? await verifyMediaGrant(playbackSecret, cookie, now) : null;
    return renewed && expired && renewed.sessionId === expired.sessionId && renewed.mediaId === expired.mediaId ? renewed : null;
  }

  async function grantForRendition(request: FastifyRequest<Signed>, mediaId: string, rendition: string, file: string): Promise<void> {
    const grant = await grantFor(request, mediaId, `${rendition}/${file}`);
    if ((renditionHeight(rendition) ?? Infinity) > grant.maxHeight) throw new HttpError(403, 'playback.qualityNotInPlan');
  }

  async function sendPlaylist(reply: FastifyReply, file: string, token: string): Promise<FastifyReply> {
    let stored: string;
    try {
      stored = await readFile(path.join(mediaDir, file), 'utf8');
    } catch {
      throw new HttpError(404, 'playback.mediaNotFound');
    }
    // Each copy carries its session's token: never stored by a shared cache.
    return reply.type(PLAYLIST_TYPE).header('Cache-Control', 'private, no-store').send(signPlaylist(stored, token));
  }

  function sendFile(reply: FastifyReply, file: string, type: string, cacheControl: string): FastifyReply {
    return reply.type(type).header('Cache-Control', cacheControl).sendFile(file, { contentType: false });
  }

  app.get<{ Params: { mediaId: string } }>('/media/:mediaId/poster.jpg', { schema: routeSchema('GET', '/media/{mediaId}/poster.jpg') }, async (request, reply) =>
    sendFile(reply, `${request.params.mediaId}/poster.jpg`, 'image/jpeg', 'public, max-age=86400'),
  );

  app.get<{ Params: { mediaId: string; rendition: string } } & Signed>(
    '/media/:mediaId/:rendition/playlist.m3u8',
    { schema: routeSchema('GET', '/media/{mediaId}/{rendition}/playlist.m3u8') },
    async (request, reply) => {
      const { mediaId, rendition } = request.params;
      await grantForRendition(request, mediaId, rendition, 'playlist.m3u8');
      return sendPlaylist(reply, `${mediaId}/${rendition}/playlist.m3u8`, request.query.token);
    },
  );

  app.get<{ Params: { mediaId: string; rendition: string; segment: string } } & Signed>(
    '/media/:mediaId/:rendition/:segment',
    { schema: routeSchema('GET', '/media/{mediaId}/{rendition}/{segment}') },
    async (request, reply) => {
      const { mediaId, rendition, segment } = request.params;
      await grantForRendition(request, mediaId, rendition, segment);
      return sendFile(reply, `${mediaId}/${rendition}/${segment}`, 'video/mp4', IMMUTABLE);
    },
  );

  app.get<{ Params: { mediaId: string; track: string } } & Signed>(
    '/media/:mediaId/captions/:track',
    { schema: routeSchema('GET', '/media/{mediaId}/captions/{track}') },
    async (request, reply) => {
      const { mediaId, track } = request.params;
      await grantFor(request, mediaId, `captions/${track}`);
      const file = `${mediaId}/captions/${track}`;
      if (track.endsWith('.m3u8')) return sendPlaylist(reply, file, request.query.token);
      return sendFile(reply, file, 'text/vtt; charset=utf-8', IMMUTABLE);
    },
  );

  app.get<{ Params: { mediaId: string; track: string } } & Signed>(
    '/media/:mediaId/chapters/:track',
    { schema: routeSchema('GET', '/media/{mediaId}/chapters/{track}') },
    async (request, reply) => {
      const { mediaId, track } = request.params;
      await grantFor(request, mediaId, `chapters/${track}`);
      return sendFile(reply, `${mediaId}/chapters/${track}`, 'text/vtt; charset=utf-8', IMMUTABLE);
    },
  );
}
