// Downloads API: licences for this device (issue, list, files again, delete), the online check
// that renews or revokes them, and removing every download from one of the account's devices.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '@domain/api-schema';
import { routeSchema } from '@server/contract';
import { deviceIdentity } from '@server/modules/auth';
import { mediaPreparing } from '@server/modules/playback';
import { downloadFiles, downloadHeadStart } from './files';
import { negotiateLocale } from '@server/i18n';
import { CLASSES_PER_DEVICE, type HoldingDevice, type LicenceRow, type RevokeReason } from './rules';
import { DownloadRefused, type AskingDevice } from './service';

type Schemas = components['schemas'];

const base = '/api/v1/downloads';

function licenceView(licence: LicenceRow): Schemas['DownloadLicence'] {
  return {
    id: licence.id,
    class_id: licence.classId,
    media_id: licence.mediaId,
    rendition: licence.rendition,
    height: licence.height,
    device_id: licence.deviceId,
    issued_at: licence.issuedAt.toISOString(),
    renewed_at: licence.renewedAt.toISOString(),
    expires_at: licence.expiresAt.toISOString(),
  };
}

function devicesView(devices: HoldingDevice[], current: string): Schemas['DownloadDevice'][] {
  return devices.map((device) => ({
    device_id: device.deviceId,
    device_name: device.deviceName,
    profile_name: device.profileName,
    last_seen_at: device.lastSeenAt.toISOString(),
    classes: device.classes,
    current: device.deviceId === current,
  }));
}

function asking(request: FastifyRequest): AskingDevice {
  return { userId: request.user.id, deviceId: deviceIdentity(request.user), headers: request.headers };
}

/** Answers a refusal the service threw (after rolling back) as the contract's 403; rethrows anything else. */
async function refusing<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DownloadRefused)) throw error;
    const code = `downloads.refused.${error.reason}` as const;
    const body: Schemas['DownloadRefusedError'] = { isSuccess: false, message: reply.request.t(code), statusCode: 403, code, reason: error.reason };
    return reply.code(403).send(body);
  }
}

function ended(reply: FastifyReply, reason: RevokeReason): FastifyReply {
  const code = `downloads.ended.${reason}` as const;
  const body: Schemas['DownloadEndedError'] = { isSuccess: false, message: reply.request.t(code), statusCode: 410, code, reason };
  return reply.code(410).send(body);
}

export default async function downloadsRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { preHandler: app.authenticate };
  const { mediaDir, playbackSecret } = app.config;

  app.get<{ Querystring: { class_id?: string } }>(`${base}/licences`, { ...signedIn, schema: routeSchema('GET', `${base}/licences`) }, async (request, reply): Promise<Schemas['DownloadsOverview']> => {
    const now = new Date();
    const device = asking(request);
    const overview = await app.downloads.overview(device, now, request.query.class_id);
    const headStart = overview.media && overview.plan ? await downloadHeadStart(mediaDir, playbackSecret, device.deviceId, overview.media, overview.plan.maxVideoHeight, now, negotiateLocale(request.headers['accept-language'])) : null;
    reply.header('Cache-Control', 'no-store');
    return {
      isSuccess: true,
      device_id: device.deviceId,
      download_devices: overview.plan && !overview.refused ? overview.plan.downloads : 0,
      classes_per_device: CLASSES_PER_DEVICE,
      max_video_height: overview.plan && !overview.refused ? overview.plan.maxVideoHeight : null,
      refused: overview.refused,
      licences: overview.licences.map(licenceView),
      devices: devicesView(overview.devices, device.deviceId),
      head_start: headStart,
    };
  });

  app.post<{ Body: Schemas['DownloadLicenceRequest'] }>(
    `${base}/licences`,
    { ...signedIn, schema: routeSchema('POST', `${base}/licences`) },
    async (request, reply) =>
      refusing(reply, async () => {
        const now = new Date();
        const device = asking(request);
        const result = await app.downloads.create(device, { classId: request.body.class_id, rendition: request.body.rendition }, now);
        if (result.kind === 'preparing') {
          const { headers, body } = mediaPreparing(request);
          return reply.code(503).headers(headers).send(body);
        }
        if (result.kind === 'limit') {
          const code = result.reason === 'device_limit' ? 'downloads.deviceLimit' : 'downloads.classLimit';
          const body: Schemas['DownloadLimitError'] = {
            isSuccess: false,
            message: request.t(code, { devices: result.plan.downloads, classes: CLASSES_PER_DEVICE }),
            statusCode: 409,
            code,
            reason: result.reason,
            download_devices: result.plan.downloads,
            classes_per_device: CLASSES_PER_DEVICE,
            devices: devicesView(result.devices, device.deviceId),
          };
          return reply.code(409).send(body);
        }
        reply.code(result.kind === 'issued' ? 201 : 200);
        const body: Schemas['DownloadLicenceSuccess'] = {
          isSuccess: true,
          licence: licenceView(result.licence),
          files: await downloadFiles(mediaDir, playbackSecret, result.licence, result.media, now, negotiateLocale(request.headers['accept-language'])),
        };
        return body;
      }),
  );

  app.get<{ Params: { licenceId: string } }>(
    `${base}/licences/:licenceId/files`,
    { ...signedIn, schema: routeSchema('GET', `${base}/licences/{licenceId}/files`) },
    async (request, reply) =>
      refusing(reply, async () => {
        const now = new Date();
        const found = await app.downloads.files(asking(request), request.params.licenceId, now);
        if (found.kind === 'ended') return ended(reply, found.reason);
        reply.header('Cache-Control', 'no-store');
        const body: Schemas['DownloadLicenceSuccess'] = {
          isSuccess: true,
          licence: licenceView(found.licence),
          files: await downloadFiles(mediaDir, playbackSecret, found.licence, found.media, now, negotiateLocale(request.headers['accept-language'])),
        };
        return body;
      }),
  );

  app.delete<{ Params: { licenceId: string } }>(
    `${base}/licences/:licenceId`,
    { ...signedIn, schema: routeSchema('DELETE', `${base}/licences/{licenceId}`) },
    async (request, reply) =>
      refusing(reply, async () => {
        const endedBefore = await app.downloads.remove(request.user.id, request.params.licenceId, new Date());
        if (endedBefore) return ended(reply, endedBefore);
        return { isSuccess: true };
      }),
  );

  app.delete<{ Params: { deviceId: string } }>(
    `${base}/devices/:deviceId`,
    { ...signedIn, schema: routeSchema('DELETE', `${base}/devices/{deviceId}`) },
    async (request): Promise<Schemas['DownloadDeviceRemoved']> => ({
      isSuccess: true,
      revoked: await app.downloads.removeDevice(request.user.id, request.params.deviceId, new Date()),
    }),
  );

  app.post<{ Body: Schemas['DownloadCheckRequest'] }>(
    `${base}/check`,
    { ...signedIn, schema: routeSchema('POST', `${base}/check`) },
    async (request, reply) =>
      refusing(reply, async (): Promise<Schemas['DownloadCheckSuccess']> => {
        const now = new Date();
        const answers = await app.downloads.check(asking(request), request.body.licence_ids, now);
        return {
          isSuccess: true,
          checked_at: now.toISOString(),
          licences: answers.map(({ id, licence, status, reason }) => ({
            id,
            class_id: licence?.classId ?? null,
            status,
            reason,
            expires_at: status === 'revoked' || !licence ? null : licence.expiresAt.toISOString(),
          })),
        };
      }),
  );
}
