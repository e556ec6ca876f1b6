// Model of downloading a class (machines/download.machine.ts): the quality up to the plan's cap,
// the licence (or the device limit with "Remove downloads from that device", the class limit, a
// refusal), the space check before the first byte, progress, cancel, and resume with fresh URLs.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { downloadMachine, type DownloadContext } from '@machines/download.machine';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused } from './outcomes';
import { device, files, licence, LICENCE_ID, PHONE, record } from './download-fixtures';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as DownloadContext;

export const model: MachineModel = {
  machine: downloadMachine,
  input: { classId: 'c1' },
  events: {
    'quality.choose': [
      { type: 'quality.choose', quality: '1080p' },
      { type: 'quality.choose', quality: '2160p' },
    ],
    'device.remove': [{ type: 'device.remove', deviceId: PHONE }],
    'download.progress': [{ type: 'download.progress', bytesDone: 4_000_000, bytesTotal: files.total_bytes }],
  },
  outputs: {
    loadDownload: [
      { record: null, maxHeight: 1080, refused: null },
      { record: record(true), maxHeight: 1080, refused: null },
      { record: record(false), maxHeight: null, refused: null },
    ],
    requestLicence: [
      ok({ kind: 'issued', licence, files }),
      ok({ kind: 'deviceLimit', downloadDevices: 2, devices: [device] }),
      ok({ kind: 'classLimit', classesPerDevice: 25 }),
      ok({ kind: 'refused', reason: 'subscription_ended' }),
      cancelled,
      crashed,
    ],
    removeDevice: [ok({ revoked: 3 }), refused(404)],
    resignFiles: [ok({ licenceId: LICENCE_ID, files }), refused(410), crashed],
    checkSpace: [
      { needed: files.total_bytes, free: 100_000_000 },
      { needed: files.total_bytes, free: 1_000_000 },
    ],
    deleteDownload: [undefined],
  },
  states: {
    loading: ({ started }) => expect(started.map((actor) => actor.src)).toContain('loadDownload'),
    ready: ({ snapshot }) => {
      const context = contextOf(snapshot);
      // The picker never offers more than the plan's cap.
      expect(context.choices.every((choice) => ['360p', '720p', '1080p'].includes(choice))).toBe(true);
      if (context.choices.length > 0) expect(context.quality).not.toBeNull();
      expect(context.licenceId).toBeNull();
    },
    requesting: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('requestLicence')?.input).toEqual({ classId: 'c1', quality: contextOf(snapshot).quality });
    },
    deviceLimit: ({ snapshot }) => {
      expect(contextOf(snapshot).devices).toEqual([device]);
      expect(contextOf(snapshot).downloadDevices).toBe(2);
    },
    removingDevice: ({ lastStarted }) => expect(lastStarted('removeDevice')?.input).toEqual({ deviceId: PHONE }),
    checkingSpace: ({ snapshot }) => expect(contextOf(snapshot).files).toEqual(files),
    releasing: ({ snapshot }) => expect(contextOf(snapshot).problem).toBe('noSpace'),
    fetching: ({ snapshot, actions, lastStarted }) => {
      expect(lastStarted('fetchFiles')?.input).toEqual({ classId: 'c1', quality: contextOf(snapshot).quality, licenceId: LICENCE_ID, files });
      expect(actions.some((action) => action.name === 'keepStorage')).toBe(true);
      expect(contextOf(snapshot).bytesDone).toBeLessThanOrEqual(contextOf(snapshot).bytesTotal);
    },
    paused: ({ snapshot }) => expect(contextOf(snapshot).licenceId).toBe(LICENCE_ID),
    resigning: ({ lastStarted }) => expect(lastStarted('resignFiles')?.input).toEqual({ licenceId: LICENCE_ID }),
    downloaded: ({ snapshot }) => expect(['720p', '1080p']).toContain(contextOf(snapshot).quality),
    removing: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('deleteDownload')?.input).toEqual({ classId: 'c1', licenceId: LICENCE_ID });
    },
  },
  after: {
    'done: checkSpace': ({ snapshot, event }) => {
      const { needed, free } = (event as unknown as { output: { needed: number; free: number } }).output;
      expect(snapshot.matches(needed <= free ? 'fetching' : 'releasing')).toBe(true);
    },
    'done: requestLicence': ({ snapshot, event }) => {
      const output = (event as unknown as { output: { kind: string; data?: { kind: string } } }).output;
      if (output.data?.kind === 'classLimit') expect(contextOf(snapshot).problem).toBe('classLimit');
      if (output.data?.kind === 'refused') expect(contextOf(snapshot).refusal).toBe('subscription_ended');
      if (output.kind === 'failed') expect(contextOf(snapshot).problem).toBe('failed');
    },
    'download.stored': ({ snapshot }) => expect(snapshot.matches('downloaded')).toBe(true),
    'download.interrupted': ({ snapshot }) => expect(contextOf(snapshot).problem).toBe('interrupted'),
    'done: resignFiles': ({ snapshot, event }) => {
      const output = (event as unknown as { output: { kind: string; status?: number } }).output;
      if (output.kind === 'failed' && output.status === 410) expect(contextOf(snapshot).problem).toBe('ended');
    },
  },
};
