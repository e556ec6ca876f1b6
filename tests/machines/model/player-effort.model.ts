// Model of "How hard was it?" (machines/player-effort.machine.ts): nothing is asked while the
// class plays; its end (the heart-rate summary, or none) asks for a 1–10 rating; a rating, or a
// skip with a summary, is sent with the report that ends the class (kept, kept on this device
// while offline, or refused with the server's message and Try again); a skip with nothing to send
// ends it; watching again asks again at the next end.
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { playerEffortMachine, type PlayerEffortContext } from '@machines/player-effort.machine';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, SERVER_MESSAGE, unreachable } from './outcomes';

const CLASS_ID = 'sunrise-vinyasa-flow';
const summary = { averageBpm: 132, maxBpm: 171, zoneSeconds: [60, 300, 900, 300, 0] as [number, number, number, number, number] };
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PlayerEffortContext;

export const model: MachineModel = {
  machine: playerEffortMachine,
  input: { classId: CLASS_ID },
  events: {
    'heartRate.summary': [
      { type: 'heartRate.summary', summary, seconds: 1800 },
      { type: 'heartRate.summary', summary: null, seconds: 1800 },
    ],
    'effort.rate': [
      { type: 'effort.rate', rating: 7 },
      { type: 'effort.rate', rating: 11 },
    ],
  },
  outputs: { saveEffort: [ok({ completed: true }), refused(409), refused(401), crashed, unreachable, cancelled] },
  states: {
    watching: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(false),
    asking: ({ snapshot }) => {
      expect(contextOf(snapshot).rating).toBeNull();
      expect(contextOf(snapshot).seconds).toBe(1800);
    },
    saving: ({ snapshot, lastStarted }) => {
      const { rating, summary: kept } = contextOf(snapshot);
      expect(lastStarted('saveEffort')?.input).toEqual({ classId: CLASS_ID, seconds: 1800, rating, heartRate: kept });
      expect(rating !== null || kept !== null).toBe(true);
    },
    saved: ({ snapshot }) => expect(contextOf(snapshot).notice).toBeNull(),
    savedOnDevice: ({ snapshot }) => expect(contextOf(snapshot).notice).toBeNull(),
    failed: ({ snapshot }) => expect(contextOf(snapshot).notice?.message).toEqual(expect.anything()),
    skipped: ({ snapshot }) => expect(contextOf(snapshot).notice).toBeNull(),
  },
  after: {
    'effort.rate': ({ previous, snapshot, event }) => {
      if (previous!.matches('asking')) expect(snapshot.matches('saving')).toBe(event.rating === 7);
    },
    'done: saveEffort': ({ snapshot, event }) => {
      const out = event.output as { kind: string; status?: number };
      if (out.kind === 'failed' && out.status === 409) expect(contextOf(snapshot).notice?.message).toBe(`${SERVER_MESSAGE} (409)`);
    },
    replay: ({ snapshot }) => expect(snapshot.matches('watching')).toBe(true),
    startOver: ({ snapshot }) => expect(snapshot.matches('watching')).toBe(true),
  },
};
