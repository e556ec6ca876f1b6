// App layer: `app.downloads`, download licences for (account, device, class, rendition): issued
// under the playback access rule and the plan's cap, download devices and 25 classes a device;
// the device's online check, its files again, and deletions (docs/decisions/038).
import type { IncomingHttpHeaders } from 'node:http';
import { and, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import type { Database, Queryable } from '@server/db/client';
import { downloadLicences, sessions } from '@server/db/schema';
import { HttpError } from '@server/errors';
import { renditionHeight, findMedia, type MediaRow } from '@server/modules/media';
import { findPlayableClassMedia } from '@server/modules/playback';
import { describeDevice } from '@server/modules/auth';
import { licenceCounters } from './metrics';
import { checkLicences, findLicences, foreignLicence, issueLicence, licenceLimit, listDeviceLicences, removeDeviceDownloads, revokeNotAllowed, touchDevice, type LicenceStatus } from './licences';
import { revokeLicences, seenNow, settleDownloads, type AccessRefusal, type CreateOutcome, type DownloadPlan, type HoldingDevice, type LicenceRow, type Refusal, type RevokeReason } from './rules';


/** The device asking: its server-issued identity (`deviceIdentity`) and its request headers (the Mobile plan's rule). */
export interface AskingDevice {
  userId: string;
  deviceId: string;
  headers: IncomingHttpHeaders;
}


export class DownloadRefused extends Error {
  override name = 'DownloadRefused';
  constructor(public readonly reason: Refusal) {
    super(`download refused: ${reason}`);
  }
}

function endReason(licence: LicenceRow): RevokeReason {
  return (licence.revokeReason as RevokeReason | null) ?? 'unknown';
}

export interface Overview {
  plan: DownloadPlan | null;
  refused: AccessRefusal | 'device_not_allowed' | null;
  licences: LicenceRow[];
  devices: HoldingDevice[];
  /** The asked class's media, when a licence for it would be issued to this device now (its files' head start). */
  media: MediaRow | null;
}

function mobileRefused(plan: DownloadPlan, headers: IncomingHttpHeaders): boolean {
  return plan.mobileOnly && !describeDevice(headers).isMobile;
}

export function downloadsService(db: Database, registry: Registry) {
  const licences = licenceCounters(registry);
  const countRefusal = (error: unknown): never => {
    if (error instanceof DownloadRefused) licences.refused(error.reason);
    throw error;
  };

  /** The rules applied, then `work`, in one transaction; a refusal thrown inside rolls everything back. */
  async function settled<T>(userId: string, now: Date, work: (tx: Queryable, access: Awaited<ReturnType<typeof settleDownloads>>) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => work(tx, await settleDownloads(tx, userId, now)));
  }

  /** The account's licence `id` (404 unknown, 403 another account's or another device's when `device` is given). */
  async function ownLicence(tx: Queryable, userId: string, id: string, deviceId?: string): Promise<LicenceRow> {
    const [licence] = await findLicences(tx, [id]);
    if (!licence) throw new HttpError(404, 'downloads.licenceNotFound');
    if (licence.userId !== userId) throw new DownloadRefused('other_account');
    if (deviceId !== undefined && licence.deviceId !== deviceId) throw new DownloadRefused('other_device');
    return licence;
  }

  async function mediaOf(tx: Queryable, mediaId: string): Promise<MediaRow> {
    const media = await findMedia(tx, mediaId);
    if (!media) throw new HttpError(404, 'downloads.mediaNotFound');
    return media;
  }

  return {
    async create(device: AskingDevice, input: { classId: string; rendition: string }, now: Date): Promise<CreateOutcome> {
      // The class and its media in one read, before the transaction (media rows change only when a media is imported).
      const found = await findPlayableClassMedia(db, input.classId, now);
      if (!found) throw new HttpError(404, 'downloads.classNotFound');
      const height = renditionHeight(input.rendition);
      if (height === null) throw new HttpError(400, 'downloads.unknownRendition');
      const { media } = found;
      return settled(device.userId, now, async (tx, access): Promise<CreateOutcome> => {
        if ('refusal' in access) throw new DownloadRefused(access.refusal);
        if (mobileRefused(access.plan, device.headers)) throw new DownloadRefused('device_not_allowed');
        if (height > access.plan.maxVideoHeight) throw new DownloadRefused('quality_not_in_plan');
        if (!media) return { kind: 'preparing' };
        if (!media.renditions.some((rendition) => rendition.name === input.rendition)) throw new HttpError(400, 'downloads.unknownRendition');
        const issued = await issueLicence(
          tx,
          {
            userId: device.userId,
            deviceId: device.deviceId,
            classId: found.found.id,
            mediaId: media.id,
            rendition: input.rendition,
            height,
            plan: access.plan,
            devices: access.devices,
            licences: access.licences,
          },
          now,
        );
        if (issued.kind === 'limit') return { ...issued, plan: access.plan };
        return { ...issued, media };
      }).then(licences.counted, countRefusal);
    },

    /**
     * This device's licences and the plan's limits; with `classId`, that class's media too when
     * `create` would issue (or renew) its licence to this device now: access, the Mobile plan's
     * rule, the device and class limits (`licenceLimit`, decided on the same settled state), the
     * class published and its media made.
     */
    async overview(device: AskingDevice, now: Date, classId?: string): Promise<Overview> {
      const { overview, issuable } = await settled(device.userId, now, async (tx, access): Promise<{ overview: Overview; issuable: string | null }> => {
        await touchDevice(tx, device.userId, device.deviceId, now);
        const licences = await listDeviceLicences(tx, device.userId, device.deviceId);
        // Without access nothing is held any more (settled); with it, this device was just seen.
        if ('refusal' in access) return { overview: { plan: null, refused: access.refusal, licences, devices: [], media: null }, issuable: null };
        const refused = mobileRefused(access.plan, device.headers) ? 'device_not_allowed' : null;
        const issuable =
          classId !== undefined && !refused && licenceLimit({ deviceId: device.deviceId, classId, plan: access.plan, devices: access.devices, licences: access.licences }) === null ? classId : null;
        return { overview: { plan: access.plan, refused, licences, devices: seenNow(access.devices, device.deviceId, now), media: null }, issuable };
      });
      if (issuable === null) return overview;
      return { ...overview, media: (await findPlayableClassMedia(db, issuable, now))?.media ?? null };
    },

    /** The online check: each licence renewed, valid or revoked (and why). */
    async check(device: AskingDevice, ids: readonly string[], now: Date): Promise<LicenceStatus[]> {
      return settled(device.userId, now, async (tx, access) => {
        const foreign = foreignLicence(await findLicences(tx, ids), device.userId, device.deviceId);
        if (foreign) throw new DownloadRefused(foreign);
        if (!('refusal' in access) && mobileRefused(access.plan, device.headers)) await revokeNotAllowed(tx, device.userId, device.deviceId, now);
        await touchDevice(tx, device.userId, device.deviceId, now);
        return checkLicences(tx, await findLicences(tx, ids), ids, device.deviceId, now);
      });
    },

    /** A valid licence of this device with its media, to sign its files again; or why it ended. */
    async files(device: AskingDevice, licenceId: string, now: Date): Promise<{ kind: 'ended'; reason: RevokeReason } | { kind: 'valid'; licence: LicenceRow; media: MediaRow }> {
      return settled(device.userId, now, async (tx, access) => {
        const licence = await ownLicence(tx, device.userId, licenceId, device.deviceId);
        if (licence.revokedAt !== null) return { kind: 'ended', reason: endReason(licence) };
        if (!('refusal' in access) && mobileRefused(access.plan, device.headers)) throw new DownloadRefused('device_not_allowed');
        await touchDevice(tx, device.userId, device.deviceId, now);
        return { kind: 'valid', licence, media: await mediaOf(tx, licence.mediaId) };
      });
    },

    /** Deletes one of the account's downloads (on any of its devices); answers why it had already ended, or null. */
    async remove(userId: string, licenceId: string, now: Date): Promise<RevokeReason | null> {
      return settled(userId, now, async (tx) => {
        const licence = await ownLicence(tx, userId, licenceId);
        if (licence.revokedAt !== null) return endReason(licence);
        await revokeLicences(tx, eq(downloadLicences.id, licence.id), 'deleted', now);
        return null;
      });
    },

    /** "Remove downloads from that device": `deviceId` must be a device (sign-in) of this account. */
    async removeDevice(userId: string, deviceId: string, now: Date): Promise<number> {
      const [known] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, deviceId), eq(sessions.userId, userId)));
      if (!known) throw new HttpError(404, 'downloads.deviceNotFound');
      return settled(userId, now, (tx) => removeDeviceDownloads(tx, userId, deviceId, now));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    downloads: ReturnType<typeof downloadsService>;
  }
}

export default fp(
  async (app) => {
    app.decorate('downloads', downloadsService(app.db, app.metrics));
  },
  { name: 'downloads-service', dependencies: ['config-and-database', 'metrics'] },
);
