// Model of the offline progress queue (machines/progress-queue.machine.ts): it flushes when told
// to and when the connection returns, waits and tries again when the server cannot be reached,
// and never flushes while the device is offline.
import { expect } from 'vitest';
import { progressQueueMachine } from '@machines/progress-queue.machine';
import type { MachineModel, World } from './machine-model';

const flushes = ({ started }: World) => started.filter((s) => s.src === 'flushQueue').length;

export const model: MachineModel = {
  machine: progressQueueMachine,
  inputs: [{ online: true }, { online: false }],
  outputs: { flushQueue: [{ kind: 'sent' }, { kind: 'unreachable' }] },
  serialize: (snapshot) => JSON.stringify([snapshot.value, snapshot.context]),
  states: {
    deciding: () => expect.unreachable('the machine never rests in deciding'),
    idle: ({ snapshot, pendingTimers }) => {
      expect(snapshot.context.again).toBe(false);
      expect(pendingTimers()).toEqual([]);
    },
    flushing: (world) => {
      expect(flushes(world)).toBeGreaterThan(0);
      expect(world.lastStarted('flushQueue')).toBeDefined();
    },
    waiting: ({ pendingTimers }) => expect(pendingTimers()).toEqual([30_000]),
    offline: ({ pendingTimers }) => expect(pendingTimers()).toEqual([]),
  },
  after: {
    'connection.offline': ({ snapshot }) => expect(snapshot.matches('offline')).toBe(true),
    'connection.online': ({ snapshot, previous }) => {
      if (previous!.matches('offline') || previous!.matches('waiting')) expect(snapshot.matches('flushing')).toBe(true);
      else expect(snapshot.value).toEqual(previous!.value);
    },
    'queue.flush': ({ snapshot, previous }) => {
      if (previous!.matches('idle')) expect(snapshot.matches('flushing')).toBe(true);
      if (previous!.matches('flushing')) expect(snapshot.context.again).toBe(true);
      if (previous!.matches('offline') || previous!.matches('waiting')) expect(snapshot.value).toEqual(previous!.value);
    },
    'done: flushQueue': ({ snapshot, previous, event }) => {
      const output = (event as { output?: { kind: string } }).output;
      if (output?.kind === 'unreachable') expect(snapshot.matches('waiting')).toBe(true);
      else if (previous!.context.again) expect(snapshot.matches('flushing')).toBe(true);
      else expect(snapshot.matches('idle')).toBe(true);
    },
    'error: flushQueue': ({ snapshot }) => expect(snapshot.matches('waiting')).toBe(true),
    'after: 30000': ({ snapshot }) => expect(snapshot.matches('flushing')).toBe(true),
  },
};
