// Model of /downloads (machines/downloads.machine.ts): the list, storage and devices, and Delete,
// after which the list is read again.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { downloadsMachine, type DownloadsContext } from '@machines/downloads.machine';
import type { MachineModel } from './machine-model';
import { LICENCE_ID, record } from './download-fixtures';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as DownloadsContext;
const list = { downloads: [record(true)], storage: { usage: 8_000_000, quota: 1_000_000_000 }, devices: { inUse: 1, allowed: 2 } };

export const model: MachineModel = {
  machine: downloadsMachine,
  events: { 'download.delete': [{ type: 'download.delete', classId: 'c1', licenceId: LICENCE_ID }] },
  outputs: { loadDownloads: [list, { downloads: [], storage: null, devices: null }], deleteDownload: [undefined] },
  states: {
    loading: ({ snapshot }) => expect(snapshot.hasTag('loading')).toBe(true),
    showing: ({ snapshot }) => {
      expect(contextOf(snapshot).deleting).toBeNull();
      if (!contextOf(snapshot).failed) expect([0, 1]).toContain(contextOf(snapshot).downloads.length);
    },
    deleting: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('deleteDownload')?.input).toEqual({ classId: 'c1', licenceId: LICENCE_ID });
    },
  },
};
