// Model of What's new (machines/whats-new.machine.ts): a first visit records the version
// silently, a seen version shows nothing, an older one waits for a signed-in user and opens
// once, recording the version as it opens.
import { expect } from 'vitest';
import { whatsNewMachine } from '@machines/whats-new.machine';
import type { MachineModel } from './machine-model';

export const model: MachineModel = {
  machine: whatsNewMachine,
  inputs: [
    { version: '1.4.0', lastSeen: null, signedIn: true },
    { version: '1.4.0', lastSeen: '1.4.0', signedIn: true },
    { version: '1.4.0', lastSeen: '1.3.2', signedIn: false },
    { version: '1.4.0', lastSeen: '1.3.2', signedIn: true },
  ],
  events: {
    'session.changed': [
      { type: 'session.changed', signedIn: true },
      { type: 'session.changed', signedIn: false },
    ],
  },
  states: {
    // Transient: the machine decides at once on starting and never rests here.
    deciding: () => expect.unreachable('the machine never rests in deciding'),
    waiting: ({ snapshot, actions }) => {
      expect(snapshot.context.signedIn).toBe(false);
      expect(actions.filter((a) => a.name === 'rememberVersion')).toEqual([]);
    },
    open: ({ snapshot, actions }) => {
      expect(snapshot.context.signedIn).toBe(true);
      expect(actions.filter((a) => a.name === 'rememberVersion').map((a) => a.params)).toEqual(['1.4.0']);
    },
    done: ({ snapshot, actions }) => {
      const remembered = actions.filter((a) => a.name === 'rememberVersion').map((a) => a.params);
      // Recorded exactly once, unless this version had been seen here before.
      expect(remembered).toEqual(snapshot.context.lastSeen === '1.4.0' ? [] : ['1.4.0']);
    },
  },
  after: {
    'whatsNew.close': ({ snapshot }) => expect(snapshot.status).toBe('done'),
  },
};
