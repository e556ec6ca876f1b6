// The downloads calls (docs/decisions/038): this device's licences and the account's download
// devices, a licence for a class (or why not: the device or class limit, a refusal), fresh URLs to
// resume, deleting one, removing a device's downloads, and the online check. Declared here and
// reachable by every part of the app that downloads (the class page and the player too).
import { outcomeOf, type ApiClient } from '@api/client';
import { map, refusalBody, type CallsOf } from '@api/calls';
import type { Schemas } from '@domain/contract';
import type { LicenceAnswer } from '@domain/downloads';
import type { Outcome } from '@domain/request-outcome';

export const calls = (client: ApiClient) => ({
  /** With `classId` (the class's panel), the answer's `head_start` has that class's first files. */
  listDownloads: ({ classId }: { classId?: string } = {}, signal?: AbortSignal) =>
    map(outcomeOf(client.GET('/api/v1/downloads/licences', { params: { query: classId === undefined ? {} : { class_id: classId } }, signal }), signal), (data): Omit<Schemas['DownloadsOverview'], 'isSuccess'> => {
      const { isSuccess: _, ...overview } = data;
      return overview;
    }),
  createDownloadLicence: async ({ classId, quality }: { classId: string; quality: string }, signal?: AbortSignal): Promise<Outcome<LicenceAnswer>> => {
    const call = client.POST('/api/v1/downloads/licences', { body: { class_id: classId, rendition: quality }, signal });
    const outcome = await outcomeOf(call, signal);
    if (outcome.kind === 'ok') return { kind: 'ok', data: { kind: 'issued', licence: outcome.data.licence, files: outcome.data.files } };
    if (outcome.kind === 'failed' && outcome.status === 409) {
      const body = await refusalBody<Schemas['DownloadLimitError']>(call);
      if (body?.reason === 'device_limit') return { kind: 'ok', data: { kind: 'deviceLimit', downloadDevices: body.download_devices, devices: body.devices } };
      if (body?.reason === 'class_limit') return { kind: 'ok', data: { kind: 'classLimit', classesPerDevice: body.classes_per_device } };
    }
    if (outcome.kind === 'failed' && outcome.status === 403) {
      const body = await refusalBody<Schemas['DownloadRefusedError']>(call);
      return { kind: 'ok', data: { kind: 'refused', reason: body?.reason ?? null } };
    }
    return outcome;
  },
  downloadFiles: ({ licenceId }: { licenceId: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.GET('/api/v1/downloads/licences/{licenceId}/files', { params: { path: { licenceId } }, signal }), signal), (data) => ({
      licenceId: data.licence.id,
      expiresAt: data.licence.expires_at,
      files: data.files,
    })),
  deleteDownloadLicence: ({ licenceId }: { licenceId: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.DELETE('/api/v1/downloads/licences/{licenceId}', { params: { path: { licenceId } }, signal }), signal), () => ({})),
  removeDownloadDevice: ({ deviceId }: { deviceId: string }, signal?: AbortSignal) =>
    map(outcomeOf(client.DELETE('/api/v1/downloads/devices/{deviceId}', { params: { path: { deviceId } }, signal }), signal), (data) => ({ revoked: data.revoked })),
  checkDownloads: ({ licenceIds }: { licenceIds: string[] }, signal?: AbortSignal) =>
    map(outcomeOf(client.POST('/api/v1/downloads/check', { body: { licence_ids: licenceIds }, signal }), signal), (data) => data.licences),
});

declare module '@api/calls' {
  interface Api extends CallsOf<typeof calls> {}
}
