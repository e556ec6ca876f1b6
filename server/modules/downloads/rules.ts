// The licence rules an account's downloads are brought in line with before every downloads call
// and at every plan change: expiry, access (the playback rule), signed-out devices, the plan's
// quality cap and its number of download devices (docs/decisions/038).
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { components } from '@domain/api-schema';
import type { Queryable } from '@server/db/client';
import { downloadLicences, plans, subscriptions, users } from '@server/db/schema';
import { accessOf, accessOrder, type AccessRow, type PlaybackPlan, type RefusalReason } from '@server/modules/playback';
import type { MediaRow } from '@server/modules/media';

/** A licence lasts this long from its issue or last renewal. */
export const LICENCE_DAYS = 30;
export const LICENCE_MS = LICENCE_DAYS * 86_400_000;
/** At most this many classes on one device. */
export const CLASSES_PER_DEVICE = 25;

export type LicenceRow = typeof downloadLicences.$inferSelect;
export type RevokeReason = components['schemas']['DownloadRevokeReason'];
/** Why an account may not download now: the playback rule's answers. */
export type AccessRefusal = Extract<RefusalReason, 'no_subscription' | 'subscription_ended' | 'subscription_paused' | 'payment_required'>;

/** The playback plan, with how many devices may hold downloads at once (plan data: Basic 1, Standard 2, Premium 6, Mobile 1). */
export type DownloadPlan = PlaybackPlan;

export type DownloadAccess = { plan: DownloadPlan } | { refusal: AccessRefusal };

/** An open licence as the rules see it: which device holds which class at which rendition. */
export interface OpenLicence {
  id: string;
  deviceId: string;
  classId: string;
  rendition: string;
}

/** The access `settleDownloads` found; with access, the devices holding downloads once settled and their licences. */
export type SettledAccess = { plan: DownloadPlan; devices: HoldingDevice[]; licences: OpenLicence[] } | { refusal: AccessRefusal };

/** A device holding downloads, as the account's other devices see it. */
export interface HoldingDevice {
  deviceId: string;
  deviceName: string;
  /** The profile its sign-in is on (decision 064), null before one is chosen. */
  profileName: string | null;
  /** Its last sign-in, token refresh or downloads call. */
  lastSeenAt: Date;
  classes: number;
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

/**
 * The devices holding downloads (as `settleDownloads` ranked them) once `deviceId` has been seen
 * at `now` (its licences used by the call), in the same order: the most recently seen first.
 */
export function seenNow(devices: HoldingDevice[], deviceId: string, now: Date): HoldingDevice[] {
  return devices
    .map((holding) => (holding.deviceId === deviceId && holding.lastSeenAt < now ? { ...holding, lastSeenAt: now } : holding))
    .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || (a.deviceId < b.deviceId ? -1 : a.deviceId > b.deviceId ? 1 : 0));
}

/**
 * Serializes the account's downloads calls and plan changes (a row lock on the account, honoured
 * by PostgreSQL and PGlite alike): two devices asking for the last slot at once are answered
 * one after the other, and the second sees the first's licence. The same statement reads what
 * the playback rule (`accessOf`, domain/subscriptions.ts `givesAccess`) decides on, with the
 * plan's download devices.
 */
export async function lockedAccess(tx: Queryable, userId: string, now: Date): Promise<DownloadAccess> {
  const rows = await tx
    .select({ subscription: subscriptions, plan: plans })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(users.id, userId))
    .orderBy(accessOrder)
    .for('update', { of: users });
  const access = accessOf(
    rows.filter((row): row is AccessRow => row.subscription !== null && row.plan !== null),
    now,
  );
  return 'refusal' in access ? { refusal: access.refusal as AccessRefusal } : access;
}

/** The rows of a raw statement, from either driver (PGlite answers `{ rows }`, node-postgres a `QueryResult`). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

interface SettledRow {
  device_id: string;
  device_name: string;
  profile_name: string | null;
  last_seen_at: Date | string;
  classes: number;
  id: string;
  class_id: string;
  rendition: string;
}

/**
 * Brings the account's licences in line with the rules now, inside the caller's transaction:
 * those past their expiry end as `expired`; without access every licence is revoked with the
 * refusal's reason; then those of signed-out devices, those above the plan's cap, and the
 * devices beyond the plan's download devices (the most recently seen are kept). Answers the
 * access it found, with the devices then holding downloads and their open licences. Plan changes
 * call it where they are applied (a downgrade revokes at the change).
 *
 * Two statements: the account's lock with its access, then one that ends what the rules end and
 * answers what is left. Each licence ends with the first reason that applies, in the order above
 * (an expired one keeps its expiry as its end); the devices are ranked on the licences no earlier
 * rule ends, the most recently seen first (the latest of their licences' use and their sign-in session's).
 */
export async function settleDownloads(tx: Queryable, userId: string, now: Date): Promise<SettledAccess> {
  const access = await lockedAccess(tx, userId, now);
  const at = sql`${now.toISOString()}::timestamptz`;
  if ('refusal' in access) {
    await tx.execute(sql`update download_licences
      set revoked_at = case when expires_at <= ${at} then expires_at else ${at} end,
          revoke_reason = case when expires_at <= ${at} then ${'expired' satisfies RevokeReason}::text else ${access.refusal satisfies RevokeReason}::text end
      where user_id = ${userId} and revoked_at is null`);
    return access;
  }
  const cap = access.plan.maxVideoHeight;
  const kept = Math.max(0, access.plan.downloads);
  const result = await tx.execute(sql`with open as (
      select l.id, l.device_id, l.class_id, l.rendition, l.expires_at, l.height, l.last_used_at,
             s.id is not null as signed_in, s.device_name, s.last_seen_at, p.name as profile_name
      from download_licences l
      left join sessions s on s.id = l.device_id and s.revoked_at is null
      left join profiles p on p.id = s.profile_id
      where l.user_id = ${userId} and l.revoked_at is null
    ), kept as (
      select * from open where expires_at > ${at} and signed_in and height <= ${cap}::int
    ), devices as (
      select device_id, device_name, profile_name, greatest(max(last_used_at), last_seen_at) as last_seen_at, count(*)::int as classes,
             row_number() over (order by greatest(max(last_used_at), last_seen_at) desc, device_id asc) as rank
      from kept
      group by device_id, device_name, profile_name, last_seen_at
    ), ended as (
      update download_licences l
      set revoked_at = case when o.expires_at <= ${at} then o.expires_at else ${at} end,
          revoke_reason = case
            when o.expires_at <= ${at} then ${'expired' satisfies RevokeReason}::text
            when not o.signed_in then ${'signed_out' satisfies RevokeReason}::text
            when o.height > ${cap}::int then ${'quality_not_in_plan' satisfies RevokeReason}::text
            else ${'device_limit' satisfies RevokeReason}::text
          end
      from open o
      where l.id = o.id
        and (o.expires_at <= ${at} or not o.signed_in or o.height > ${cap}::int
             or o.device_id in (select device_id from devices where rank > ${kept}::int))
    )
    select d.device_id, d.device_name, d.profile_name, d.last_seen_at, d.classes, k.id, k.class_id, k.rendition
    from devices d join kept k on k.device_id = d.device_id
    where d.rank <= ${kept}::int
    order by d.rank, k.id`);
  const devices: HoldingDevice[] = [];
  const licences: OpenLicence[] = [];
  for (const row of rowsOf<SettledRow>(result)) {
    if (devices.at(-1)?.deviceId !== row.device_id) {
      devices.push({ deviceId: row.device_id, deviceName: row.device_name, profileName: row.profile_name, lastSeenAt: new Date(row.last_seen_at), classes: Number(row.classes) });
    }
    licences.push({ id: row.id, deviceId: row.device_id, classId: row.class_id, rendition: row.rendition });
  }
  // The devices still holding downloads: the caller asks no more (a licence issued next counts them).
  return { plan: access.plan, devices, licences };
}

/** Why a licence is refused (a DownloadRefused's reason). */
export type Refusal = AccessRefusal | 'device_not_allowed' | 'quality_not_in_plan' | 'other_account' | 'other_device';

/** What asking for a licence comes to. */
export type CreateOutcome =
  | { kind: 'preparing' }
  | { kind: 'limit'; reason: 'device_limit' | 'class_limit'; plan: DownloadPlan; devices: HoldingDevice[] }
  | { kind: 'issued' | 'renewed'; licence: LicenceRow; media: MediaRow };
