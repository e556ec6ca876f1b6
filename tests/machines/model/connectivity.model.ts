// Model of connectivity (machines/connectivity.machine.ts): online or offline as the browser
// says at the start, then as its online and offline events say.
import { expect } from 'vitest';
import { connectivityMachine } from '@machines/connectivity.machine';
import type { MachineModel } from './machine-model';

export const model: MachineModel = {
  machine: connectivityMachine,
  inputs: [{ online: true }, { online: false }],
  states: {
    deciding: () => expect.unreachable('the machine never rests in deciding'),
    online: ({ event, snapshot }) => {
      if (event.type === 'xstate.init') expect(snapshot.context.online).toBe(true);
    },
    offline: ({ event, snapshot }) => {
      if (event.type === 'xstate.init') expect(snapshot.context.online).toBe(false);
    },
  },
  after: {
    'connection.offline': ({ snapshot }) => expect(snapshot.matches('offline')).toBe(true),
    'connection.online': ({ snapshot }) => expect(snapshot.matches('online')).toBe(true),
  },
};
