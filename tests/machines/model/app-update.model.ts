// Model of the app update prompt (machines/app-update.machine.ts): nothing until a new version
// waits; then the prompt until Reload (the new version takes over, once) or Not now.
import { expect } from 'vitest';
import { appUpdateMachine } from '@machines/app-update.machine';
import type { MachineModel } from './machine-model';

const applied = (actions: { name: string }[]) => actions.filter((a) => a.name === 'applyUpdate').length;

export const model: MachineModel = {
  machine: appUpdateMachine,
  states: {
    current: ({ actions, started }) => {
      expect(started.map((s) => s.src)).toEqual(['watchForUpdate']);
      expect(applied(actions)).toBe(0);
    },
    available: ({ actions }) => expect(applied(actions)).toBe(0),
    reloading: ({ actions, snapshot }) => {
      expect(applied(actions)).toBe(1);
      expect(snapshot.hasTag('busy')).toBe(true);
    },
    dismissed: ({ actions }) => expect(applied(actions)).toBe(0),
  },
  after: {
    // A version that waits again (the worker reports it more than once) changes nothing once decided.
    'update.ready': ({ snapshot, previous }) => {
      if (previous!.matches('current')) expect(snapshot.matches('available')).toBe(true);
      else expect(snapshot.value).toEqual(previous!.value);
    },
  },
};
