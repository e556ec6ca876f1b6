// Playback API: start a session (subscription, device and screen rules), keep it live with
// heartbeats, stop one (this device's or another's), the session's master playlist (under its
// media grant, beside the media's files), and progress.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '@domain/api-schema';
import { deviceIdentity } from '@server/modules/auth';
import { routeSchema } from '@server/contract';
import { HttpError } from '@server/errors';
import { mediaFolder, firstFramePlaylists, firstRendition, masterPlaylist, masterPlaylistUrl, renditionPlaylistFile, grantCookieName, grantCookiePath, mediaUrl, signMediaGrant, verifyMediaGrant, type MediaRow } from '@server/modules/media';
import { negotiateLocale } from '@server/i18n';
import type { RefusalReason } from './access';
import { mediaPreparing } from './preparing';
import { endReason, HEARTBEAT_SECONDS, type PlaybackSessionRow } from './sessions';
import { acceptCookies } from '@server/plugins/external/body-parsers';

type Schemas = components['schemas'];

function refuse(reply: FastifyReply, reason: RefusalReason): FastifyReply {
  const code = `playback.refused.${reason}` as const;
  const body: Schemas['PlaybackRefusedError'] = { isSuccess: false, message: reply.request.t(code), statusCode: 403, code, reason };
  return reply.code(403).send(body);
}

function ended(reply: FastifyReply, session: PlaybackSessionRow): FastifyReply {
  const reason = endReason(session);
  const code = `playback.ended.${reason}` as const;
  const body: Schemas['PlaybackEndedError'] = { isSuccess: false, message: reply.request.t(code), statusCode: 410, code, reason };
  return reply.code(410).send(body);
}

export default async function playbackRoutes(app: FastifyInstance): Promise<void> {
  // The media grant cookie (decision 080: only the plugins that use cookies register them).
  await acceptCookies(app);
  const { playbackSecret, playbackUrlTtlSeconds, mediaDir } = app.config;

  /** The stored media playlist of the rendition a player starts with (null when it cannot be read: the player then fetches it). */
  async function storedFirstRendition(media: MediaRow, maxHeight: number, language: string) {
    const rendition = firstRendition(media, maxHeight);
    if (!rendition) return null;
    const stored = await readFile(path.join(mediaFolder(mediaDir, media.id), renditionPlaylistFile(media, rendition.name, language)), 'utf8').catch(() => null);
    return stored === null ? null : { name: rendition.name, stored };
  }

  const grantCookie = (session: PlaybackSessionRow) => ({
    path: grantCookiePath(session.mediaId),
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: app.config.secureCookies,
  });

  /**
   * The session as the player reads it, with URLs signed now under the plan's current cap; the
   * same grant goes in the session's media cookie, for players that cannot rewrite their URLs.
   */
  async function sessionView(reply: FastifyReply, session: PlaybackSessionRow, maxHeight: number, now: Date): Promise<Schemas['PlaybackSession']> {
    // The page's language (the app sends it as Accept-Language): a sample class opens in it (docs/decisions/059).
    const language = negotiateLocale(reply.request.headers['accept-language']);
    const grant = { sessionId: session.id, mediaId: session.mediaId, maxHeight };
    const { token, expiresAt } = signMediaGrant(playbackSecret, grant, now, playbackUrlTtlSeconds);
    reply.setCookie(grantCookieName(session.id), token, { ...grantCookie(session), maxAge: playbackUrlTtlSeconds });
    return {
      id: session.id,
      class_id: session.classId,
      media_id: session.mediaId,
      device_name: session.deviceName,
      started_at: session.startedAt.toISOString(),
      heartbeat_seconds: HEARTBEAT_SECONDS,
      max_video_height: maxHeight,
      master_playlist_url: masterPlaylistUrl(session.mediaId, token, language),
      token,
      token_expires_at: expiresAt.toISOString(),
    };
  }

  app.post<{ Body: Schemas['PlaybackStartRequest'] }>(
    '/api/v1/playback/sessions',
    { schema: routeSchema('POST', '/api/v1/playback/sessions'), preHandler: app.authenticateProfile },
    async (request, reply) => {
      const now = new Date();
      const result = await app.playback.start(
        { userId: request.user.id, profileId: request.profileId, classId: request.body.class_id, deviceId: deviceIdentity(request.user), headers: request.headers },
        now,
      );
      if (result.kind === 'refused') return refuse(reply, result.reason);
      if (result.kind === 'preparing') {
        const { headers, body } = mediaPreparing(request);
        return reply.code(503).headers(headers).send(body);
      }
      if (result.kind === 'screenLimit') {
        const body: Schemas['ScreenLimitError'] = {
          isSuccess: false,
          message: request.t('playback.screenLimit'),
          statusCode: 409,
          code: 'playback.screenLimit',
          reason: 'screen_limit',
          simultaneous_screens: result.plan.simultaneousScreens,
          watching: result.watching.map((session) => ({
            session_id: session.id,
            device_name: session.deviceName,
            profile_name: session.profileName,
            started_at: session.startedAt.toISOString(),
            class_id: session.classId,
          })),
        };
        return reply.code(409).send(body);
      }
      reply.code(201);
      const session = await sessionView(reply, result.session, result.plan.maxVideoHeight, now);
      // The first playlists inline and the first segments named: the first frame needs no further round trip for them.
      const maxHeight = result.plan.maxVideoHeight;
      const language = negotiateLocale(request.headers['accept-language']);
      const first = await storedFirstRendition(result.media, maxHeight, language);
      const master = { url: session.master_playlist_url, language };
      const { playlists, preload } = firstFramePlaylists(result.media, maxHeight, session.token, master, first, result.resumePositionSeconds);
      const body: Schemas['PlaybackStartSuccess'] = {
        isSuccess: true,
        session,
        duration_seconds: result.media.durationSeconds,
        resume_position_seconds: result.resumePositionSeconds,
        chapters: result.media.chapters.map((language) => ({
          language,
          url: mediaUrl(result.media.id, session.token, `chapters/${language}.vtt`),
        })),
        class: { title: result.watched.title, instructor: result.watched.instructor, poster_url: result.watched.posterPath },
        playlists,
        preload,
      };
      return body;
    },
  );

  // A heartbeat or a stop without a body (no quality to report) is an empty report.
  const emptyBodyAsReport = async (request: FastifyRequest) => {
    request.body ??= {};
  };

  app.post<{ Params: { sessionId: string }; Body: Schemas['PlaybackReport'] }>(
    '/api/v1/playback/sessions/:sessionId/heartbeat',
    { schema: routeSchema('POST', '/api/v1/playback/sessions/{sessionId}/heartbeat'), preValidation: emptyBodyAsReport, preHandler: app.authenticate },
    async (request, reply) => {
      const now = new Date();
      const beat = await app.playback.heartbeat(request.user.id, request.params.sessionId, now, request.body.quality);
      if (beat.kind === 'otherAccount') return refuse(reply, 'other_account');
      if (beat.kind === 'refused') return refuse(reply, beat.reason);
      if (beat.kind === 'ended') return ended(reply, beat.session);
      return { isSuccess: true, session: await sessionView(reply, beat.session, beat.plan.maxVideoHeight, now) };
    },
  );

  app.delete<{ Params: { sessionId: string }; Body: Schemas['PlaybackReport'] }>(
    '/api/v1/playback/sessions/:sessionId',
    { schema: routeSchema('DELETE', '/api/v1/playback/sessions/{sessionId}'), preValidation: emptyBodyAsReport, preHandler: app.authenticate },
    async (request, reply) => {
      const session = await app.playback.stop(request.user.id, request.params.sessionId, request.body.quality);
      if (!session) return refuse(reply, 'other_account');
      reply.clearCookie(grantCookieName(session.id), grantCookie(session));
      return { isSuccess: true };
    },
  );

  // The master playlist lives beside the media's files, under the same grant (docs/decisions/053):
  // the edge checks and serves the files, and passes this one request of a session to Node.
  app.get<{ Params: { mediaId: string; grant: string }; Querystring: { lang?: string } }>(
    '/media/:mediaId/:grant/master.m3u8',
    { schema: routeSchema('GET', '/media/{mediaId}/{grant}/master.m3u8') },
    async (request, reply) => {
      const now = new Date();
      const grant = verifyMediaGrant(playbackSecret, request.params.mediaId, request.params.grant, now);
      if (!grant) throw new HttpError(403, 'playback.badLink');
      const found = await app.playback.playlist(grant.sessionId, now);
      if (found.kind === 'ended') return ended(reply, found.session);
      const { session, media, plan } = found;
      const grantNow = { sessionId: session.id, mediaId: media.id, maxHeight: plan.maxVideoHeight };
      const { token } = signMediaGrant(playbackSecret, grantNow, now, playbackUrlTtlSeconds);
      return reply
        .type('application/vnd.apple.mpegurl')
        .header('Cache-Control', 'no-store')
        .send(masterPlaylist(media, plan.maxVideoHeight, token, request.query.lang ?? 'en'));
    },
  );

  app.put<{ Params: { classId: string }; Body: Schemas['ProgressRequest'] }>(
    '/api/v1/playback/progress/:classId',
    { schema: routeSchema('PUT', '/api/v1/playback/progress/{classId}'), preHandler: app.authenticateProfile },
    async (request): Promise<Schemas['ProgressSuccess']> => {
      const { position_seconds, report_id, watched_at, effort } = request.body;
      const progress = await app.playback.saveProgress(request.profileId, request.params.classId, position_seconds, { reportId: report_id, watchedAt: watched_at, effort });
      return {
        isSuccess: true,
        progress: {
          class_id: progress.classId,
          position_seconds: progress.positionSeconds,
          completed: progress.completedAt !== null,
          completed_at: progress.completedAt?.toISOString() ?? null,
          updated_at: progress.updatedAt.toISOString(),
        },
      };
    },
  );
}
