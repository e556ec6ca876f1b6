// Media files: posters (public) and, for a signed grant only, rendition playlists, segments and
// captions. The grant is checked from the URL alone (no database), so a CDN could do the same;
// segments are streamed from disk with byte ranges and cached as immutable.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { routeSchema } from '../contract';
import { HttpError } from '../errors';
import { renditionHeight } from '../media/ladder';
import { signPlaylist } from '../playback/playlists';
import { verifyMediaGrant, type MediaGrant } from '../playback/signing';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

type Signed = { Querystring: { token: string } };

export default async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const { mediaDir, playbackSecret } = app.config;
  await mkdir(mediaDir, { recursive: true });
  // Only `reply.sendFile` (ranges, ETag, streaming), inside this plugin; the routes below decide what is served.
  await app.register(fastifyStatic, { root: mediaDir, serve: false, cacheControl: false, dotfiles: 'deny' });

  async function grantFor(token: string, mediaId: string): Promise<MediaGrant> {
    const grant = await verifyMediaGrant(playbackSecret, token, new Date());
    if (!grant || grant.mediaId !== mediaId) throw new HttpError(403, 'playback.badLink');
    return grant;
  }

  async function grantForRendition(token: string, mediaId: string, rendition: string): Promise<void> {
    const grant = await grantFor(token, mediaId);
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
      await grantForRendition(request.query.token, mediaId, rendition);
      return sendPlaylist(reply, `${mediaId}/${rendition}/playlist.m3u8`, request.query.token);
    },
  );

  app.get<{ Params: { mediaId: string; rendition: string; segment: string } } & Signed>(
    '/media/:mediaId/:rendition/:segment',
    { schema: routeSchema('GET', '/media/{mediaId}/{rendition}/{segment}') },
    async (request, reply) => {
      const { mediaId, rendition, segment } = request.params;
      await grantForRendition(request.query.token, mediaId, rendition);
      return sendFile(reply, `${mediaId}/${rendition}/${segment}`, 'video/mp4', IMMUTABLE);
    },
  );

  app.get<{ Params: { mediaId: string; track: string } } & Signed>(
    '/media/:mediaId/captions/:track',
    { schema: routeSchema('GET', '/media/{mediaId}/captions/{track}') },
    async (request, reply) => {
      const { mediaId, track } = request.params;
      await grantFor(request.query.token, mediaId);
      const file = `${mediaId}/captions/${track}`;
      if (track.endsWith('.m3u8')) return sendPlaylist(reply, file, request.query.token);
      return sendFile(reply, file, 'text/vtt; charset=utf-8', IMMUTABLE);
    },
  );
}
