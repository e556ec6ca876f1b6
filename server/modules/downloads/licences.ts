// What one device asks of its downloads: a licence for a class (issued, renewed or replaced),
// its files again, the online check that renews or reports each licence, and the deletions.
// Every function runs inside the caller's transaction, after `settleDownloads`.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@server/db/client';
import { downloadLicences } from '@server/db/schema';
import { CLASSES_PER_DEVICE, LICENCE_MS, openLicences, revokeLicences, type DownloadPlan, type HoldingDevice, type LicenceRow, type OpenLicence, type RevokeReason } from './rules';

/** A licence renewed less than this long ago answers `valid` to a check, not `renewed` (no write per check). */
export const RENEW_AFTER_MS = 86_400_000;

export type LicenceStatus = { id: string; licence: LicenceRow | null; status: 'valid' | 'renewed' | 'revoked'; reason: RevokeReason | null };

export function deviceLicences(userId: string, deviceId: string) {
  return and(openLicences(userId), eq(downloadLicences.deviceId, deviceId));
}

/** `deviceLicences` unqualified, for a statement of its own (a CTE's update). */
function deviceLicencesRaw(userId: string, deviceId: string): SQL {
  return sql`user_id = ${userId} and device_id = ${deviceId} and revoked_at is null`;
}

/** Marks the device's open licences used now: the most recently used devices are kept on a downgrade. */
export async function touchDevice(tx: Queryable, userId: string, deviceId: string, now: Date): Promise<void> {
  await tx.update(downloadLicences).set({ lastUsedAt: now }).where(deviceLicences(userId, deviceId));
}

export async function listDeviceLicences(tx: Queryable, userId: string, deviceId: string): Promise<LicenceRow[]> {
  return tx.select().from(downloadLicences).where(deviceLicences(userId, deviceId)).orderBy(desc(downloadLicences.issuedAt));
}

async function renew(tx: Queryable, id: string, now: Date): Promise<LicenceRow | undefined> {
  const [renewed] = await tx
    .update(downloadLicences)
    .set({ renewedAt: now, expiresAt: new Date(now.getTime() + LICENCE_MS), lastUsedAt: now })
    .where(eq(downloadLicences.id, id))
    .returning();
  return renewed;
}

export type LimitReason = 'device_limit' | 'class_limit';

export type IssueOutcome = { kind: 'issued' | 'renewed'; licence: LicenceRow } | { kind: 'limit'; reason: LimitReason; devices: HoldingDevice[] };

/** The account's settled downloads as a licence for one class on one device is decided on. */
export interface LicenceAsk {
  deviceId: string;
  classId: string;
  plan: DownloadPlan;
  /** Those holding downloads and their open licences, as `settleDownloads` left them in this transaction. */
  devices: HoldingDevice[];
  licences: OpenLicence[];
}

/**
 * Which limit refuses this device the class's licence now, or null: a class it holds is always
 * renewed or replaced; another needs fewer than 25 classes on the device and, on a device holding
 * none, a free slot among the plan's download devices. The one rule `issueLicence` applies and
 * the overview's head start is handed out by.
 */
export function licenceLimit(ask: LicenceAsk): LimitReason | null {
  const held = ask.licences.filter((licence) => licence.deviceId === ask.deviceId);
  if (held.some((licence) => licence.classId === ask.classId)) return null;
  if (held.length >= CLASSES_PER_DEVICE) return 'class_limit';
  if (held.length === 0 && ask.devices.length >= ask.plan.downloads) return 'device_limit';
  return null;
}

/**
 * A licence for the class at this rendition on this device: the one it holds, renewed; or a new
 * one, replacing one at another rendition, unless `licenceLimit` refuses it (nothing is read
 * again). One statement in each case but a replacement (two).
 */
export async function issueLicence(
  tx: Queryable,
  input: LicenceAsk & { userId: string; mediaId: string; rendition: string; height: number },
  now: Date,
): Promise<IssueOutcome> {
  const held = input.licences.filter((licence) => licence.deviceId === input.deviceId);
  const same = held.find((licence) => licence.classId === input.classId);
  // Settled in this transaction, under the account's lock: the row is there.
  if (same && same.rendition === input.rendition) return { kind: 'renewed', licence: (await renew(tx, same.id, now))! };
  const limit = licenceLimit(input);
  if (limit) return { kind: 'limit', reason: limit, devices: input.devices };
  if (same) await revokeLicences(tx, eq(downloadLicences.id, same.id), 'replaced', now);
  // The new licence is used now; the device's others too, in the same statement (none when it
  // held only the one replaced, or nothing).
  const others = held.some((other) => other.id !== same?.id);
  const touched = tx
    .$with('touched', { id: sql<string>`id` })
    .as(sql`update ${downloadLicences} set last_used_at = ${now.toISOString()}::timestamptz where ${deviceLicencesRaw(input.userId, input.deviceId)} returning id`);
  const [licence] = await (others ? tx.with(touched) : tx)
    .insert(downloadLicences)
    .values({
      userId: input.userId,
      deviceId: input.deviceId,
      classId: input.classId,
      mediaId: input.mediaId,
      rendition: input.rendition,
      height: input.height,
      issuedAt: now,
      renewedAt: now,
      expiresAt: new Date(now.getTime() + LICENCE_MS),
      lastUsedAt: now,
    })
    .returning();
  return { kind: 'issued', licence: licence! };
}

export async function findLicences(tx: Queryable, ids: readonly string[]): Promise<LicenceRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(downloadLicences).where(inArray(downloadLicences.id, [...ids]));
}

/**
 * Each licence asked about, as this device learns it: valid ones of this device renewed (once a
 * day at most), ended ones with their reason, unknown ids as `unknown`. The caller has refused
 * another account's licence, and another device's that is still valid.
 */
export async function checkLicences(tx: Queryable, found: LicenceRow[], ids: readonly string[], deviceId: string, now: Date): Promise<LicenceStatus[]> {
  const byId = new Map(found.map((licence) => [licence.id, licence]));
  const answers: LicenceStatus[] = [];
  for (const id of ids) {
    const licence = byId.get(id);
    if (!licence) answers.push({ id, licence: null, status: 'revoked', reason: 'unknown' });
    else if (licence.revokedAt !== null || licence.deviceId !== deviceId) {
      answers.push({ id, licence, status: 'revoked', reason: (licence.revokeReason as RevokeReason | null) ?? 'unknown' });
    } else if (now.getTime() - licence.renewedAt.getTime() >= RENEW_AFTER_MS) {
      answers.push({ id, licence: (await renew(tx, licence.id, now)) ?? licence, status: 'renewed', reason: null });
    } else answers.push({ id, licence, status: 'valid', reason: null });
  }
  return answers;
}

/** Another account's licence among `found`, or this account's held valid by another device. */
export function foreignLicence(found: LicenceRow[], userId: string, deviceId: string): 'other_account' | 'other_device' | null {
  if (found.some((licence) => licence.userId !== userId)) return 'other_account';
  if (found.some((licence) => licence.deviceId !== deviceId && licence.revokedAt === null)) return 'other_device';
  return null;
}

/** Revokes every open licence of the account's device `deviceId`: answers how many. */
export async function removeDeviceDownloads(tx: Queryable, userId: string, deviceId: string, now: Date): Promise<number> {
  return (await revokeLicences(tx, deviceLicences(userId, deviceId), 'removed', now)).length;
}

/** Revokes this device's licences when the Mobile plan meets a computer. */
export async function revokeNotAllowed(tx: Queryable, userId: string, deviceId: string, now: Date): Promise<void> {
  await revokeLicences(tx, deviceLicences(userId, deviceId), 'device_not_allowed', now);
}
