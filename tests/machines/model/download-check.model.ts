// Model of the online check of this device's downloads (machines/download-check.machine.ts):
// a check when signed in and online, a notice naming what was removed and why, until dismissed.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { downloadCheckMachine, type DownloadCheckContext } from '@machines/download-check.machine';
import type { MachineModel } from './machine-model';

const revoked = { classId: 'c1', title: { en: 'Morning flow', es: 'Flujo matinal' }, reason: 'subscription_ended' };
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as DownloadCheckContext;

export const model: MachineModel = {
  machine: downloadCheckMachine,
  outputs: { checkLicences: [[], [revoked]] },
  // The list grows with each check: the graph tells apart only whether a notice is showing.
  serialize: (snapshot) => JSON.stringify([snapshot.value, contextOf(snapshot).revoked.length > 0]),
  states: {
    idle: ({ snapshot, started }) => {
      expect(started[0]?.src).toBe('watchChecks');
      expect(contextOf(snapshot).revoked).toEqual([]);
    },
    checking: ({ lastStarted }) => expect(lastStarted('checkLicences')).toBeDefined(),
    notifying: ({ snapshot }) => {
      expect(contextOf(snapshot).revoked.length).toBeGreaterThan(0);
      expect(contextOf(snapshot).revoked.every((download) => download.reason === 'subscription_ended')).toBe(true);
    },
  },
  after: {
    'notice.dismiss': ({ snapshot }) => expect(contextOf(snapshot).revoked).toEqual([]),
    // A notice showing when a check starts stays, whatever the check answers, until dismissed.
    'done: checkLicences': ({ snapshot, previous }) => {
      if (previous && contextOf(previous).revoked.length > 0) expect(snapshot.matches('notifying')).toBe(true);
    },
    'error: checkLicences': ({ snapshot, previous }) => expect(snapshot.matches('notifying')).toBe(contextOf(previous!).revoked.length > 0),
  },
};
