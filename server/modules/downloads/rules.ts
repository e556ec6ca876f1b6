// The licence rules an account's downloads are brought in line with before every downloads call
// and at every plan change: expiry, access (the playback rule), signed-out devices, the plan's
// quality cap and its number of download devices (docs/decisions/038).
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, notExists, sql, type SQL } from 'drizzle-orm';
import type { components } from '@api/schema';
import type { Queryable } from '@server/db/client';
import { downloadLicences, sessions, users } from '@server/db/schema';
import { playbackAccess, type PlaybackPlan, type RefusalReason } from '@server/modules/playback/access';

/** A licence lasts this long from its issue or last renewal. */
export const LICENCE_DAYS = 30;
export const LICENCE_MS = LICENCE_DAYS * 86_400_000;
/** At most this many classes on one device. */
export const CLASSES_PER_DEVICE = 25;

export type LicenceRow = typeof downloadLicences.$inferSelect;
export type RevokeReason = components['schemas']['DownloadRevokeReason'];
/** Why an account may not download now: the playback rule's answers. */
export type AccessRefusal = Extract<RefusalReason, 'no_subscription' | 'subscription_ended' | 'payment_required'>;

/** The playback plan, with how many devices may hold downloads at once (plan data: Basic 1, Standard 2, Premium 6, Mobile 1). */
export type DownloadPlan = PlaybackPlan;

export type DownloadAccess = { plan: DownloadPlan } | { refusal: AccessRefusal };

/** The access `settleDownloads` found; with access, the devices holding downloads once settled. */
export type SettledAccess = { plan: DownloadPlan; devices: HoldingDevice[] } | { refusal: AccessRefusal };

/** A device holding downloads, as the account's other devices see it. */
export interface HoldingDevice {
  deviceId: string;
  deviceName: string;
  /** Its last sign-in, token refresh or downloads call. */
  lastSeenAt: Date;
  classes: number;
}

/** The playback rule (src/domain/subscriptions.ts `givesAccess`, via playbackAccess) with the plan's download devices. */
export async function downloadAccess(db: Queryable, userId: string, now: Date): Promise<DownloadAccess> {
  const access = await playbackAccess(db, userId, now);
  return 'refusal' in access ? { refusal: access.refusal as AccessRefusal } : access;
}

/** The account's open licences (not revoked; after `settleDownloads`, all of them valid). */
export function openLicences(userId: string): SQL {
  return and(eq(downloadLicences.userId, userId), isNull(downloadLicences.revokedAt))!;
}

/** Revokes the open licences `where` selects (each keeps its first reason); answers them. */
export async function revokeLicences(tx: Queryable, where: SQL | undefined, reason: RevokeReason, now: Date): Promise<LicenceRow[]> {
  return tx
    .update(downloadLicences)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(where, isNull(downloadLicences.revokedAt)))
    .returning();
}

/** The account's devices holding open licences, the most recently seen first. */
export async function holdingDevices(db: Queryable, userId: string): Promise<HoldingDevice[]> {
  const lastSeen = sql<Date | string>`greatest(max(${downloadLicences.lastUsedAt}), ${sessions.lastSeenAt})`;
  const rows = await db
    .select({ deviceId: downloadLicences.deviceId, deviceName: sessions.deviceName, lastSeenAt: lastSeen, classes: count() })
    .from(downloadLicences)
    .innerJoin(sessions, eq(sessions.id, downloadLicences.deviceId))
    .where(openLicences(userId))
    .groupBy(downloadLicences.deviceId, sessions.deviceName, sessions.lastSeenAt)
    .orderBy(desc(lastSeen), asc(downloadLicences.deviceId));
  return rows.map((row) => ({ ...row, lastSeenAt: new Date(row.lastSeenAt) }));
}

/**
 * Serializes the account's downloads calls and plan changes (a row lock on the account, honoured
 * by PostgreSQL and PGlite alike): two devices asking for the last slot at once are answered
 * one after the other, and the second sees the first's licence.
 */
export async function lockAccount(tx: Queryable, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Brings the account's licences in line with the rules now, inside the caller's transaction:
 * those past their expiry end as `expired`; without access every licence is revoked with the
 * refusal's reason; then those of signed-out devices, those above the plan's cap, and the
 * devices beyond the plan's download devices (the most recently seen are kept). Answers the
 * access it found, with the devices then holding downloads. Plan changes call it where they are applied (a downgrade revokes at the change).
 */
export async function settleDownloads(tx: Queryable, userId: string, now: Date): Promise<SettledAccess> {
  await lockAccount(tx, userId);
  const open = openLicences(userId);
  await tx
    .update(downloadLicences)
    .set({ revokedAt: sql`${downloadLicences.expiresAt}`, revokeReason: 'expired' satisfies RevokeReason })
    .where(and(open, lte(downloadLicences.expiresAt, now)));
  const access = await downloadAccess(tx, userId, now);
  if ('refusal' in access) {
    await revokeLicences(tx, open, access.refusal, now);
    return access;
  }
  const signedIn = tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, downloadLicences.deviceId), isNull(sessions.revokedAt)));
  await revokeLicences(tx, and(open, notExists(signedIn)), 'signed_out', now);
  await revokeLicences(tx, and(open, gt(downloadLicences.height, access.plan.maxVideoHeight)), 'quality_not_in_plan', now);
  const devices = await holdingDevices(tx, userId);
  const kept = Math.max(0, access.plan.downloads);
  const beyond = devices.slice(kept).map((device) => device.deviceId);
  if (beyond.length > 0) await revokeLicences(tx, and(open, inArray(downloadLicences.deviceId, beyond)), 'device_limit', now);
  // The devices still holding downloads: the caller asks no more (a licence issued next counts them).
  return { plan: access.plan, devices: devices.slice(0, kept) };
}
