// Model of data saver (machines/data-saver.machine.ts): on limits streaming, off never does,
// automatic does on metered or slow connections; each setting is remembered on the device.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { limitsStreaming, UNKNOWN_CONNECTION } from '@domain/data-saver';
import { dataSaverMachine, type DataSaverContext } from '@machines/data-saver.machine';
import type { MachineModel } from './machine-model';

const fast = { saveData: false, effectiveType: '4g', connectionType: 'wifi' };
const slow = { saveData: false, effectiveType: '3g', connectionType: null };
const saving = { saveData: true, effectiveType: '4g', connectionType: null };
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as DataSaverContext;

export const model: MachineModel = {
  machine: dataSaverMachine,
  inputs: [
    { preference: 'auto', connection: UNKNOWN_CONNECTION },
    { preference: 'auto', connection: saving },
    { preference: 'on', connection: fast },
    { preference: 'off', connection: slow },
  ],
  events: {
    'dataSaver.set': [
      { type: 'dataSaver.set', preference: 'on' },
      { type: 'dataSaver.set', preference: 'off' },
      { type: 'dataSaver.set', preference: 'auto' },
      { type: 'dataSaver.set', preference: 'sometimes' },
    ],
    'connection.changed': [
      { type: 'connection.changed', ...fast },
      { type: 'connection.changed', ...slow },
    ],
  },
  states: {
    deciding: () => expect.unreachable('the machine never rests in deciding'),
    limiting: ({ snapshot }) => expect(limitsStreaming(contextOf(snapshot).preference, contextOf(snapshot).connection)).toBe(true),
    free: ({ snapshot }) => expect(limitsStreaming(contextOf(snapshot).preference, contextOf(snapshot).connection)).toBe(false),
  },
  after: {
    'dataSaver.set': ({ snapshot, event, previous, actions }) => {
      const persisted = actions.filter((a) => a.name === 'persistPreference').map((a) => a.params);
      if (['auto', 'on', 'off'].includes(event.preference as string)) {
        expect(contextOf(snapshot).preference).toBe(event.preference);
        expect(persisted.at(-1)).toBe(event.preference);
      } else {
        expect(contextOf(snapshot)).toEqual(contextOf(previous!));
      }
    },
    'connection.changed': ({ snapshot, event }) => {
      const { type: _type, ...hints } = event;
      expect(contextOf(snapshot).connection).toEqual(hints);
    },
  },
};
