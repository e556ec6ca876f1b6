// Model of /downloads (machines/downloads.machine.ts): the list and storage read from this device
// first, the devices count after (the list never waits for the network), and Delete, after which
// the list is read again. Walked from a fresh start and from a page drawn with the list already.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { downloadsMachine, type DownloadsContext } from '@machines/downloads.machine';
import type { MachineModel } from './machine-model';
import { LICENCE_ID, record } from './download-fixtures';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as DownloadsContext;
const local = { downloads: [record(true)], storage: { usage: 8_000_000, quota: 1_000_000_000 } };

export const model: MachineModel = {
  machine: downloadsMachine,
  inputs: [undefined, { shown: local }],
  events: { 'download.delete': [{ type: 'download.delete', classId: 'c1', licenceId: LICENCE_ID }] },
  outputs: { loadDownloads: [local, { downloads: [], storage: null }], countDevices: [{ inUse: 1, allowed: 2 }, null], deleteDownload: [undefined] },
  states: {
    loading: ({ snapshot, event, previous }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      // A page drawn with the list keeps it while it is read again: nothing on screen goes away.
      if (event.type === 'xstate.init') expect(contextOf(snapshot).downloads).toHaveLength(contextOf(snapshot).storage ? 1 : 0);
      else if (previous) expect(contextOf(snapshot).downloads).toEqual(contextOf(previous).downloads);
    },
    'showing.counting': ({ snapshot, lastStarted }) => {
      // The list is shown before the devices are counted: the count is asked for only now.
      expect(snapshot.hasTag('loading')).toBe(false);
      expect(lastStarted('countDevices')).toBeDefined();
      expect(contextOf(snapshot).deleting).toBeNull();
      if (!contextOf(snapshot).failed) expect([0, 1]).toContain(contextOf(snapshot).downloads.length);
    },
    'showing.counted': ({ snapshot }) => {
      expect(contextOf(snapshot).deleting).toBeNull();
      expect(snapshot.hasTag('loading')).toBe(false);
    },
    deleting: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('deleteDownload')?.input).toEqual({ classId: 'c1', licenceId: LICENCE_ID });
    },
  },
  after: {
    'done: countDevices': ({ snapshot, event }) => expect(contextOf(snapshot).devices).toEqual((event as { output?: unknown }).output ?? null),
    'error: countDevices': ({ snapshot }) => expect(contextOf(snapshot).devices).toBeNull(),
  },
};
