// Playback API: start a session (subscription, device and screen rules), keep it live with
// heartbeats, stop one (this device's or another's), the session's master playlist, and progress.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { components } from '@api/schema';
import { routeSchema } from '@server/contract';
import { classes } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { findMedia } from '@server/media/store';
import { playbackAccess, type RefusalReason } from '@server/playback/access';
import { describeDevice } from '@server/playback/devices';
import { mediaPreparing } from '@server/playback/preparing';
import { masterPlaylist } from '@server/playback/playlists';
import { findProgress, resumePosition, saveProgress } from '@server/playback/progress';
import { endReason, endSession, findSession, HEARTBEAT_SECONDS, isLive, recordHeartbeat, startSession, type PlaybackSessionRow } from '@server/playback/sessions';
import { grantCookieName, grantCookiePath, signMediaGrant, verifyMediaGrant } from '@server/playback/signing';

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
  const { playbackSecret, playbackUrlTtlSeconds } = app.config;

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
    const grant = { sessionId: session.id, mediaId: session.mediaId, maxHeight };
    const { token, expiresAt } = await signMediaGrant(playbackSecret, grant, now, playbackUrlTtlSeconds);
    reply.setCookie(grantCookieName(session.id), token, { ...grantCookie(session), maxAge: playbackUrlTtlSeconds });
    return {
      id: session.id,
      class_id: session.classId,
      media_id: session.mediaId,
      device_name: session.deviceName,
      started_at: session.startedAt.toISOString(),
      heartbeat_seconds: HEARTBEAT_SECONDS,
      max_video_height: maxHeight,
      master_playlist_url: `/api/v1/playback/sessions/${session.id}/master.m3u8?token=${encodeURIComponent(token)}`,
      token,
      token_expires_at: expiresAt.toISOString(),
    };
  }

  async function findClass(id: string) {
    const [found] = await app.db.select().from(classes).where(eq(classes.id, id));
    if (!found) throw new HttpError(404, 'playback.classNotFound');
    return found;
  }

  /** This account's session, or the answer that says why not. */
  async function ownSession(reply: FastifyReply, sessionId: string, userId: string): Promise<PlaybackSessionRow | null> {
    const session = await findSession(app.db, sessionId);
    if (!session) throw new HttpError(404, 'playback.sessionNotFound');
    if (session.userId !== userId) {
      refuse(reply, 'other_account');
      return null;
    }
    return session;
  }

  app.post<{ Body: Schemas['PlaybackStartRequest'] }>(
    '/api/v1/playback/sessions',
    { schema: routeSchema('POST', '/api/v1/playback/sessions'), preHandler: app.authenticate },
    async (request, reply) => {
      const now = new Date();
      const watched = await findClass(request.body.class_id);
      const access = await playbackAccess(app.db, request.user.id, now);
      if ('refusal' in access) return refuse(reply, access.refusal);
      const device = describeDevice(request.headers);
      if (access.plan.mobileOnly && !device.isMobile) return refuse(reply, 'device_not_allowed');
      const media = await findMedia(app.db, watched.mediaId);
      if (!media) {
        const { headers, body } = mediaPreparing(request);
        return reply.code(503).headers(headers).send(body);
      }
      const result = await startSession(
        app.db,
        { userId: request.user.id, classId: watched.id, mediaId: media.id, deviceId: request.body.device_id, deviceName: device.name, plan: access.plan },
        now,
      );
      if ('watching' in result) {
        const body: Schemas['ScreenLimitError'] = {
          isSuccess: false,
          message: request.t('playback.screenLimit'),
          statusCode: 409,
          code: 'playback.screenLimit',
          reason: 'screen_limit',
          simultaneous_screens: access.plan.simultaneousScreens,
          watching: result.watching.map((session) => ({
            session_id: session.id,
            device_name: session.deviceName,
            started_at: session.startedAt.toISOString(),
            class_id: session.classId,
          })),
        };
        return reply.code(409).send(body);
      }
      const progress = await findProgress(app.db, request.user.id, watched.id);
      reply.code(201);
      const body: Schemas['PlaybackStartSuccess'] = {
        isSuccess: true,
        session: await sessionView(reply, result.session, access.plan.maxVideoHeight, now),
        duration_seconds: media.durationSeconds,
        resume_position_seconds: resumePosition(progress, media.durationSeconds),
      };
      return body;
    },
  );

  app.post<{ Params: { sessionId: string } }>(
    '/api/v1/playback/sessions/:sessionId/heartbeat',
    { schema: routeSchema('POST', '/api/v1/playback/sessions/{sessionId}/heartbeat'), preHandler: app.authenticate },
    async (request, reply) => {
      const now = new Date();
      const session = await ownSession(reply, request.params.sessionId, request.user.id);
      if (!session) return reply;
      const access = await playbackAccess(app.db, request.user.id, now);
      if ('refusal' in access) {
        await endSession(app.db, session, now, 'no_access');
        return refuse(reply, access.refusal);
      }
      const current = await recordHeartbeat(app.db, session, now);
      if (!isLive(current, now)) return ended(reply, current);
      return { isSuccess: true, session: await sessionView(reply, current, access.plan.maxVideoHeight, now) };
    },
  );

  app.delete<{ Params: { sessionId: string } }>(
    '/api/v1/playback/sessions/:sessionId',
    { schema: routeSchema('DELETE', '/api/v1/playback/sessions/{sessionId}'), preHandler: app.authenticate },
    async (request, reply) => {
      const session = await ownSession(reply, request.params.sessionId, request.user.id);
      if (!session) return reply;
      await endSession(app.db, session, new Date(), 'stopped');
      reply.clearCookie(grantCookieName(session.id), grantCookie(session));
      return { isSuccess: true };
    },
  );

  app.get<{ Params: { sessionId: string }; Querystring: { token: string } }>(
    '/api/v1/playback/sessions/:sessionId/master.m3u8',
    { schema: routeSchema('GET', '/api/v1/playback/sessions/{sessionId}/master.m3u8') },
    async (request, reply) => {
      const now = new Date();
      const grant = await verifyMediaGrant(playbackSecret, request.query.token, now);
      if (!grant || grant.sessionId !== request.params.sessionId) throw new HttpError(403, 'playback.badLink');
      const session = await findSession(app.db, grant.sessionId);
      if (!session) throw new HttpError(404, 'playback.sessionNotFound');
      if (!isLive(session, now)) return ended(reply, session);
      // The plan is read again: an upgrade or downgrade applies from this request on.
      const access = await playbackAccess(app.db, session.userId, now);
      if ('refusal' in access) throw new HttpError(403, `playback.refused.${access.refusal}`);
      const media = await findMedia(app.db, session.mediaId);
      if (!media) throw new HttpError(404, 'playback.noMedia');
      const grantNow = { sessionId: session.id, mediaId: media.id, maxHeight: access.plan.maxVideoHeight };
      const { token } = await signMediaGrant(playbackSecret, grantNow, now, playbackUrlTtlSeconds);
      return reply
        .type('application/vnd.apple.mpegurl')
        .header('Cache-Control', 'no-store')
        .send(masterPlaylist(media, access.plan.maxVideoHeight, token));
    },
  );

  app.put<{ Params: { classId: string }; Body: Schemas['ProgressRequest'] }>(
    '/api/v1/playback/progress/:classId',
    { schema: routeSchema('PUT', '/api/v1/playback/progress/{classId}'), preHandler: app.authenticate },
    async (request): Promise<Schemas['ProgressSuccess']> => {
      const watched = await findClass(request.params.classId);
      const media = await findMedia(app.db, watched.mediaId);
      const progress = await saveProgress(
        app.db,
        {
          userId: request.user.id,
          classId: watched.id,
          positionSeconds: request.body.position_seconds,
          mediaDurationSeconds: media?.durationSeconds ?? watched.durationSeconds,
        },
        new Date(),
      );
      // This instance's own reads see it at once; the others when the database tells them.
      app.catalogReads.progress.invalidate(request.user.id);
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
