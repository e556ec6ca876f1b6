// Media files: posters (public) and, under a signed grant only, rendition playlists, segments,
// captions and chapters, served as stored. The grant is a path segment checked from the URL (and
// the session's grant cookie) alone, with the same code the nginx edge runs (edge/media-grant.js,
// docs/decisions/053), so with the edge configured no media request reaches Node. Files are
// streamed from disk with byte ranges; segments and tracks are cached as immutable.
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeSchema } from '@server/contract';
import { HttpError } from '@server/errors';
import { mediaRefusal } from './signing';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const VTT_TYPE = 'text/vtt; charset=utf-8';

type Granted<P> = { Params: P & { mediaId: string; grant: string } };

export default async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const { mediaDir, playbackSecret } = app.config;
  await mkdir(mediaDir, { recursive: true });
  // Only `reply.sendFile` (ranges, ETag, streaming), inside this plugin; the routes below decide what is served.
  await app.register(fastifyStatic, { root: mediaDir, serve: false, cacheControl: false, dotfiles: 'deny' });

  // A refusal or a missing file is never kept by a cache (a file's own Cache-Control is set before it is looked for).
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode >= 400) reply.header('Cache-Control', 'no-store');
  });

  /** 403 with the edge's code unless the request's grant opens `file` (a path under the media's folder). */
  function checkGrant(request: FastifyRequest<Granted<object>>, file: string): void {
    const { mediaId, grant } = request.params;
    const refusal = mediaRefusal(playbackSecret, mediaId, grant, file, request.headers.cookie, new Date());
    if (refusal) throw new HttpError(403, refusal);
  }

  /**
   * A stored file as it is on disk. A playlist names its files relatively, so they are asked for
   * under the same grant; an HLS playlist is never stored by a shared cache (its URL carries a
   * session's grant).
   */
  function sendFile(reply: FastifyReply, file: string, type: string, cacheControl: string): FastifyReply {
    return reply.type(type).header('Cache-Control', cacheControl).sendFile(file, { contentType: false });
  }
  const playlistOrTrack = (file: string) => (file.endsWith('.m3u8') ? ([PLAYLIST_TYPE, 'private, no-store'] as const) : ([VTT_TYPE, IMMUTABLE] as const));

  // A sample class's poster in the page's language where it has one (docs/decisions/059), as the edge answers it.
  app.get<{ Params: { mediaId: string }; Querystring: { lang?: string } }>('/media/:mediaId/poster.jpg', { schema: routeSchema('GET', '/media/{mediaId}/poster.jpg') }, async (request, reply) => {
    const { mediaId } = request.params;
    const { lang } = request.query;
    const own = lang && lang !== 'en' ? `${mediaId}/poster-${lang}.jpg` : null;
    const file = own && (await access(path.join(mediaDir, own)).then(() => true, () => false)) ? own : `${mediaId}/poster.jpg`;
    return sendFile(reply, file, 'image/jpeg', 'public, max-age=86400');
  });

  app.get<Granted<{ rendition: string }>>(
    '/media/:mediaId/:grant/:rendition/playlist.m3u8',
    { schema: routeSchema('GET', '/media/{mediaId}/{grant}/{rendition}/playlist.m3u8') },
    async (request, reply) => {
      const { mediaId, rendition } = request.params;
      checkGrant(request, `${rendition}/playlist.m3u8`);
      return sendFile(reply, `${mediaId}/${rendition}/playlist.m3u8`, PLAYLIST_TYPE, 'private, no-store');
    },
  );

  app.get<Granted<{ rendition: string; segment: string }>>(
    '/media/:mediaId/:grant/:rendition/:segment',
    { schema: routeSchema('GET', '/media/{mediaId}/{grant}/{rendition}/{segment}') },
    async (request, reply) => {
      const { mediaId, rendition, segment } = request.params;
      checkGrant(request, `${rendition}/${segment}`);
      // A language's rendition playlist (`playlist-es.m3u8`, docs/decisions/059) is served as `playlist.m3u8` is.
      if (segment.endsWith('.m3u8')) return sendFile(reply, `${mediaId}/${rendition}/${segment}`, PLAYLIST_TYPE, 'private, no-store');
      return sendFile(reply, `${mediaId}/${rendition}/${segment}`, 'video/mp4', IMMUTABLE);
    },
  );

  for (const folder of ['captions', 'chapters'] as const) {
    app.get<Granted<{ track: string }>>(
      `/media/:mediaId/:grant/${folder}/:track`,
      { schema: routeSchema('GET', `/media/{mediaId}/{grant}/${folder}/{track}`) },
      async (request, reply) => {
        const { mediaId, track } = request.params;
        checkGrant(request, `${folder}/${track}`);
        const [type, cacheControl] = playlistOrTrack(track);
        return sendFile(reply, `${mediaId}/${folder}/${track}`, type, cacheControl);
      },
    );
  }
}
