// App layer: `app.playback`, the rules of a playback session: who may start one (subscription,
// device, screens), heartbeats that keep it live, stopping it, what its master playlist may
// offer, saving progress in a class, and the players' quality reports (./quality.ts).
import { classPosterPath, findMedia, type MediaRow } from '@server/modules/media';
import type { IncomingHttpHeaders } from 'node:http';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '@server/db/client';
import { classes, instructors, type LocalizedText } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { findPlayableClass, playbackAccess, type PlaybackPlan, type RefusalReason } from './access';
import { describeDevice } from '@server/modules/auth';
import { checkEffort, type EffortReport } from '@server/modules/activity';
import { findProgress, reachesCompletion, REPORT_EXPIRY_DAYS, resumePosition, saveProgress } from './progress';
import { liveSessionsGauge } from './live-sessions';
import { endSession, findSession, isLive, recordHeartbeat, startSession, type PlaybackSessionRow } from './sessions';
import { recordQuality, type QualityTotals } from './quality';
import { playbackQualityMetrics, type QualityMetrics } from './quality-metrics';

export type StartOutcome =
  | { kind: 'refused'; reason: RefusalReason }
  /** The class's media is not made yet (the sample media's first preparation). */
  | { kind: 'preparing' }
  | { kind: 'screenLimit'; plan: PlaybackPlan; watching: (PlaybackSessionRow & { profileName: string | null })[] }
  | { kind: 'started'; session: PlaybackSessionRow; plan: PlaybackPlan; media: MediaRow; resumePositionSeconds: number; watched: WatchedClass };

/** What the device's media controls show of the class (docs/decisions/036). */
export interface WatchedClass {
  title: LocalizedText;
  instructor: string;
  /** The class's poster (its media's, server/modules/media/class-posters.ts), for the lock screen. */
  posterPath: string;
}

export type HeartbeatOutcome =
  | { kind: 'otherAccount' }
  | { kind: 'refused'; reason: RefusalReason }
  | { kind: 'ended'; session: PlaybackSessionRow }
  | { kind: 'live'; session: PlaybackSessionRow; plan: PlaybackPlan };

export interface ProgressListeners {
  onProgress(profileId: string): void;
  /** The save reached completion (the 90 % rule), even of a class completed before. */
  onCompleted(profileId: string, classId: string, now: Date): Promise<unknown>;
}

export function playbackService(db: Database, { onProgress, onCompleted }: ProgressListeners, metrics: QualityMetrics) {
  async function findClass(id: string) {
    const [found] = await db.select().from(classes).where(eq(classes.id, id));
    if (!found) throw new HttpError(404, 'playback.classNotFound');
    return found;
  }

  /** The session (404 when unknown), or null when it is another account's. */
  async function ownSession(sessionId: string, userId: string): Promise<PlaybackSessionRow | null> {
    const session = await findSession(db, sessionId);
    if (!session) throw new HttpError(404, 'playback.sessionNotFound');
    return session.userId === userId ? session : null;
  }

  /**
   * Keeps the session's quality report, adding its increase to the metrics once stored; a
   * report that cannot be true of the session is refused (400) before anything changes.
   */
  async function takeQuality(session: PlaybackSessionRow, report: QualityTotals | undefined, now: Date): Promise<void> {
    if (!report) return;
    const media = await findMedia(db, session.mediaId);
    const outcome = await recordQuality(db, session, report, media?.renditions.map((rendition) => rendition.name) ?? [], now);
    if (outcome.kind === 'refused') throw new HttpError(400, outcome.code);
    metrics.record(outcome.increase);
  }

  return {
    /** A new session on this device for the class, where to resume it, or why not. */
    async start(input: { userId: string; /** Whose progress the class resumes from. */ profileId: string; classId: string; /** The device's server-issued identity (deviceIdentity). */ deviceId: string; headers: IncomingHttpHeaders }, now: Date): Promise<StartOutcome> {
      // A class published later cannot be played yet (it is not in the catalog either).
      const watched = await findPlayableClass(db, input.classId, now);
      if (!watched) throw new HttpError(404, 'playback.classNotFound');
      const access = await playbackAccess(db, input.userId, now);
      if ('refusal' in access) return { kind: 'refused', reason: access.refusal };
      const device = describeDevice(input.headers);
      if (access.plan.mobileOnly && !device.isMobile) return { kind: 'refused', reason: 'device_not_allowed' };
      const media = await findMedia(db, watched.mediaId);
      if (!media) return { kind: 'preparing' };
      const result = await startSession(
        db,
        { userId: input.userId, classId: watched.id, mediaId: media.id, deviceId: input.deviceId, deviceName: device.name, plan: access.plan },
        now,
      );
      if ('watching' in result) return { kind: 'screenLimit', plan: access.plan, watching: result.watching };
      const progress = await findProgress(db, input.profileId, watched.id);
      const [teacher] = await db.select({ name: instructors.name }).from(instructors).where(eq(instructors.id, watched.instructorId));
      return {
        kind: 'started',
        session: result.session,
        plan: access.plan,
        media,
        resumePositionSeconds: resumePosition(progress, media.durationSeconds),
        watched: { title: watched.title, instructor: teacher?.name ?? '', posterPath: classPosterPath(watched) },
      };
    },
    /** Keeps the session live under the plan the account has now (a lost plan ends it), with the player's quality totals. */
    async heartbeat(userId: string, sessionId: string, now: Date, quality?: QualityTotals): Promise<HeartbeatOutcome> {
      const session = await ownSession(sessionId, userId);
      if (!session) return { kind: 'otherAccount' };
      await takeQuality(session, quality, now);
      const access = await playbackAccess(db, userId, now);
      if ('refusal' in access) {
        await endSession(db, session, now, 'no_access');
        return { kind: 'refused', reason: access.refusal };
      }
      const current = await recordHeartbeat(db, session, now);
      if (!isLive(current, now)) return { kind: 'ended', session: current };
      return { kind: 'live', session: current, plan: access.plan };
    },
    /** Ends the account's session, with its player's last quality totals; null when it is another account's. */
    async stop(userId: string, sessionId: string, quality?: QualityTotals): Promise<PlaybackSessionRow | null> {
      const now = new Date();
      const session = await ownSession(sessionId, userId);
      if (!session) return null;
      await takeQuality(session, quality, now);
      await endSession(db, session, now, 'stopped');
      return session;
    },
    /** What a granted session's master playlist offers now: the plan is read again, so a plan change applies at once. */
    async playlist(sessionId: string, now: Date): Promise<{ kind: 'ended'; session: PlaybackSessionRow } | { kind: 'live'; session: PlaybackSessionRow; media: MediaRow; plan: PlaybackPlan }> {
      const session = await findSession(db, sessionId);
      if (!session) throw new HttpError(404, 'playback.sessionNotFound');
      if (!isLive(session, now)) return { kind: 'ended', session };
      const access = await playbackAccess(db, session.userId, now);
      if ('refusal' in access) throw new HttpError(403, `playback.refused.${access.refusal}`);
      const media = await findMedia(db, session.mediaId);
      if (!media) throw new HttpError(404, 'playback.noMedia');
      return { kind: 'live', session, media, plan: access.plan };
    },
    /**
     * Saves a progress report (decision 041): `watchedAt` is when it was watched (a report queued
     * offline comes later; never in the future, never older than REPORT_EXPIRY_DAYS), and a
     * report id already applied answers the saved progress and changes nothing but its effort
     * (decision 073), which is checked against the class's length as sold before anything changes.
     */
    async saveProgress(profileId: string, classId: string, positionSeconds: number, report: { reportId?: string; watchedAt?: string; effort?: EffortReport } = {}) {
      const now = new Date();
      const watchedAt = report.watchedAt ? new Date(Math.min(Date.parse(report.watchedAt), now.getTime())) : now;
      if (now.getTime() - watchedAt.getTime() > REPORT_EXPIRY_DAYS * 86_400_000) throw new HttpError(400, 'playback.reportExpired');
      const watched = await findClass(classId);
      if (report.effort) checkEffort(report.effort, watched.durationSeconds);
      const media = await findMedia(db, watched.mediaId);
      const mediaDurationSeconds = media?.durationSeconds ?? watched.durationSeconds;
      // The report's key keeps the time the report claims (a clock ahead of ours keeps it
      // replayable for longer), so pruning it (prune-reports.ts) never lets a replay count twice.
      const claimedAt = report.watchedAt ? new Date(report.watchedAt) : now;
      const saved = await saveProgress(db, { profileId, classId: watched.id, positionSeconds, mediaDurationSeconds, reportId: report.reportId, claimedAt, effort: report.effort }, watchedAt);
      if (!saved.applied) return saved.row;
      onProgress(profileId);
      if (reachesCompletion(positionSeconds, mediaDurationSeconds)) await onCompleted(profileId, watched.id, watchedAt);
      return saved.row;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    playback: ReturnType<typeof playbackService>;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'playback',
      playbackService(app.db, {
        onProgress: (profileId) => app.classes.progressChanged(profileId),
        // A programme the profile follows advances (decision 033).
        onCompleted: (profileId, classId, now) => app.programmes.classCompleted(profileId, classId, now),
      }, playbackQualityMetrics(app.metrics)),
    );
    liveSessionsGauge(app.metrics, app.db, (error) => app.log.warn({ err: error }, 'counting the live playback sessions for the metrics failed'));
  },
  { name: 'playback-service', dependencies: ['config-and-database', 'metrics', 'classes-service', 'programmes-service'] },
);
