// Playback sessions: one per device watching, live while heartbeats arrive (every 30 s; ended
// after 90 s of silence), at most the plan's screens live per account.
import { and, asc, eq, getTableColumns, gt, isNull, notExists, sql } from 'drizzle-orm';
import type { components } from '@domain/api-schema';
import type { Database } from '@server/db/client';
import { playbackSessions, profiles, sessions, users } from '@server/db/schema';
import type { PlaybackPlan } from './access';

export type PlaybackSessionRow = typeof playbackSessions.$inferSelect;
export type EndReason = components['schemas']['PlaybackEndedError']['reason'];

export const HEARTBEAT_SECONDS = 30;
export const SILENCE_LIMIT_SECONDS = 90;

function silenceCutoff(now: Date): Date {
  return new Date(now.getTime() - SILENCE_LIMIT_SECONDS * 1000);
}

export function isLive(session: PlaybackSessionRow, now: Date): boolean {
  return session.endedAt === null && session.lastHeartbeatAt.getTime() > silenceCutoff(now).getTime();
}

/** Why a session that is not live ended: a silent one that nobody closed has expired. */
export function endReason(session: PlaybackSessionRow): EndReason {
  return (session.endReason as EndReason | null) ?? 'expired';
}

export interface NewSession {
  userId: string;
  classId: string;
  mediaId: string;
  /** The device's identity (`deviceIdentity`, its sign-in session), never the client's label. */
  deviceId: string;
  deviceName: string;
  plan: PlaybackPlan;
}

export type StartResult = { session: PlaybackSessionRow } | { watching: (PlaybackSessionRow & { profileName: string | null })[] };

/**
 * Opens a session unless the account already has as many live ones as its plan's screens. The
 * same device's earlier session is replaced, not counted; one whose device has signed out (its
 * sign-in session ended) is stopped. The account's row is locked for the check, so two devices
 * starting at once cannot both take the last screen.
 */
export async function startSession(db: Database, input: NewSession, now: Date): Promise<StartResult> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    const open = and(eq(playbackSessions.userId, input.userId), isNull(playbackSessions.endedAt));
    const signedIn = tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(sql`${sessions.id}::text = ${playbackSessions.deviceId}`, isNull(sessions.revokedAt)));
    await tx
      .update(playbackSessions)
      .set({ endedAt: now, endReason: 'stopped' })
      .where(and(open, notExists(signedIn)));
    await tx
      .update(playbackSessions)
      .set({ endedAt: now, endReason: 'replaced' })
      .where(and(open, eq(playbackSessions.deviceId, input.deviceId)));
    // Each with the profile its device is on, so the screen can say who is watching (decision 064).
    const watching = await tx
      .select({ ...getTableColumns(playbackSessions), profileName: profiles.name })
      .from(playbackSessions)
      .leftJoin(sessions, eq(sql`${sessions.id}::text`, playbackSessions.deviceId))
      .leftJoin(profiles, eq(profiles.id, sessions.profileId))
      .where(and(open, gt(playbackSessions.lastHeartbeatAt, silenceCutoff(now))))
      .orderBy(asc(playbackSessions.startedAt));
    if (watching.length >= input.plan.simultaneousScreens) return { watching };
    const [session] = await tx
      .insert(playbackSessions)
      .values({
        userId: input.userId,
        classId: input.classId,
        mediaId: input.mediaId,
        deviceId: input.deviceId,
        deviceName: input.deviceName,
        planId: input.plan.id,
        maxVideoHeight: input.plan.maxVideoHeight,
        startedAt: now,
        lastHeartbeatAt: now,
      })
      .returning();
    return { session: session! };
  });
}

export async function findSession(db: Database, id: string): Promise<PlaybackSessionRow | null> {
  const [row] = await db.select().from(playbackSessions).where(eq(playbackSessions.id, id));
  return row ?? null;
}

/** Records a heartbeat if the session is still live; answers the session as it now stands. */
export async function recordHeartbeat(db: Database, session: PlaybackSessionRow, now: Date): Promise<PlaybackSessionRow> {
  const [updated] = await db
    .update(playbackSessions)
    .set({ lastHeartbeatAt: now })
    .where(and(eq(playbackSessions.id, session.id), isNull(playbackSessions.endedAt), gt(playbackSessions.lastHeartbeatAt, silenceCutoff(now))))
    .returning();
  if (updated) return updated;
  return endSession(db, session, now, 'expired');
}

/** Ends a session (once: an ended one keeps its first reason and time). */
export async function endSession(db: Database, session: PlaybackSessionRow, now: Date, reason: EndReason): Promise<PlaybackSessionRow> {
  const [ended] = await db
    .update(playbackSessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(playbackSessions.id, session.id), isNull(playbackSessions.endedAt)))
    .returning();
  return ended ?? (await findSession(db, session.id)) ?? session;
}
